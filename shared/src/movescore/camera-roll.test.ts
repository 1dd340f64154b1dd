import { describe, expect, it } from 'vitest';
import { frameRoll, RollEstimator, unrolled } from './camera-roll.js';
import { KEYPOINT_INDEX, KEYPOINT_NAMES, type TKeypointName } from './take.js';

/** A frame's keypoints as columns (NaN where not given), turned by `degrees` about the origin. */
function columns(points: Partial<Record<TKeypointName, [number, number]>>, degrees = 0) {
  const [x, y] = [new Float64Array(KEYPOINT_NAMES.length).fill(Number.NaN), new Float64Array(KEYPOINT_NAMES.length).fill(Number.NaN)];
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  for (const [name, [px, py]] of Object.entries(points)) {
    x[KEYPOINT_INDEX[name as TKeypointName]] = px * cos - py * sin;
    y[KEYPOINT_INDEX[name as TKeypointName]] = px * sin + py * cos;
  }
  return { x, y };
}

// Standing side-on, in units of the picture's height (y downwards).
const STANDING = {
  left_shoulder: [0.5, 0.3],
  left_hip: [0.5, 0.55],
  left_knee: [0.52, 0.75],
  left_ankle: [0.5, 0.95],
} as const;
const SQUATTING = { ...STANDING, left_hip: [0.4, 0.6], left_knee: [0.6, 0.65] } as const;

describe('camera roll told from the body', () => {
  it('reads a standing body turned by the camera as the turn, and nothing from a bent or level one', () => {
    expect(frameRoll(columns(STANDING).x, columns(STANDING).y)).toBeCloseTo(0, 6);
    for (const degrees of [-10, -5, 5, 10]) {
      const { x, y } = columns(STANDING, degrees);
      expect(frameRoll(x, y)).toBeCloseTo(degrees, 6);
    }
    expect(frameRoll(columns(SQUATTING).x, columns(SQUATTING).y)).toBeNaN();
    const lying = { left_shoulder: [0.2, 0.8], left_hip: [0.5, 0.82], left_knee: [0.7, 0.84], left_ankle: [0.9, 0.86] } as const;
    expect(frameRoll(columns(lying).x, columns(lying).y)).toBeNaN();
  });

  it('takes the median of the readings so far, 0 before any, and turns keypoints back by it', () => {
    const estimator = new RollEstimator();
    expect(estimator.push(columns(SQUATTING).x, columns(SQUATTING).y)).toBe(0);
    for (const degrees of [8, 10, 30.5, 9]) estimator.push(columns(STANDING, degrees).x, columns(STANDING, degrees).y);
    expect(estimator.roll).toBeCloseTo(9, 6);
    const { x, y } = columns(STANDING, 9);
    unrolled(x, y, estimator.roll, x, y);
    const level = columns(STANDING);
    expect(x[KEYPOINT_INDEX.left_knee]).toBeCloseTo(level.x[KEYPOINT_INDEX.left_knee]!, 6);
    expect(y[KEYPOINT_INDEX.left_knee]).toBeCloseTo(level.y[KEYPOINT_INDEX.left_knee]!, 6);
  });
});

describe('camera roll median', () => {
  it("is the median of any readings, however they come, and 0 under 2° (a person's own lean)", () => {
    const leaning = new RollEstimator();
    expect(leaning.push(columns(STANDING, 1.5).x, columns(STANDING, 1.5).y)).toBe(0);
    expect(leaning.push(columns(STANDING, -2.5).x, columns(STANDING, -2.5).y)).toBeCloseTo(-2.5, 6);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 50 - 25;
    const estimator = new RollEstimator();
    const readings: number[] = [];
    for (let index = 0; index < 300; index += 1) {
      const degrees = Math.round(random() * 10) / 10;
      readings.push(degrees);
      estimator.push(columns(STANDING, degrees).x, columns(STANDING, degrees).y);
      const sorted = [...readings].sort((a, b) => a - b);
      const median = sorted[Math.ceil(sorted.length / 2) - 1]!;
      expect(estimator.roll).toBeCloseTo(Math.abs(median) < 1.95 ? 0 : median, 6);
    }
  });
});
