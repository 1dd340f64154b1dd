import {
  CATALOGUE_LEVELS,
  COLLECTIONS,
  STORAGE_PATHS,
  type TActivity,
  type TActivityCategory,
  type TMovement,
  type TRoutine,
  type TRoutineCompletion,
  type TUserStatSession,
  withLowercaseName,
  ZRoutineCompletion,
  ZUserStatSession,
} from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { FileStore } from '../files/store.js';
import type { THandlers } from './api.js';
import type { TSaveLimit } from '../http/rate-limit.js';
import { fieldLevel } from './catalogue-levels.js';
import { requireNotAhead } from './client-time.js';

/**
 * Activity catalogue (categories, activities, movements, routines) and the user's practice history.
 * `limitSave` takes the caller's budget before a new completion or session is stored;
 * `onPractice` hears each finished practice once (its new stat session), for the live feed.
 */
export function catalogHandlers(
  docs: DocumentStore,
  files: FileStore,
  limitSave: TSaveLimit,
  onPractice?: (session: TUserStatSession) => Promise<void>,
): THandlers {
  const categories = fieldLevel<TActivityCategory>(docs, 'category');
  const activities = fieldLevel<TActivity>(docs, 'activity');
  const movements = fieldLevel<TMovement>(docs, 'movement');
  const routines = fieldLevel<TRoutine>(docs, 'routine');
  const completions = new Collection<TRoutineCompletion>(docs, COLLECTIONS.routineCompletion, '', 'Routine completion', ZRoutineCompletion);
  const statSessions = new Collection<TUserStatSession>(docs, COLLECTIONS.userStatSessions, '', 'Session', ZUserStatSession);

  /** A user's own completion or session: a client id taken by someone else's is refused. */
  const isCallers = (caller: { uid: string }) => (existing: { userId: string }) => existing.userId === caller.uid;

  return {
    listCategories: () => categories.list(),
    createCategory: ({ body }) => categories.create(body),
    updateCategory: ({ params, body }) => categories.update(params.categoryId, body),
    deleteCategory: ({ params }) => categories.remove(params.categoryId),

    listActivities: ({ query }) =>
      activities.collection.list({
        orderBy: CATALOGUE_LEVELS.activity.orderBy,
        prefix: query.prefix ? query.prefix.toLowerCase() : undefined,
        where: query.categoryId ? { categoryId: query.categoryId } : undefined,
        limit: query.limit,
      }),
    countActivities: () => ({ count: activities.collection.count() }),
    getActivity: ({ params }) => activities.get(params.activityId),
    createActivity: ({ body }) => activities.create(withLowercaseName(body) as Omit<TActivity, 'id'>),
    updateActivity: ({ params, body }) => activities.update(params.activityId, withLowercaseName(body)),
    deleteActivity: ({ params, query }) => {
      const activityId = params.activityId;
      activities.remove(activityId, query.children, () => files.remove(STORAGE_PATHS.activityImage(activityId)));
    },
    uploadActivityImage: ({ params, body }) => {
      const activityId = params.activityId;
      activities.get(activityId);
      return activities.update(activityId, {
        imageUrl: files.saveImage(STORAGE_PATHS.activityImage(activityId), body),
      });
    },

    listMovements: ({ query }) => movements.list(query.activityId),
    getMovement: ({ params }) => movements.get(params.movementId),
    createMovement: ({ body }) => movements.create(body),
    updateMovement: ({ params, body }) => movements.update(params.movementId, body),
    deleteMovement: ({ params }) => movements.remove(params.movementId),

    listRoutines: ({ query }) => routines.list(query.activityId || undefined),
    getRoutine: ({ params }) => routines.get(params.routineId),
    createRoutine: ({ body }) => routines.create(body),
    updateRoutine: ({ params, body }) => routines.update(params.routineId, body),
    deleteRoutine: ({ params }) => routines.remove(params.routineId),

    createRoutineCompletion: async ({ caller, body: { id: clientId, ...fields } }) => {
      requireNotAhead('startedAt', fields.startedAt);
      const created = await completions.createOnceGated(
        clientId,
        { ...fields, userId: caller.uid, completedAt: new Date().toISOString() },
        isCallers(caller),
        () => limitSave(caller.uid),
      );
      return created.document;
    },
    listRoutineCompletions: ({ caller, query }) =>
      completions.list({
        where: { userId: caller.uid },
        orderBy: 'completedAt',
        isDescending: true,
        limit: query.limit,
      }),
    createUserStatSession: async ({ caller, body: { id: clientId, ...fields } }) => {
      requireNotAhead('startedAt', fields.startedAt);
      const { document: session, isNew } = await statSessions.createOnceGated(
        clientId,
        { ...fields, userId: caller.uid, createdAt: new Date().toISOString() },
        isCallers(caller),
        () => limitSave(caller.uid),
      );
      if (isNew && session.kind === 'practice') await onPractice?.(session);
      return session;
    },
    listUserStatSessions: ({ caller, query }) =>
      statSessions.list({
        where: { userId: caller.uid },
        orderBy: 'createdAt',
        isDescending: true,
        limit: query.limit,
      }),
  };
}
