import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { statSessionsQueryOptions } from '@/lib/api/stat-sessions';
import { practiceFriends } from '../lib/friends';

/** The people the user practised with, from their own stat sessions (the recap's query and cache). */
export function usePracticeFriends(uid: string) {
  const backend = useBackend();
  return useQuery({ ...statSessionsQueryOptions(backend, uid), select: (sessions) => practiceFriends(sessions, uid) });
}
