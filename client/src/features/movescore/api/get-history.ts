import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { STAT_SESSIONS_LIMIT, useStatSessions } from '@/lib/api/stat-sessions';
import { queryKeys } from '@/lib/query-keys';

/** How much history the recap reads: the last 200 analyses and stat sessions. */
export const RECAP_HISTORY_LIMIT = STAT_SESSIONS_LIMIT;

/** The user's analyses and stat sessions (newest first) for the profile recap. */
export function useRecapHistory(uid: string) {
  const backend = useBackend();
  const analyses = useQuery({
    queryKey: queryKeys.users.videoAnalyses(uid, RECAP_HISTORY_LIMIT),
    queryFn: () => backend.users.loadVideoAnalyses(uid, RECAP_HISTORY_LIMIT),
  });
  const statSessions = useStatSessions(uid);
  return { analyses, statSessions };
}
