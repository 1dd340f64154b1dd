import type { TCatalogPort } from '../port';
import { orNull, type TApiClient } from './client';

export function createEmbeddedCatalog(api: TApiClient): TCatalogPort {
  return {
    listCategories: () => api.call('listCategories'),
    createCategory: (input) => api.call('createCategory', { body: input }),
    updateCategory: (categoryId, update) => api.call('updateCategory', { params: { categoryId }, body: update }),
    deleteCategory: (categoryId) => api.call('deleteCategory', { params: { categoryId } }),
    listActivities: (options = {}) => api.call('listActivities', { query: options }),
    countActivities: async () => (await api.call('countActivities')).count,
    getActivity: (activityId) => orNull(api.call('getActivity', { params: { activityId } })),
    createActivity: (input) => api.call('createActivity', { body: input }),
    updateActivity: (activityId, update) => api.call('updateActivity', { params: { activityId }, body: update }),
    deleteActivity: (activityId, children = 'block') =>
      api.call('deleteActivity', { params: { activityId }, query: { children } }),
    uploadActivityImage: (activityId, file, onProgress) =>
      api.upload('uploadActivityImage', { activityId }, file, onProgress),

    listMovements: (activityId) => api.call('listMovements', { query: { activityId } }),
    getMovement: (movementId) => orNull(api.call('getMovement', { params: { movementId } })),
    createMovement: (input) => api.call('createMovement', { body: input }),
    updateMovement: (movementId, update) => api.call('updateMovement', { params: { movementId }, body: update }),
    deleteMovement: (movementId) => api.call('deleteMovement', { params: { movementId } }),

    listRoutines: (activityId) => api.call('listRoutines', { query: activityId ? { activityId } : {} }),
    getRoutine: (routineId) => orNull(api.call('getRoutine', { params: { routineId } })),
    createRoutine: (input) => api.call('createRoutine', { body: input }),
    updateRoutine: (routineId, update) => api.call('updateRoutine', { params: { routineId }, body: update }),
    deleteRoutine: (routineId) => api.call('deleteRoutine', { params: { routineId } }),

    createRoutineCompletion: (input) => api.call('createRoutineCompletion', { body: input }),
    listRoutineCompletions: (limit) => api.call('listRoutineCompletions', { query: limit ? { limit } : {} }),
    createUserStatSession: (input) => api.call('createUserStatSession', { body: input }),
    listUserStatSessions: (limit) => api.call('listUserStatSessions', { query: limit ? { limit } : {} }),
    listHistory: (query) => api.call('listHistory', { query }),
    getHistoryItem: (kind, id) => api.call('getHistoryItem', { params: { kind, id } }),
    deleteHistoryItem: (kind, id) => api.call('deleteHistoryItem', { params: { kind, id } }),
  };
}
