import { describe, expect, it } from 'vitest';
import {
  hasRecordedWork,
  initialPractice,
  practiceReducer,
  practiceTotals,
  type TPlanStep,
  type TPracticeAction,
  type TPracticeState,
} from './step-machine';

const steps: TPlanStep[] = [
  { movementId: 'squat', name: 'Squat', targetReps: 3, restSeconds: 10 },
  { movementId: 'plank', name: 'Plank', targetSeconds: 5, restSeconds: 0 },
  { movementId: 'lunge', name: 'Lunge', targetReps: 2, restSeconds: 30 },
];
const run = (actions: TPracticeAction[], state: TPracticeState = initialPractice(steps)) => actions.reduce(practiceReducer, state);
const begin: TPracticeAction[] = [{ type: 'start' }, { type: 'countdown-done' }];

describe('practice step machine', () => {
  it('counts reps to the target, records the step with its mean score, then rests', () => {
    const state = run([
      ...begin,
      { type: 'reps', count: 1, score: 0.8 },
      { type: 'tick', ms: 1500 },
      { type: 'reps', count: 2, score: 0.6 },
      { type: 'reps', count: 3 },
    ]);
    expect(state.phase).toBe('rest');
    expect(state.restLeftMs).toBe(10_000);
    expect(state.results).toEqual([{ movementId: 'squat', targetReps: 3, reps: 3, seconds: 1.5, score: 0.7 }]);
  });

  it('rests, then counts down to the next step; a timed step ends on time and goes straight on without rest', () => {
    const afterSquats = run([...begin, { type: 'reps', count: 3 }]);
    const resting = run([{ type: 'tick', ms: 9_000 }], afterSquats);
    expect(resting.phase).toBe('rest');
    const plank = run([{ type: 'tick', ms: 1_000 }], resting);
    expect([plank.phase, plank.index]).toEqual(['countdown', 1]);
    const held = run([{ type: 'countdown-done' }, { type: 'tick', ms: 3_000 }, { type: 'tick', ms: 2_000 }], plank);
    expect([held.phase, held.index]).toEqual(['countdown', 2]);
    expect(held.results[1]).toEqual({ movementId: 'plank', targetSeconds: 5, reps: 0, seconds: 5 });
  });

  it("a timed hold's time stands still while the camera does not see it held; a step of reps keeps its clock", () => {
    const plank = run([...begin, { type: 'reps', count: 3 }, { type: 'skip' }, { type: 'countdown-done' }]);
    expect(plank).toMatchObject({ phase: 'active', index: 1 });
    const upright = run([{ type: 'tick', ms: 4_000, isHeld: false }], plank);
    expect(upright).toMatchObject({ phase: 'active', activeMs: 0, elapsedMs: 4_000 });
    const holding = run(
      [
        { type: 'tick', ms: 3_000, isHeld: true },
        { type: 'tick', ms: 1_000, isHeld: false },
      ],
      upright,
    );
    expect(holding).toMatchObject({ phase: 'active', activeMs: 3_000, elapsedMs: 8_000 });
    const squats = run([...begin, { type: 'tick', ms: 2_000, isHeld: false }]);
    expect(squats.activeMs).toBe(2_000);
  });

  it('stands still while paused: no time passes and no reps count', () => {
    const paused = run([...begin, { type: 'reps', count: 1 }, { type: 'pause' }, { type: 'tick', ms: 60_000 }, { type: 'reps', count: 2 }]);
    expect(paused).toMatchObject({ isPaused: true, reps: 1, activeMs: 0, elapsedMs: 0 });
    const resumed = run([{ type: 'resume' }, { type: 'reps', count: 2 }, { type: 'tick', ms: 100 }], paused);
    expect(resumed).toMatchObject({ isPaused: false, reps: 2, activeMs: 100 });
  });

  it('ignores a count that goes back (a new counter) and actions out of phase', () => {
    const state = run([{ type: 'reps', count: 5 }, { type: 'tick', ms: 1000 }, ...begin, { type: 'reps', count: 2 }, { type: 'reps', count: 1 }]);
    expect(state).toMatchObject({ phase: 'active', reps: 2, elapsedMs: 0 });
  });

  it('skips a step with what was done, skips a rest, and finishes early keeping the steps done', () => {
    const skipped = run([...begin, { type: 'reps', count: 1 }, { type: 'skip' }, { type: 'skip' }]);
    expect([skipped.phase, skipped.index]).toEqual(['countdown', 1]);
    expect(skipped.results[0]).toMatchObject({ movementId: 'squat', reps: 1 });
    const finished = run([{ type: 'countdown-done' }, { type: 'tick', ms: 2_000 }, { type: 'finish' }], skipped);
    expect(finished.phase).toBe('finished');
    expect(finished.results.map((result) => result.movementId)).toEqual(['squat', 'plank']);
    // The squat was skipped; the plan was ended during the plank, which was not.
    expect(finished.skipped).toEqual([0]);
    expect(practiceTotals(finished)).toEqual({ reps: 1, score: null });
    expect(run([{ type: 'start' }], finished)).toBe(finished);
  });

  it('finishes after the last step and totals reps and scores', () => {
    const state = run([
      ...begin,
      { type: 'reps', count: 3, score: 0.9 },
      { type: 'skip' },
      { type: 'countdown-done' },
      { type: 'tick', ms: 5_000 },
      { type: 'countdown-done' },
      { type: 'reps', count: 2, score: 0.5 },
    ]);
    expect(state.phase).toBe('finished');
    expect(practiceTotals(state)).toEqual({ reps: 5, score: 0.7 });
  });

  it('records nothing when every step is skipped; one rep or a held second is something', () => {
    const skipStep: TPracticeAction[] = [{ type: 'countdown-done' }, { type: 'skip' }, { type: 'skip' }];
    const skipped = run([{ type: 'start' }, ...skipStep, ...skipStep, ...skipStep]);
    expect(skipped.results).toHaveLength(3);
    expect(hasRecordedWork(skipped)).toBe(false);
    expect(hasRecordedWork(run([...begin, { type: 'reps', count: 1 }, { type: 'finish' }]))).toBe(true);
    const held = run([...begin, { type: 'skip' }, { type: 'skip' }, { type: 'countdown-done' }, { type: 'tick', ms: 1_000 }, { type: 'finish' }]);
    expect(hasRecordedWork(held)).toBe(true);
  });
});
