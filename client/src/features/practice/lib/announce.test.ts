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
      'Set done',
      'Session done. Well done!',
    ]);
    expect(chimes).toEqual(['start', 'rest-end', 'start', 'start']);
  });

  it('says nothing for a tick that changes no phase, and names the set of a movement that comes back', () => {
    const { state } = run([{ type: 'start' }, { type: 'countdown-done' }]);
    expect(practiceAnnouncement(state, practiceReducer(state, { type: 'tick', ms: 200 })).say).toEqual([]);
    expect(setLabel(state)).toBe('Set 1 of 2');
    expect(setLabel({ ...state, index: 1 })).toBeNull();
    expect(setLabel({ ...state, index: 2 })).toBe('Set 2 of 2');
  });
});
