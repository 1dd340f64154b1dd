import { describe, expect, it } from 'vitest';
import { isToldFrom, referencePostureError, repFaultFrom, takeFeedback, unsaidRepFaults } from './feedback.js';
import { repFault } from './feedback-words.js';
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

const squat = buildReference(generateTake({ reps: 3, seed: 41 }), { kind: 'squat' });

/** A full-depth squat rep whose worst deviation is one knee lower than the other at the bottom (the reference keeps them level), with its own fault. */
const repWithKneeDrop = (index: number): TRepScore => {
  const worst: TDeviation = { feature: 'knee_gap', phase: 'bottom', deltaDeg: 25, mode: 'posture', excessDeg: 10 };
  return {
    score: 0.5,
    shapeScore: 0.5,
    distanceDeg: 10,
    rangeRatio: 1,
    depthDeg: squat.extreme,
    startMs: index * 2000,
    endMs: index * 2000 + squat.repMs.mean,
    durationMs: squat.repMs.mean,
    worst,
    fault: repFault(squat, 1, worst),
    deviations: [worst],
  };
};

describe('a cue said once, and only where the camera can see it', () => {
  const kneeDrops = /^One knee drops at the bottom where the reference keeps them level/;

  it('says "One knee drops" once for the take, with its reps, and no rep card repeats it', () => {
    const reps = [0, 1, 2].map(repWithKneeDrop);
    expect(reps[0]!.fault).toMatch(kneeDrops);
    const lines = takeFeedback(scoringContext(squat), reps, [], [], 1, 'facing');
    expect(lines.filter((line) => kneeDrops.test(line.text))).toHaveLength(1);
    expect(lines.find((line) => kneeDrops.test(line.text))?.reps).toEqual([0, 1, 2]);
    expect(unsaidRepFaults(squat, reps, lines)).toEqual([null, null, null]);
  });

  it('keeps a rep’s own fault on its card where the take’s feedback does not say it for that rep', () => {
    // One rep of four drops a knee: under a third of the reps, so the take's feedback leaves it to the rep.
    const good = (index: number): TRepScore => ({ ...repWithKneeDrop(index), worst: null, fault: null, deviations: [], score: 0.9 });
    const reps = [good(0), repWithKneeDrop(1), good(2), good(3)];
    const lines = takeFeedback(scoringContext(squat), reps, [], [], 1, 'facing');
    expect(lines.some((line) => kneeDrops.test(line.text))).toBe(false);
    expect(unsaidRepFaults(squat, reps, lines)).toEqual([null, reps[1]!.fault, null, null]);
  });

  it('does not say a knee drops from a side view, where the knees are one behind the other', () => {
    const reps = [0, 1, 2].map(repWithKneeDrop);
    expect(isToldFrom(reps[0]!.worst, 'side')).toBe(false);
    expect(isToldFrom(reps[0]!.worst, 'facing')).toBe(true);
    expect(isToldFrom(reps[0]!.worst, null)).toBe(true);
    const lines = takeFeedback(scoringContext(squat), reps, [], [], 1, 'side');
    expect(lines.map((line) => line.text).filter((text) => /knee/i.test(text))).toEqual([]);
    expect(reps.map((rep) => repFaultFrom(squat, rep, 'side'))).toEqual([null, null, null]);
  });
});

