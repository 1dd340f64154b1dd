import { APP_ERRORS, STORAGE_RETRY, isMovelabError } from '@movelab/shared';
import type { TUserPort } from '../port';
import { orNull, type TApiClient } from './client';
import { withRetry } from './transfer';

export function createEmbeddedUsers(api: TApiClient): TUserPort {
  const user = (uid: string) => ({ uid });

  const createUser: TUserPort['createUser'] = (uid, data) => api.call('createUser', { params: user(uid), body: data });
  return {
    getUser: (uid) => orNull(api.call('getUser', { params: user(uid) })),
    createUser,
    // The gateway's PUT answers the record that exists, so a new sign-up asks for none first (no 404).
    loadOrCreateUser: createUser,
    countUsers: async () => (await api.call('countUsers')).count,
    updateProfile: (uid, update) => api.call('updateProfile', { params: user(uid), body: update }),
    filterUsers: (query) => api.call('filterUsers', { query }),
    setRoles: (uid, roles) => api.call('setRoles', { params: user(uid), body: { roles: roles as 'ADMIN'[] } }),
    setDisabled: (uid, disabled) => api.call('setDisabled', { params: user(uid), body: { disabled } }),
    addActivity: (uid, activityId) => api.call('addActivity', { params: { uid, activityId } }),
    removeActivity: (uid, activityId) => api.call('removeActivity', { params: { uid, activityId } }),
    uploadAvatar: async (uid, file, onProgress) => (await api.upload('uploadAvatar', user(uid), file, onProgress)).url,
    getAvatarUrl: async (uid) => {
      try {
        const answer = await withRetry(api.http.clock, STORAGE_RETRY.maxOperationRetryMs, () => api.call('getAvatarUrl', { params: user(uid) }));
        return answer.url;
      } catch (error) {
        const isMissing = isMovelabError(error) && (error.code === APP_ERRORS.storageObjectNotFound || error.status === 404);
        if (isMissing) return '';
        throw error;
      }
    },
    addRoutineSubscription: (uid, routineId) => api.call('addRoutineSubscription', { params: { uid, routineId } }),
    saveConversationId: (uid, apiRtcConversationId) => api.call('saveConversationId', { params: user(uid), body: { apiRtcConversationId } }),
    createVideoAnalysis: (uid, entry) => api.call('createVideoAnalysis', { params: user(uid), body: entry }),
    loadVideoAnalyses: (uid, count) => api.call('listVideoAnalyses', { params: user(uid), query: { limit: count } }),
    countAllVideoAnalyses: async () => (await api.call('countAllVideoAnalyses')).count,
    // The embedded gateway checks every analysis before it stores it: none is unreadable.
    latestVideoAnalyses: async (count) => ({ items: await api.call('latestVideoAnalyses', { query: { limit: count } }), unreadable: 0 }),
  };
}
