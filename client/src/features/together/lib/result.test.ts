import { describe, expect, it } from 'vitest';
import { boardOf, endedOf, GROUP, resultOf } from '../testing/fixtures';
import { historyEntry, meanScore, nextStepTimes, type TPlanView } from './result';

const plan: TPlanView = {
  name: 'Starter',
  activityId: 'strength',
  routineId: 'r1',
  steps: [
    { movementId: 'squat', name: 'Squat' },
    { movementId: 'lunge', name: 'Lunge' },
    { movementId: 'squat', name: 'Squat' },
  ],
};

describe('what a member keeps of a group session', () => {
  it('times each step from its start to the rest or the next step, by the gateway’s clock', () => {
    let times = nextStepTimes({}, boardOf({ step: 0, phase: 'countdown', startsAt: 10_000 }), 5_000);
    times = nextStepTimes(times, boardOf({ step: 0, phase: 'rest', startsAt: 10_000 }), 40_000);
    times = nextStepTimes(times, boardOf({ step: 1, phase: 'countdown', startsAt: 50_000 }), 45_000);
    expect(times).toEqual({ 0: { start: 10_000, end: 40_000 }, 1: { start: 50_000 } });
  });

  it('weights each step’s mean score by its reps, and is null when nothing was judged', () => {
    expect(
      meanScore({
        steps: [
          { reps: 3, score: 0.9 },
          { reps: 1, score: 0.5 },
          { reps: 4, score: null },
        ],
      }),
    ).toBeCloseTo(0.8);
    expect(meanScore({ steps: [{ reps: 4, score: null }] })).toBeNull();
  });

  it('saves the member’s own reps and score, with the others who practised (not the member)', () => {
    const ended = endedOf([
      resultOf('bob', [
        { reps: 10, score: 0.7 },
        { reps: 5, score: null },
      ]),
      resultOf('ann', [
        { reps: 4, score: 0.9 },
        { reps: 2, score: null },
      ]),
    ]);
    const times = { 0: { start: 10_000, end: 40_000 }, 1: { start: 50_000 } };
    const entry = historyEntry({ ended, uid: 'ann', plan, times, endedAt: 70_000, offset: 1_000, resultId: 'res1' });
    expect(entry).toMatchObject({
      uid: 'ann',
      resultId: 'res1',
      activityId: 'strength',
      routineId: 'r1',
      reps: 6,
      score: 0.9,
      durationMs: 60_000,
      startedAt: new Date(9_000).toISOString(),
      together: { groupId: GROUP, people: [{ uid: 'bob', name: 'Bob' }] },
    });
    expect(entry?.steps).toEqual([
      { movementId: 'squat', reps: 4, seconds: 30, score: 0.9 },
      { movementId: 'lunge', reps: 2, seconds: 20 },
    ]);
  });

  it('saves nothing for someone who did not practise (a watcher) or a session ended in the lobby', () => {
    const ended = endedOf([resultOf('bob', [{ reps: 10, score: 0.7 }])]);
    expect(historyEntry({ ended, uid: 'eve', plan, times: {}, endedAt: 0, offset: 0, resultId: 'r' })).toBeNull();
    expect(historyEntry({ ended: endedOf([resultOf('ann', [])]), uid: 'ann', plan, times: {}, endedAt: 0, offset: 0, resultId: 'r' })).toBeNull();
  });
});
