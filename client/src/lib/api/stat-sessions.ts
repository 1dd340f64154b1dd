/**
 * The user's newest stat sessions (practices and analyses), one cache entry for every screen that
 * reads them: the profile recap and the Friends page (who the user practised with).
 */
import { LIMITS } from '@movelab/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';

/** How many the screens read: the last 200. */
export const STAT_SESSIONS_LIMIT = LIMITS.videoAnalysisLoadMax;

export function statSessionsQueryOptions(backend: TBackend, uid: string) {
  return queryOptions({
    queryKey: queryKeys.users.statSessions(uid, STAT_SESSIONS_LIMIT),
    queryFn: () => backend.catalog.listUserStatSessions(STAT_SESSIONS_LIMIT),
  });
}

export function useStatSessions(uid: string) {
  const backend = useBackend();
  return useQuery(statSessionsQueryOptions(backend, uid));
}
