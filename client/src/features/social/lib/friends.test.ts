import type { TActivity, TRoutine, TUserStatSession } from '@movelab/shared';
import { describe, expect, it } from 'vitest';
import { practiceFriends, routineChoices } from './friends';

const session = (createdAt: string, together?: { groupId: string; people: [string, string][] }): TUserStatSession => ({
  id: `s-${createdAt}`,
  userId: 'me',
  kind: 'practice',
  activityId: null,
  routineId: null,
  startedAt: createdAt,
  durationMs: 1000,
  reps: 3,
  score: null,
  createdAt,
  ...(together && { together: { groupId: together.groupId, people: together.people.map(([uid, name]) => ({ uid, name })) } }),
});

describe('practiceFriends', () => {
  it('lists each person once, newest practice together first, with how many sessions and their latest name', () => {
    const friends = practiceFriends(
      [
        session('2026-03-01T10:00:00.000Z', {
          groupId: 'g1',
          people: [
            ['ann', 'Ann'],
            ['bo', 'Bo'],
          ],
        }),
        session('2026-03-05T10:00:00.000Z', { groupId: 'g2', people: [['bo', 'Bo B.']] }),
        session('2026-03-04T10:00:00.000Z'),
        session('2026-03-03T10:00:00.000Z', {
          groupId: 'g3',
          people: [
            ['cy', 'Cy'],
            ['ann', 'Ann'],
          ],
        }),
      ],
      'me',
    );
    expect(friends).toEqual([
      { uid: 'bo', name: 'Bo B.', lastPractisedAt: '2026-03-05T10:00:00.000Z', times: 2 },
      { uid: 'cy', name: 'Cy', lastPractisedAt: '2026-03-03T10:00:00.000Z', times: 1 },
      { uid: 'ann', name: 'Ann', lastPractisedAt: '2026-03-03T10:00:00.000Z', times: 2 },
    ]);
  });

  it('counts one group session once (two entries saved for it), and never lists the user', () => {
    const friends = practiceFriends(
      [
        session('2026-03-02T10:00:00.000Z', {
          groupId: 'g1',
          people: [
            ['ann', 'Ann'],
            ['me', 'Me'],
          ],
        }),
        session('2026-03-01T10:00:00.000Z', { groupId: 'g1', people: [['ann', 'Ann']] }),
      ],
      'me',
    );
    expect(friends).toEqual([{ uid: 'ann', name: 'Ann', lastPractisedAt: '2026-03-02T10:00:00.000Z', times: 1 }]);
  });

  it('has nobody without a practice done together', () => {
    expect(practiceFriends([session('2026-03-01T10:00:00.000Z')], 'me')).toEqual([]);
  });
});

describe('routineChoices', () => {
  const activity = (id: string, name: string) => ({ id, name }) as TActivity;
  const routine = (id: string, activityId: string, name: string) => ({ id, activityId, name }) as TRoutine;

  it('groups routines under their activity, both by name, leaving out activities without routines', () => {
    const choices = routineChoices(
      [activity('yoga', 'Yoga'), activity('run', 'Running'), activity('str', 'Bodyweight strength')],
      [routine('r2', 'str', 'Upper body'), routine('r1', 'str', 'Full-body starter'), routine('r3', 'yoga', 'Morning flow')],
    );
    expect(choices.map(({ activity: a, routines }) => [a.name, routines.map((r) => r.name)])).toEqual([
      ['Bodyweight strength', ['Full-body starter', 'Upper body']],
      ['Yoga', ['Morning flow']],
    ]);
  });
});
