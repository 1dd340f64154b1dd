import { describe, expect, it } from 'vitest';
import { practiceAnnouncement, setLabel } from './announce';
import { initialPractice, practiceReducer, type TPlanStep, type TPracticeAction, type TPracticeState } from './step-machine';

const steps: TPlanStep[] = [
  { movementId: 'squat', name: 'Squat', targetReps: 3, restSeconds: 30 },
  { movementId: 'plank', name: 'Plank', targetSeconds: 20, restSeconds: 0 },
  { movementId: 'squat', name: 'Squat', targetReps: 3, restSeconds: 0 },
];

/** Runs the actions and collects what is said and played at each. */
function run(actions: TPracticeAction[]) {
  let state: TPracticeState = initialPractice(steps);
  const said: string[] = [];
  const chimes: string[] = [];
  for (const action of actions) {
    const next = practiceReducer(state, action);
    const announcement = practiceAnnouncement(state, next);
    said.push(...announcement.say);
    if (announcement.chime) chimes.push(announcement.chime);
    state = next;
  }
  return { said, chimes, state };
}

describe('practice announcements', () => {
  it('speaks every transition of a session: get ready, start, last rep, set done, rest, next movement, the end', () => {
    const { said, chimes } = run([
      { type: 'start' },
      { type: 'countdown-done' },
      { type: 'reps', count: 1 },
      { type: 'reps', count: 2 },
      { type: 'reps', count: 3 },
      { type: 'tick', ms: 30_000 },
      { type: 'countdown-done' },
      { type: 'pause' },
      { type: 'resume' },
      { type: 'skip' },
      { type: 'countdown-done' },
      { type: 'finish' },
    ]);
    expect(said).toEqual([
      'Get ready. Squat',
      'Start: 3 reps',
      'Last rep',
      'Set done',
      'Rest 30 seconds',
      'Next: Plank',
      'Get ready. Next movement: Plank',
      'Start: 20 seconds',
      'Paused',
      'Go on',
      'Get ready. Next movement: Squat',
      'Start: 3 reps',
      'Set ended: 0 of 3 reps',
      'Session finished: 1 of 3 steps done',
    ]);
    expect(chimes).toEqual(['start', 'rest-end', 'start', 'start']);
  });

  it('praises only a session done to its every target, and says what a skipped set did', () => {
    const complete = run([
      { type: 'start' },
      { type: 'countdown-done' },
      { type: 'reps', count: 3 },
      { type: 'skip' },
      { type: 'countdown-done' },
      { type: 'tick', ms: 20_000 },
      { type: 'countdown-done' },
      { type: 'reps', count: 3 },
    ]);
    expect(complete.said.slice(-2)).toEqual(['Set done', 'Session done. Well done!']);
    const skipped = run([{ type: 'start' }, { type: 'countdown-done' }, { type: 'reps', count: 1 }, { type: 'skip' }]);
    expect(skipped.said.slice(-3)).toEqual(['Set skipped: 1 of 3 reps', 'Rest 30 seconds', 'Next: Plank']);
    const single = initialPractice([{ movementId: 'squat', name: 'Squat', targetReps: 12, restSeconds: 0 }]);
    const active = ([{ type: 'start' }, { type: 'countdown-done' }, { type: 'reps', count: 2 }] as TPracticeAction[]).reduce(practiceReducer, single);
    const short = practiceAnnouncement(active, practiceReducer(active, { type: 'finish' }));
    expect(short.say).toEqual(['Set finished: 2 of 12 reps']);
  });

  it('says nothing for a tick that changes no phase, and names the set of a movement that comes back', () => {
    const { state } = run([{ type: 'start' }, { type: 'countdown-done' }]);
    expect(practiceAnnouncement(state, practiceReducer(state, { type: 'tick', ms: 200 })).say).toEqual([]);
    expect(setLabel(state)).toBe('Set 1 of 2');
    expect(setLabel({ ...state, index: 1 })).toBeNull();
    expect(setLabel({ ...state, index: 2 })).toBe('Set 2 of 2');
  });
});
