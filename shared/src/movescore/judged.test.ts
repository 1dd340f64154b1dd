import { beforeAll, describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { decidingJoints, missingParts } from './judged.js';
import { LiveRepCounter } from './live.js';
import { buildReference, type TReference } from './reference.js';
import { countReps, scoreTake } from './score.js';
import type { TKeypointName, TTake } from './take.js';

const LEGS: TKeypointName[] = ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'];
let standard: TReference;
let onKnees: TReference;
beforeAll(() => {
  standard = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
  onKnees = buildReference(generateTake({ movement: 'knee-pushup', reps: 3, yaw: 0.2, seed: 41 }), { kind: 'knee-push-up' });
});

const pushUps = (hidden: TKeypointName[] = []) => generateTake({ movement: 'pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 45, hidden });

/** The take with `names` dropped from the frames of its reps numbered in `reps` (from 0). */
function hiddenInReps(take: TTake, names: readonly string[], reps: readonly number[]): TTake {
  const found = countReps(take, 'push-up');
  const isHidden = (t: number) => reps.some((index) => t >= found[index]!.startMs && t <= found[index]!.endMs);
  return {
    ...take,
    frames: take.frames.map((frame) =>
      isHidden(frame.t) ? { ...frame, keypoints: frame.keypoints.filter((keypoint) => !names.includes(keypoint.name)) } : frame,
    ),
  };
}

describe('judging only what the camera saw', () => {
  it('names the joints that decide a movement, as the reference compares them', () => {
    expect(decidingJoints(standard)).toEqual(['hip_sag']);
    expect(decidingJoints(onKnees)).toEqual(['kneeling_sag', 'knee_lift']);
    // The body line reads the knees where the ankles are unseen: it is lost with both.
    expect(missingParts(['hip_sag'], ['ankles'])).toEqual([]);
    expect(missingParts(['hip_sag'], ['knees', 'ankles'])).toEqual(['knees', 'ankles']);
    expect(missingParts(['hip_sag'], ['hips'])).toEqual(['hips']);
  });

  it('does not judge a push-up whose knees and ankles are out of the picture: its count, the reason and what to change, no score', () => {
    const result = scoreTake(standard, pushUps(LEGS));
    expect(result.repCount).toBe(4);
    expect(result.score).toBeNull();
    expect(result.notJudged).toEqual({
      reason: 'Your knees and ankles were out of the picture in every rep',
      advice: 'Put the camera further away so your whole body is in the picture',
      features: ['hip_sag'],
      reps: [0, 1, 2, 3],
    });
    expect(result.outOfView).toEqual(['knees', 'ankles']);
    expect(result.feedback[0]).toBe(
      'Form not judged: your knees and ankles were out of the picture in every rep: put the camera further away so your whole body is in the picture',
    );
    for (const rep of result.reps) expect(rep.unseen).toContain('hip_sag');
    // Nor under the knee push-up, which is told apart by the knees.
    const underKnees = scoreTake(onKnees, pushUps(LEGS));
    expect(underKnees.score).toBeNull();
    expect(underKnees.notJudged?.features).toEqual(['kneeling_sag', 'knee_lift']);
  });

  it('judges the same push-ups with their legs in view, and with only the ankles out (the body line to the knees)', () => {
    const seen = scoreTake(standard, pushUps());
    expect(seen.notJudged).toBeNull();
    expect(seen.score).toBeGreaterThan(0.85);
    expect(seen.reps.every((rep) => rep.unseen === undefined)).toBe(true);
    const noAnkles = scoreTake(standard, pushUps(['left_ankle', 'right_ankle']));
    expect(noAnkles.notJudged).toBeNull();
    expect(noAnkles.score).toBeGreaterThan(0.85);
  });

  it('judges a take whose legs leave the picture in one rep of four, that rep without its body line, and says which', () => {
    const take = hiddenInReps(pushUps(), LEGS, [1]);
    const result = scoreTake(standard, take);
    expect(result.repCount).toBe(4);
    expect(result.notJudged).toBeNull();
    expect(result.score).toBeGreaterThan(0.85);
    expect(result.reps.map((rep) => rep.unseen ?? [])).toEqual([[], expect.arrayContaining(['hip_sag']), [], []]);
    // Under the knee push-up that rep scores at most half: nothing in it shows the knees on the floor.
    expect(scoreTake(onKnees, take).reps[1]!.untold).toBe('knee_lift');
    // In three reps of four, not judged.
    const most = scoreTake(standard, hiddenInReps(pushUps(), LEGS, [0, 1, 3]));
    expect(most.score).toBeNull();
    expect(most.notJudged).toMatchObject({ reason: 'Your knees and ankles were out of the picture in 3 of 4 reps', reps: [0, 1, 3] });
  });

  it('names the joints out of view in a rep live as the saved result does', () => {
    const take = hiddenInReps(pushUps(), LEGS, [1, 2]);
    const counter = new LiveRepCounter(standard, take);
    const live = take.frames.flatMap((frame) => counter.push(frame).rep ?? []);
    const saved = scoreTake(standard, take);
    expect(live.map((rep) => rep.unseen ?? [])).toEqual(saved.reps.map((rep) => rep.unseen ?? []));
    expect(live.filter((rep) => rep.unseen?.includes('hip_sag'))).toHaveLength(2);
  });

  it('still scores a standing movement low under a push-up: a body line not read with the legs in view is no reason to leave it unjudged', () => {
    const squats = generateTake({ movement: 'squat', reps: 4, noise: 0.01, seed: 34 });
    const result = scoreTake(standard, squats);
    expect(result.notJudged).toBeNull();
    expect(result.score ?? 1).toBeLessThan(0.5);
  });
});
