import {
  CATALOGUE_LEVELS,
  STORAGE_PATHS,
  type TActivity,
  type TActivityCategory,
  type TMovement,
  type TRoutine,
  withLowercaseName,
} from '@movelab/shared';
import type { DocumentStore } from '../db/documents.js';
import type { FileStore } from '../files/store.js';
import type { THandlers } from './api.js';
import { fieldLevel } from './catalogue-levels.js';

/** The activity catalogue: categories, activities (with their images), movements and routines. */
export function catalogueHandlers(docs: DocumentStore, files: FileStore): THandlers {
  const categories = fieldLevel<TActivityCategory>(docs, 'category');
  const activities = fieldLevel<TActivity>(docs, 'activity');
  const movements = fieldLevel<TMovement>(docs, 'movement');
  const routines = fieldLevel<TRoutine>(docs, 'routine');

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
  };
}
