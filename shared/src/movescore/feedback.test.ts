import { describe, expect, it } from 'vitest';
import { takeFeedback } from './feedback.js';
import { scoringContext, type TDeviation, type TRepScore } from './form.js';
import { generateTake } from './generate.js';
import { buildReference } from './reference.js';

const pushUp = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });

/** A full-range rep at the reference's tempo whose worst deviation is the body line on the way up. */
const repWithHips = (deltaDeg: number, index: number): TRepScore => {
  const worst: TDeviation = { feature: 'hip_sag', phase: 'up', deltaDeg, mode: 'posture', excessDeg: Math.abs(deltaDeg) - 8.4 };
  return {
    score: 0.4,
    shapeScore: 0.4,
    distanceDeg: 10,
    rangeRatio: 1,
    depthDeg: pushUp.extreme,
    startMs: index * 2000,
    endMs: index * 2000 + pushUp.repMs.mean,
    durationMs: pushUp.repMs.mean,
    worst,
    fault: null,
    deviations: [worst],
  };
};

describe('take feedback', () => {
  it('tells the hips piking in most reps and sagging in others apart, with the size and reps of the piking ones', () => {
    // Reps 1, 2 and 4 pike 33°, 30° and 107°; reps 3 and 5 sag 56° and 89°: averaged they would read as a 5° pike in every rep.
    const reps = [-33, -30, 56, -107, 89].map(repWithHips);
    const lines = takeFeedback(scoringContext(pushUp), reps, [], [], 1);
    const hips = lines.find((line) => line.features.includes('hip_sag'));
    expect(hips?.text).toBe('Hips pike about 35° on the way up in reps 1-2, 4: keep your body in a straight line');
    expect(hips?.reps).toEqual([0, 1, 3]);
    expect(hips?.phase).toBe('up');
  });

  it('names every rep when they all go the same way', () => {
    const lines = takeFeedback(scoringContext(pushUp), [20, 25, 30].map(repWithHips), [], [], 1);
    expect(lines.map((line) => line.text)).toContain('Hips sag about 25° on the way up: keep your body in a straight line');
  });
});
