import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_SESSIONS_COUNT, type TRecentSession } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';

/** The user's last analyses joined with their group's name and cover (spec §7). */
export function getRecentSessions(backend: TBackend, uid: string, count = RECENT_SESSIONS_COUNT): Promise<TRecentSession[]> {
  return backend.movescore.recentSessions(uid, count);
}

export function getRecentSessionsQueryOptions(backend: TBackend, uid: string, count = RECENT_SESSIONS_COUNT) {
  return queryOptions({
    queryKey: queryKeys.users.recentSessions(uid, count),
    queryFn: () => getRecentSessions(backend, uid, count),
  });
}

export function useRecentSessions(uid: string, count = RECENT_SESSIONS_COUNT) {
  const backend = useBackend();
  return useQuery(getRecentSessionsQueryOptions(backend, uid, count));
}
