import { describe, expect, it } from 'vitest';
import { ZVideoAnalysisInput, type TMovescoreGroup, type TMovescoreMovement, type TPerspective } from '@movelab/shared';
import { buildReference, generateTake, scoreTake } from '@movelab/shared/movescore/index';
import { analysisEntry } from '../components/analysis-result';
import { angleCurve } from '@/components/result/angle-curve';

const group: TMovescoreGroup = { id: 'squat', name: 'Squat', coverUrl: '', description: '', movementCount: 1 };
const movement: TMovescoreMovement = { id: 'bodyweight-squat', name: 'Bodyweight squat', description: '', perspectiveCount: 1 };
const perspective: TPerspective = { id: 'front', name: 'Front', view: 'front', instructions: '' };
const reference = buildReference(generateTake({ movement: 'squat', reps: 4, seed: 9 }));
const take = generateTake({ movement: 'squat', reps: 3, depth: 0.8, seed: 4 });
const result = scoreTake(reference, take);

describe('a saved analysis', () => {
  it('is a valid video_analysis entry: the spec fields plus reps, duration, source and feedback', () => {
    const entry = analysisEntry({ group, movement, perspective }, { result, take, source: 'file', startedAt: new Date().toISOString() });
    expect(ZVideoAnalysisInput.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({ groupId: 'squat', movementId: 'bodyweight-squat', perspectiveId: 'front', source: 'file', repCount: 3 });
    expect(entry.score).toBe(result.score);
    expect(entry.reps).toHaveLength(3);
    expect(entry.feedback).toEqual(result.feedback);
  });

  it('saves a take of more reps than an entry holds with its score and count, without the per-rep list', () => {
    const many = Array.from({ length: 1200 }, (_, index) => ({ ...result.reps[index % result.reps.length]! }));
    const score = many.reduce((sum, rep) => sum + rep.score, 0) / many.length;
    const entry = analysisEntry(
      { group, movement, perspective },
      { result: { ...result, reps: many, repCount: many.length, score }, take, source: 'file', startedAt: new Date().toISOString() },
    );
    expect(ZVideoAnalysisInput.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({ repCount: 1200, score });
    expect('reps' in entry).toBe(false);
  });

  it("saves a take whose form was not judged with its count, score null and no reps' scores", () => {
    const pushUp = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
    const legsHidden = generateTake({
      movement: 'pushup',
      reps: 4,
      yaw: 0.3,
      seed: 45,
      hidden: ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'],
    });
    const unseen = scoreTake(pushUp, legsHidden);
    expect(unseen.score).toBeNull();
    const entry = analysisEntry(
      { group, movement, perspective },
      { result: unseen, take: legsHidden, source: 'camera', startedAt: new Date().toISOString() },
    );
    expect(ZVideoAnalysisInput.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({ score: null, repCount: 4, feedback: unseen.feedback });
    expect('reps' in entry).toBe(false);
  });

  it('keeps every feedback line within what a saved analysis holds, cutting a longer one rather than refusing the save', () => {
    const long = `Your hips and knees were hard to make out in ${'reps 1, 3, 5 '.repeat(40)}`;
    const entry = analysisEntry(
      { group, movement, perspective },
      { result: { ...result, feedback: [long, ...result.feedback] }, take, source: 'file', startedAt: new Date().toISOString() },
    );
    expect(ZVideoAnalysisInput.parse(entry)).toEqual(entry);
    expect(entry.feedback![0]).toHaveLength(300);
    expect(entry.feedback![0]!.endsWith('…')).toBe(true);
    expect(entry.feedback!.slice(1)).toEqual(result.feedback);
  });
});

describe('the angle chart data', () => {
  it("draws the user's knee angle over the take and the reference template over each rep", () => {
    const curve = angleCurve(reference, take, result.reps);
    expect(curve.reference).toHaveLength(3);
    expect(curve.reference[0]![0]!.t).toBe(result.reps[0]!.startMs);
    expect(curve.reference[0]!.at(-1)!.t).toBeCloseTo(result.reps[0]!.endMs);
    // A squat: the knee straight at rest, bent by well over 45 degrees at the bottom.
    expect(curve.max - curve.min).toBeGreaterThan(45);
    expect(curve.user.length).toBeGreaterThan(take.frames.length / 2);
  });
});
