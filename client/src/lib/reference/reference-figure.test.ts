import { buildReference, generateTake } from '@movelab/shared/movescore/index';
import { describe, expect, it } from 'vitest';
import { deepestSample, figureExtent, framingBox, referenceFigures } from './reference-figure';

const squat = buildReference(generateTake({ movement: 'squat', reps: 4, seed: 7 }));
const pushup = buildReference(generateTake({ movement: 'pushup', reps: 4, seed: 7 }));
const press = buildReference(generateTake({ movement: 'press', reps: 4, seed: 7 }), { kind: 'shoulder-press' });
const shrug = buildReference(generateTake({ movement: 'shrug', reps: 4, seed: 7 }), { kind: 'shrug' });
// Facing the camera from the chest up: the shoulders' rise is read across them (`neck_facing`).
const chestUpShrug = buildReference(
  generateTake({
    movement: 'shrug',
    reps: 4,
    seed: 7,
    yaw: 1.3,
    hidden: ['left_hip', 'right_hip', 'left_knee', 'right_knee', 'left_ankle', 'right_ankle'],
  }),
  { kind: 'shrug' },
);

describe('reference figure', () => {
  it('poses a squat from its template: standing tall at the start, the hips lower at the bottom', () => {
    const figures = referenceFigures(squat);
    expect(figures).toHaveLength(squat.template[0]!.length);
    const hipHeights = figures.map((figure) => figure.hip.y);
    expect(hipHeights[0]!).toBeGreaterThan(0.4);
    expect(Math.min(...hipHeights)).toBeLessThan(hipHeights[0]! - 0.1);
    for (const figure of figures) expect(Math.min(...Object.values(figure).map((point) => point.y))).toBeCloseTo(0);
  });

  it("raises a press's arms overhead at the far end, from the arm's raise the reference carries", () => {
    const figures = referenceFigures(press);
    const top = figures[deepestSample(press)]!;
    expect(top.wrist.y).toBeGreaterThan(top.head.y);
    expect(figures[0]!.wrist.y).toBeLessThan(top.wrist.y - 0.1);
  });

  it("lifts a shrug's shoulders towards the head at the top, the head and the hips staying, filmed whole or from the chest up", () => {
    for (const reference of [shrug, chestUpShrug]) {
      const figures = referenceFigures(reference);
      const [start, top] = [figures[0]!, figures[deepestSample(reference)]!];
      expect(top.shoulder.y - start.shoulder.y).toBeGreaterThan(0.025);
      expect(top.wrist.y - start.wrist.y).toBeGreaterThan(0.025);
      expect(top.head.y).toBeCloseTo(start.head.y, 2);
      expect(top.hip.y).toBeCloseTo(start.hip.y, 2);
    }
  });

  it('frames a squat as a tall box and a push-up as a wide one, inside the picture', () => {
    const standing = framingBox(figureExtent(referenceFigures(squat)), 640, 480);
    const prone = framingBox(figureExtent(referenceFigures(pushup)), 640, 480);
    expect(standing.height).toBeGreaterThan(standing.width * 0.75);
    expect(prone.width * 640).toBeGreaterThan(prone.height * 480);
    for (const box of [standing, prone, framingBox(figureExtent(referenceFigures(pushup)), 480, 854)]) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.left + box.width).toBeLessThanOrEqual(1);
      expect(box.top + box.height).toBeLessThanOrEqual(1);
    }
  });

  it('finds the far end of the rep: the hips of a squat and the shoulders of a push-up at their lowest', () => {
    const lowest = (heights: number[], at: number) => heights[at]! - Math.min(...heights);
    const squatHips = referenceFigures(squat).map((figure) => figure.hip.y);
    const squatBottom = deepestSample(squat);
    expect(squatBottom).toBeGreaterThan(0);
    expect(squatBottom).toBeLessThan(squatHips.length - 1);
    expect(lowest(squatHips, squatBottom)).toBeLessThan(0.02);
    const pushupShoulders = referenceFigures(pushup).map((figure) => figure.shoulder.y);
    expect(lowest(pushupShoulders, deepestSample(pushup))).toBeLessThan(0.02);
    // Without the counted signal in the template: the middle of the rep.
    expect(deepestSample({ ...squat, features: squat.features.filter((name) => name !== squat.primary) })).toBe(Math.floor(squatHips.length / 2));
  });
});
