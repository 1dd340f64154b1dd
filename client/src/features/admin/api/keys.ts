/**
 * Admin-only query keys, built on the app's scheme ([collection, ...ids, view]) so that
 * invalidating a collection (['users'], ['activities'], ...) refreshes the admin views too.
 */
import type { TUserFilterQuery } from '@movelab/shared';
import { queryKeys } from '@/lib/query-keys';

export const adminKeys = {
  userPage: (query: TUserFilterQuery) => [...queryKeys.users.all, 'page', query] as const,
  userCount: () => [...queryKeys.users.all, 'count'] as const,
  userAnalyses: (uid: string, count: number) => [...queryKeys.users.detail(uid), 'video_analysis', count] as const,
  analysesCount: () => [...queryKeys.users.all, 'video_analysis', 'count'] as const,
  latestAnalyses: (count: number) => [...queryKeys.users.all, 'video_analysis', 'latest', count] as const,
  activityList: (prefix: string) => [...queryKeys.activities.all, 'admin-list', prefix] as const,
  activityCount: () => [...queryKeys.activities.all, 'count'] as const,
  groupCount: () => [...queryKeys.movescoreGroups.all, 'count'] as const,
  routine: (routineId: string) => [...queryKeys.routines.all, routineId] as const,
  movement: (movementId: string) => ['movements', movementId] as const,
};