describe("the shoulder press's named faults", () => {
  const press = buildReference(generateTake({ movement: 'press', reps: 3, yaw: 0.05, seed: 44 }), { kind: 'shoulder-press' });
  const at = (feature: TDeviation['feature'], phase: TDeviation['phase'], deltaDeg: number, excessDeg: number): TDeviation => ({
    feature,
    phase,
    deltaDeg,
    mode: feature === 'back_lean' ? 'limit' : 'posture',
    excessDeg,
  });
  /** A full-range press rep with these deviations, its worst the first (none: a good rep). */
  const rep = (index: number, deviations: TDeviation[]): TRepScore => ({
    score: deviations.length > 0 ? 0.7 : 1,
    shapeScore: deviations.length > 0 ? 0.7 : 1,
    distanceDeg: 5,
    rangeRatio: 1,
    depthDeg: press.extreme,
    startMs: index * 2500,
    endMs: index * 2500 + press.repMs.mean,
    durationMs: press.repMs.mean,
    worst: deviations[0] ?? null,
    fault: repFault(press, 1, deviations[0] ?? null),
    deviations,
  });
  const lockOut = at('elbow', 'bottom', -30, 15);
  const leanBack = at('back_lean', 'bottom', 20, 10);

  it('names each fault once with the reps it is in, also where it is not the worst of a rep, and no card repeats it', () => {
    const reps = [rep(0, []), rep(1, [lockOut]), rep(2, [lockOut, leanBack]), rep(3, [leanBack]), rep(4, [])];
    expect(reps[1]!.fault).toBe('Straighten your arms fully overhead: your elbows stay about 30° bent at the top');
    const lines = takeFeedback(scoringContext(press), reps, [], [], 1, 'side');
    expect(lines.map((line) => [line.text, line.reps])).toEqual([
      ['Straighten your arms fully overhead: your elbows stay about 30° bent at the top of reps 2-3', [1, 2]],
      ["Keep your back straight: don't lean back as you press (about 20° back at the top of reps 3-4)", [2, 3]],
    ]);
    expect(unsaidRepFaults(press, reps, lines)).toEqual([null, null, null, null, null]);
  });

  it('does not name a fault within its band, nor one going the other way (elbows further back than the reference’s)', () => {
    const within = [rep(0, [at('elbow', 'bottom', -14, 1.5)]), rep(1, [at('elbow_forward', 'down', -20, 10)]), rep(2, [])];
    const lines = takeFeedback(scoringContext(press), within, [], [], 1, 'side').map((line) => line.text);
    expect(lines.join(' | ')).not.toMatch(/Straighten|Keep your elbows under/);
    expect(within[1]!.fault).toBe("Elbows about 20° further back than the reference's on the way down: keep them on the reference's path");
  });
});

describe('reference posture check', () => {
  /** The push-up reference with its body line read at `sagDeg` throughout (positive: hips below the line). */
  const withBodyLine = (sagDeg: number) => ({
    ...pushUp,
    template: pushUp.template.map((row, f) => (pushUp.features[f] === 'hip_sag' ? row.map(() => sagDeg) : row)),
  });

  it('refuses a push-up reference whose hips sag or pike beyond the band from a straight line, naming which and how far', () => {
    expect(pushUp.features).toContain('hip_sag');
    expect(referencePostureError(withBodyLine(20))).toBe(
      'In this video the hips sag about 20° below a straight body line through the reps: a reference shows the movement done well, and everyone is scored against it. Record it again done cleanly, with the whole body in view.',
    );
    expect(referencePostureError(withBodyLine(-31))).toMatch(/^In this video the hips pike about 30° above a straight body line/);
  });

  it('refuses a push-up reference whose held posture changes by more than 40° within the rep (the pose lost for part of it)', () => {
    const knee = pushUp.features.indexOf('knee');
    expect(knee).toBeGreaterThanOrEqual(0);
    const lost = { ...pushUp, template: pushUp.template.map((row, f) => (f === knee ? row.map((value, i) => (i < 10 ? 100 : value)) : row)) };
    expect(referencePostureError(lost)).toMatch(
      /^In this video the angle of the knees changes about \d+° within a rep, where this movement holds it: a reference shows the movement done well/,
    );
    const wobble = { ...pushUp, template: pushUp.template.map((row, f) => (f === knee ? row.map((value, i) => value - (i % 2) * 15) : row)) };
    expect(referencePostureError(wobble)).toBeNull();
    const lift = pushUp.features.indexOf('knee_lift');
    const kneesLost = {
      ...pushUp,
      template: pushUp.template.map((row, f) => (f === lift ? row.map((value, i) => (i < 10 ? value + 60 : value)) : row)),
    };
    expect(referencePostureError(kneesLost)).toMatch(
      /^In this video the knees' height above the hands changes about \d+° within a rep, where this movement holds it/,
    );
  });

  it('accepts a body line within the band (8.4°) of straight, and movements with no ideal posture', () => {
    expect(referencePostureError(withBodyLine(0))).toBeNull();
    expect(referencePostureError(withBodyLine(8))).toBeNull();
    expect(referencePostureError(withBodyLine(-8))).toBeNull();
    expect(referencePostureError({ ...withBodyLine(30), kind: 'custom' })).toBeNull();
  });

  it('refuses a knee push-up reference whose knees stay off the floor, and keeps one on the knees', () => {
    const onToes = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 44 }), { kind: 'knee-push-up' });
    expect(referencePostureError(onToes)).toMatch(
      /^In this video the knees are about \d+° off the floor through the reps: a reference shows the movement done well/,
    );
    const onKnees = buildReference(generateTake({ movement: 'knee-pushup', reps: 3, yaw: 0.2, seed: 45 }), { kind: 'knee-push-up' });
    expect(referencePostureError(onKnees)).toBeNull();
  });
});
