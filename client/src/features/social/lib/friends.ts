/** The people a user has practised with, from the `together` records of their own stat sessions. */
import type { TActivity, TRoutine, TUserStatSession } from '@movelab/shared';

export type TPracticeFriend = {
  uid: string;
  /** The name they had the last time (someone may rename themselves). */
  name: string;
  /** When the last practice together was saved (ISO). */
  lastPractisedAt: string;
  /** How many practices together (distinct group sessions). */
  times: number;
};

/** Distinct by uid, newest practice together first; the user themself is never their own friend. */
export function practiceFriends(sessions: readonly TUserStatSession[], ownUid: string): TPracticeFriend[] {
  const friends = new Map<string, TPracticeFriend & { groups: Set<string> }>();
  const newestFirst = [...sessions].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  for (const session of newestFirst) {
    for (const person of session.together?.people ?? []) {
      if (person.uid === ownUid) continue;
      const known = friends.get(person.uid);
      if (known) known.groups.add(session.together!.groupId);
      else
        friends.set(person.uid, {
          uid: person.uid,
          name: person.name,
          lastPractisedAt: session.createdAt,
          times: 0,
          groups: new Set([session.together!.groupId]),
        });
    }
  }
  return [...friends.values()].map(({ groups, ...friend }) => ({ ...friend, times: groups.size }));
}

/** A friend's name as the page shows it ('A friend' when they had none). */
export const friendName = (friend: Pick<TPracticeFriend, 'name'>) => friend.name.trim() || 'A friend';

/** The routines to invite to, under their activity: activities by name, each with its routines by name; none without routines. */
export type TRoutineChoices = { activity: TActivity; routines: TRoutine[] }[];

export function routineChoices(activities: readonly TActivity[], routines: readonly TRoutine[]): TRoutineChoices {
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return [...activities]
    .sort(byName)
    .map((activity) => ({ activity, routines: routines.filter((routine) => routine.activityId === activity.id).sort(byName) }))
    .filter((choice) => choice.routines.length > 0);
}
