import { APP_ERRORS, COLLECTIONS, LIMITS } from '@movelab/shared';
import type { THandlers } from '../api.js';
import { conflict, notFound } from '../../errors.js';
import { requireSelf, type TUserRoutes } from './records.js';

/** The catalogue collection each user set refers to: only existing ids are added. */
const SET_TARGETS = {
  activities: [COLLECTIONS.activities, 'Activity'],
  routineSubscriptions: [COLLECTIONS.routines, 'Routine'],
} as const;

/**
 * The requests that add to or take from one's own sets (chosen activities, routine
 * subscriptions): one edit of the set, bounded by LIMITS.userSetMax.
 */
export function userSetHandlers({ docs, users }: TUserRoutes): THandlers {
  const editSet = (uid: string, field: keyof typeof SET_TARGETS, id: string, isAdding: boolean) =>
    docs.transaction(() => {
      const user = users.require(uid);
      const values = new Set(user[field]);
      if (isAdding && !values.has(id)) {
        const [collection, label] = SET_TARGETS[field];
        if (!docs.get(collection, id)) throw notFound(label);
        if (values.size >= LIMITS.userSetMax) throw conflict(APP_ERRORS.limitReached, `At most ${LIMITS.userSetMax} entries: remove one first`);
        values.add(id);
      }
      if (!isAdding) values.delete(id);
      return users.update(uid, { [field]: [...values] });
    });

  return {
    addActivity: ({ caller, params }) => editSet(requireSelf(caller, params.uid), 'activities', params.activityId, true),
    removeActivity: ({ caller, params }) => editSet(requireSelf(caller, params.uid), 'activities', params.activityId, false),
    addRoutineSubscription: ({ caller, params }) => editSet(requireSelf(caller, params.uid), 'routineSubscriptions', params.routineId, true),
  };
}
