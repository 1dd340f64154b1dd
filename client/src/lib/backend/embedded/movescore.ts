import { RECENT_SESSIONS_COUNT } from '@movelab/shared';
import type { TMovescorePort, TUserPort } from '../port';
import { groupIdsOf, joinRecentSessions } from '../recentSessions';
import { orNull, type TApiClient } from './client';

export function createEmbeddedMovescore(api: TApiClient, users: TUserPort): TMovescorePort {
  const port: TMovescorePort = {
    listGroups: (options = {}) => api.call('listGroups', { query: options }),
    countGroups: async () => (await api.call('countGroups')).count,
    getGroup: (groupId) => orNull(api.call('getGroup', { params: { groupId } })),
    getGroupsByIds: async (ids) => (ids.length === 0 ? [] : api.call('getGroupsByIds', { body: { ids } })),
    createGroup: (input) => api.call('createGroup', { body: input }),
    updateGroup: (groupId, update) => api.call('updateGroup', { params: { groupId }, body: update }),
    deleteGroup: (groupId, children = 'block') => api.call('deleteGroup', { params: { groupId }, query: { children } }),
    uploadGroupCover: (groupId, file, onProgress) => api.upload('uploadGroupCover', { groupId }, file, onProgress),
    recountGroup: (groupId) => api.call('recountGroup', { params: { groupId } }),

    listMovements: (groupId) => api.call('listGroupMovements', { params: { groupId } }),
    getMovement: (groupId, movementId) => orNull(api.call('getGroupMovement', { params: { groupId, movementId } })),
    createMovement: (groupId, input) => api.call('createGroupMovement', { params: { groupId }, body: input }),
    updateMovement: (groupId, movementId, update) =>
      api.call('updateGroupMovement', { params: { groupId, movementId }, body: update }),
    deleteMovement: (groupId, movementId, children = 'block') =>
      api.call('deleteGroupMovement', { params: { groupId, movementId }, query: { children } }),
    recountMovement: (groupId, movementId) => api.call('recountGroupMovement', { params: { groupId, movementId } }),

    listPerspectives: (groupId, movementId) => api.call('listPerspectives', { params: { groupId, movementId } }),
    getPerspective: (groupId, movementId, perspectiveId) =>
      orNull(api.call('getPerspective', { params: { groupId, movementId, perspectiveId } })),
    createPerspective: (groupId, movementId, input) =>
      api.call('createPerspective', { params: { groupId, movementId }, body: input }),
    updatePerspective: (groupId, movementId, perspectiveId, update) =>
      api.call('updatePerspective', { params: { groupId, movementId, perspectiveId }, body: update }),
    deletePerspective: (groupId, movementId, perspectiveId) =>
      api.call('deletePerspective', { params: { groupId, movementId, perspectiveId } }),

    recentSessions: async (uid, count = RECENT_SESSIONS_COUNT) => {
      const analyses = await users.loadVideoAnalyses(uid, count);
      return joinRecentSessions(analyses, await port.getGroupsByIds(groupIdsOf(analyses)));
    },
  };
  return port;
}
