import { describe, expect, it } from 'vitest';
import { doneOfTarget, practiceLabel, practiceOutcome, stepStatus } from './outcome';
import { initialPractice, practiceReducer, type TPlanStep, type TPracticeAction } from './step-machine';

const squat: TPlanStep = { movementId: 'squat', name: 'Squat', targetReps: 12, restSeconds: 0 };
const plank: TPlanStep = { movementId: 'plank', name: 'Plank', targetSeconds: 30, restSeconds: 0 };
const deadBug: TPlanStep = { movementId: 'dead-bug', name: 'Dead bug', targetReps: 2, restSeconds: 0 };
const run = (steps: TPlanStep[], actions: TPracticeAction[]) => actions.reduce(practiceReducer, initialPractice(steps));
const begin: TPracticeAction[] = [{ type: 'start' }, { type: 'countdown-done' }];

describe('practice outcome', () => {
  it('praises only a plan done to its every target', () => {
    const state = run([squat, deadBug], [...begin, { type: 'reps', count: 12 }, { type: 'countdown-done' }, { type: 'reps', count: 2 }]);
    expect(practiceOutcome(state)).toEqual({ isComplete: true, heading: 'Well done', steps: '2 of 2 steps done' });
    expect(practiceLabel('Legs', state, 14)).toBe('Legs, 14 reps');
  });

  it('a short set says what was done against its target', () => {
    const state = run([squat], [...begin, { type: 'reps', count: 2 }, { type: 'finish' }]);
    expect(practiceOutcome(state)).toEqual({
      isComplete: false,
      heading: 'Set finished: 2 of 12 reps',
      steps: '0 of 1 step done, 1 step ended early',
    });
    expect(stepStatus(state, 0)).toBe('ended early');
    expect(practiceLabel('Squat', state, 2)).toBe('Squat, 2 reps (0 of 1 step done, 1 step ended early)');
    // The first set of a routine, ended there: the set is what there is to say.
    const routine = run([squat, plank, deadBug], [...begin, { type: 'reps', count: 2 }, { type: 'finish' }]);
    expect(practiceOutcome(routine)).toEqual({
      isComplete: false,
      heading: 'Set finished: 2 of 12 reps',
      steps: '0 of 3 steps done, 1 step ended early, 2 steps not reached',
    });
  });

  it('a step skipped with Next step is named, and so are the steps never reached', () => {
    const skipped = run(
      [plank, deadBug],
      [...begin, { type: 'tick', ms: 2_400 }, { type: 'skip' }, { type: 'countdown-done' }, { type: 'reps', count: 2 }],
    );
    expect(practiceOutcome(skipped)).toEqual({
      isComplete: false,
      heading: 'Session finished: 1 of 2 steps done',
      steps: '1 of 2 steps done, 1 step skipped',
    });
    expect([stepStatus(skipped, 0), stepStatus(skipped, 1)]).toEqual(['skipped', 'done']);
    expect(doneOfTarget(skipped.results[0]!)).toBe('2 of 30 s');
    const ended = run([squat, plank, deadBug], [...begin, { type: 'reps', count: 12 }, { type: 'countdown-done' }, { type: 'finish' }]);
    expect(practiceOutcome(ended).steps).toBe('1 of 3 steps done, 1 step ended early, 1 step not reached');
    expect(practiceOutcome(ended).heading).toBe('Session finished: 1 of 3 steps done');
  });
});
