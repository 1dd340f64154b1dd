import {
  APP_ERRORS,
  COLLECTIONS,
  STORAGE_PATHS,
  type TActivity,
  type TActivityCategory,
  type TMovement,
  type TRoutine,
  type TRoutineCompletion,
  type TUserStatSession,
  ZActivity,
  ZRoutineCompletion,
  ZUserStatSession,
} from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { FileStore } from '../files/store.js';
import type { THandlers } from './api.js';
import { badRequest, conflict } from '../errors.js';
import type { TSaveLimit } from '../http/rate-limit.js';

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
  const categories = new Collection<TActivityCategory>(docs, COLLECTIONS.activityCategories, '', 'Category');
  const activities = new Collection<TActivity>(docs, COLLECTIONS.activities, '', 'Activity', ZActivity);
  const movements = new Collection<TMovement>(docs, COLLECTIONS.movements, '', 'Movement');
  const routines = new Collection<TRoutine>(docs, COLLECTIONS.routines, '', 'Routine');
  const completions = new Collection<TRoutineCompletion>(docs, COLLECTIONS.routineCompletion, '', 'Routine completion', ZRoutineCompletion);
  const statSessions = new Collection<TUserStatSession>(docs, COLLECTIONS.userStatSessions, '', 'Session', ZUserStatSession);

  const requireParent = <T extends { id: string }>(collection: Collection<T>, id: string | undefined, what: string) => {
    if (id !== undefined && !collection.get(id)) throw badRequest(`No ${what} with id ${id}`);
  };
  /** A user's own completion or session: a client id taken by someone else's is refused. */
  const isCallers = (caller: { uid: string }) => (existing: { userId: string }) => existing.userId === caller.uid;
  const childrenOf = (activityId: string) => [
    ...movements.list({ where: { activityId } }).map((m) => () => movements.remove(m.id)),
    ...routines.list({ where: { activityId } }).map((r) => () => routines.remove(r.id)),
  ];

  return {
    listCategories: () => categories.list({ orderBy: 'order' }),
    createCategory: ({ body }) => categories.create(body),
    updateCategory: ({ params, body }) => categories.update(params.categoryId, body),
    deleteCategory: ({ params }) =>
      docs.transaction(() => {
        categories.require(params.categoryId);
        if (
          activities.list({
            where: { categoryId: params.categoryId },
            limit: 1,
          }).length > 0
        ) {
          throw conflict(APP_ERRORS.hasChildren, 'This category still has activities');
        }
        categories.remove(params.categoryId);
      }),

    listActivities: ({ query }) =>
      activities.list({
        orderBy: 'nameLowercase',
        prefix: query.prefix ? query.prefix.toLowerCase() : undefined,
        where: query.categoryId ? { categoryId: query.categoryId } : undefined,
        limit: query.limit,
      }),
    countActivities: () => ({ count: activities.count() }),
    getActivity: ({ params }) => activities.require(params.activityId),
    createActivity: ({ body }) => {
      requireParent(categories, body.categoryId, 'category');
      return activities.create({
        ...body,
        nameLowercase: body.name.toLowerCase(),
      });
    },
    updateActivity: ({ params, body }) => {
      requireParent(categories, body.categoryId, 'category');
      const patch = body.name !== undefined ? { ...body, nameLowercase: body.name.toLowerCase() } : body;
      return activities.update(params.activityId, patch);
    },
    deleteActivity: ({ params, query }) =>
      docs.transaction(() => {
        const activityId = params.activityId;
        activities.require(activityId);
        const children = childrenOf(activityId);
        if (children.length > 0 && query.children !== 'cascade') {
          throw conflict(APP_ERRORS.hasChildren, 'This activity still has movements or routines: pass children=cascade');
        }
        children.forEach((remove) => remove());
        activities.remove(activityId);
        files.remove(STORAGE_PATHS.activityImage(activityId));
      }),
    uploadActivityImage: ({ params, body }) => {
      const activityId = params.activityId;
      activities.require(activityId);
      return activities.update(activityId, {
        imageUrl: files.saveImage(STORAGE_PATHS.activityImage(activityId), body),
      });
    },

    listMovements: ({ query }) =>
      movements.list({
        where: { activityId: query.activityId },
        orderBy: 'name',
      }),
    getMovement: ({ params }) => movements.require(params.movementId),
    createMovement: ({ body }) => {
      requireParent(activities, body.activityId, 'activity');
      return movements.create(body);
    },
    updateMovement: ({ params, body }) => {
      requireParent(activities, body.activityId, 'activity');
      return movements.update(params.movementId, body);
    },
    deleteMovement: ({ params }) => movements.remove(params.movementId),

    listRoutines: ({ query }) =>
      routines.list({
        where: query.activityId ? { activityId: query.activityId } : undefined,
        orderBy: 'name',
      }),
    getRoutine: ({ params }) => routines.require(params.routineId),
    createRoutine: ({ body }) => {
      requireParent(activities, body.activityId, 'activity');
      return routines.create(body);
    },
    updateRoutine: ({ params, body }) => {
      requireParent(activities, body.activityId, 'activity');
      return routines.update(params.routineId, body);
    },
    deleteRoutine: ({ params }) => routines.remove(params.routineId),

    createRoutineCompletion: async ({ caller, body: { id: clientId, ...fields } }) =>
      (
        await completions.createOnceGated(clientId, { ...fields, userId: caller.uid, completedAt: new Date().toISOString() }, isCallers(caller), () =>
          limitSave(caller.uid),
        )
      ).document,
    listRoutineCompletions: ({ caller, query }) =>
      completions.list({
        where: { userId: caller.uid },
        orderBy: 'completedAt',
        isDescending: true,
        limit: query.limit,
      }),
    createUserStatSession: async ({ caller, body: { id: clientId, ...fields } }) => {
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
