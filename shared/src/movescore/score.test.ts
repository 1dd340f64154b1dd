import { beforeAll, describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { buildReference, type TReference } from './reference.js';
import { describeDeviation, repsLabel } from './feedback.js';
import { scoreTake } from './score.js';
import { KEYPOINT_NAMES } from './take.js';

// Push-ups and their variants are in score-push-up.test.ts; presses, raises and shrugs in score-arms.test.ts.
let squat: TReference;
beforeAll(() => {
  squat = buildReference(
    generateTake({
      movement: 'squat',
      reps: 3,
      depth: 1,
      noise: 0.005,
      seed: 21,
    }),
  );
});

describe('scoring against a full-depth reference', () => {
  it('scores good reps high and deeper reps higher than shallow ones', () => {
    const scores = [1, 0.75, 0.5].map((depth) => scoreTake(squat, generateTake({ reps: 5, depth, noise: 0.01, seed: 22 })));
    for (const result of scores) expect(result.repCount).toBe(5);
    const [full, mid, shallow] = scores.map((result) => result.score);
    expect(full).toBeGreaterThan(0.85);
    expect(full!).toBeGreaterThan(mid! + 0.2);
    expect(mid!).toBeGreaterThan(shallow! + 0.1);
    for (const rep of scores[0]!.reps) expect(rep.score).toBeGreaterThanOrEqual(0);
    expect(scores[0]!.feedback).toEqual(['Close to the reference: keep it up']);
  });

  it('is tempo-invariant: a slower or faster take of good reps still scores high, with tempo only a note after the form', () => {
    const slow = scoreTake(squat, generateTake({ reps: 4, tempo: 0.45, noise: 0.01, seed: 23 }));
    const fast = scoreTake(squat, generateTake({ reps: 4, tempo: 2.2, noise: 0.01, seed: 24 }));
    expect(slow.score).toBeGreaterThan(0.85);
    expect(fast.score).toBeGreaterThan(0.85);
    expect(slow.feedback).toEqual(['Close to the reference: keep it up', expect.stringMatching(/^Slower than the reference \(\d\.\d s a rep/)]);
    expect(fast.feedback).toEqual([
      'Close to the reference: keep it up',
      expect.stringMatching(/^Faster than the reference .*: fine while you stay in control$/),
    ]);
  });

  it('tells how much deeper to go', () => {
    const result = scoreTake(squat, generateTake({ reps: 5, depth: 0.7, noise: 0.01, seed: 25 }));
    const depth = result.feedback.find((line) => line.startsWith('Go about'));
    expect(depth).toMatch(/^Go about \d+° deeper$/);
    const degrees = Number(/about (\d+)°/.exec(depth!)![1]);
    expect(degrees).toBeGreaterThanOrEqual(20);
    expect(degrees).toBeLessThanOrEqual(45);
    // Each rep says it too; a full-depth rep has no fault.
    for (const rep of result.reps) expect(rep.fault).toMatch(/^Go about \d+° deeper$/);
    expect(scoreTake(squat, generateTake({ reps: 2, noise: 0.01, seed: 22 })).reps.map((rep) => rep.fault)).toEqual([null, null]);
  });

  it('names the joint and the phase that differ most', () => {
    // The same squats with the trunk held upright: the upper body and hips differ at the bottom.
    const result = scoreTake(squat, generateTake({ reps: 4, lean: 0, noise: 0.01, seed: 26 }));
    expect(result.repCount).toBe(4);
    const worst = result.reps[0]!.worst;
    expect(worst).not.toBeNull();
    expect(['trunk', 'hip']).toContain(worst!.feature);
    expect(worst!.feature === 'trunk' ? -worst!.deltaDeg : worst!.deltaDeg).toBeGreaterThan(15);
    expect(result.feedback.join(' ')).toMatch(
      /Your (upper body|hips) (at the far end|on the way (down|up))( of reps? [\d, -]+)?: about \d+° (more upright|straighter) than the reference/,
    );
    expect(['down', 'bottom', 'up']).toContain(worst!.phase);
    expect(describeDeviation({ feature: 'hip', phase: 'up', deltaDeg: -17 })).toBe('Your hips on the way up: about 15° more bent than the reference');
    expect(describeDeviation({ feature: 'upper_arm', phase: 'bottom', deltaDeg: 31, mode: 'limit', excessDeg: 24 }, 'the top')).toBe(
      'Keep your upper arms still: they swing about 25° more than the reference at the top',
    );
    expect(describeDeviation({ feature: 'hip', phase: 'down', deltaDeg: 30, mode: 'limit', excessDeg: 18 })).toBe(
      'Keep your hips in line with your body: they bend about 20° more than the reference on the way down',
    );
    expect(describeDeviation({ feature: 'trunk', phase: 'bottom', deltaDeg: 22 })).toBe(
      'Your upper body at the bottom: leaning about 20° further forward than the reference',
    );
  });

  it('for a squat, a trunk leaning further than the reference costs and is named; a more upright one does not', () => {
    const reference = buildReference(generateTake({ reps: 3, noise: 0.005, seed: 35 }), { kind: 'squat' });
    const collapsing = scoreTake(reference, generateTake({ reps: 4, lean: 2, noise: 0.01, seed: 36 }));
    const upright = scoreTake(reference, generateTake({ reps: 4, lean: 0, noise: 0.01, seed: 37 }));
    expect(collapsing.repCount).toBe(4);
    expect(upright.repCount).toBe(4);
    expect(upright.score).toBeGreaterThan(0.85);
    expect(collapsing.score).toBeLessThan(upright.score - 0.2);
    expect(collapsing.feedback.join(' ')).toMatch(/Keep your upper body steady: it leans about \d+° more than the reference/);
    expect(upright.feedback).toEqual(['Close to the reference: keep it up']);
  });

  it('scores standing still near 0 with no reps', () => {
    const result = scoreTake(squat, generateTake({ reps: 0, durationMs: 15_000, noise: 0.015, seed: 27 }));
    expect(result).toMatchObject({ score: 0, repCount: 0, reps: [] });
    expect(result.feedback[0]).toBe('No reps counted');
  });

  it('scores a person out of view as 0 and says what to show', () => {
    const hidden = KEYPOINT_NAMES.filter((name) => /knee|ankle/.test(name));
    const result = scoreTake(squat, generateTake({ reps: 5, hidden, seed: 28 }));
    expect(result.score).toBe(0);
    expect(result.repCount).toBe(0);
    expect(result.outOfView).toEqual(['knees', 'ankles']);
    expect(result.feedback).toContain('Nothing to count: move so your knees and ankles are visible');
  });

  it('handles dropped keypoints and gaps', () => {
    const result = scoreTake(squat, generateTake({ reps: 6, missingRate: 0.25, noise: 0.01, seed: 29 }));
    expect(result.repCount).toBe(6);
    expect(result.score).toBeGreaterThan(0.8);
    // A second-long hole mid-take: the rep under way is lost, the others still count.
    const take = generateTake({ reps: 6, noise: 0.01, seed: 30 });
    const holeStart = take.frames.findIndex((frame) => frame.t >= 5000);
    for (const frame of take.frames.slice(holeStart, holeStart + 45)) frame.keypoints = [];
    const holed = scoreTake(squat, take);
    expect(holed.repCount).toBeGreaterThanOrEqual(4);
    expect(holed.repCount).toBeLessThanOrEqual(5);
  });

  it('scores a take with one side out of view', () => {
    const hidden = KEYPOINT_NAMES.filter((name) => name.startsWith('right_'));
    const result = scoreTake(squat, generateTake({ reps: 5, hidden, noise: 0.01, seed: 31 }));
    expect(result.repCount).toBe(5);
    expect(result.score).toBeGreaterThan(0.8);
    expect(result.outOfView).toEqual([]);
  });

  it('names the reps a fault is about by their numbers, runs joined', () => {
    expect(repsLabel([1])).toBe('rep 2');
    expect(repsLabel([2, 3, 4])).toBe('reps 3-5');
    expect(repsLabel([0, 2, 3, 4, 7])).toBe('reps 1, 3-5, 8');
    // A long take's scattered reps: the first runs named, the rest counted.
    expect(repsLabel([0, 2, 4, 6, 8, 10])).toBe('reps 1, 3, 5, 7, 9, 11');
    expect(repsLabel([0, 2, 4, 6, 8, 10, 11, 12, 20])).toBe('reps 1, 3, 5, 7, 9 and 4 more');
    const scattered = repsLabel(Array.from({ length: 500 }, (_, index) => 2 * index));
    expect(scattered).toBe('reps 1, 3, 5, 7, 9 and 495 more');
  });

  it('scores a different movement low', () => {
    const pushup = buildReference(generateTake({ movement: 'pushup', reps: 3, seed: 32 }));
    const own = scoreTake(pushup, generateTake({ movement: 'pushup', reps: 4, noise: 0.01, seed: 33 }));
    const other = scoreTake(pushup, generateTake({ movement: 'squat', reps: 4, noise: 0.01, seed: 34 }));
    expect(own.score).toBeGreaterThan(0.85);
    expect(other.score).toBeLessThan(0.3);
  });
});
