import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';

/** users/{uid}, or null when the record does not exist yet. */
export function getUser(backend: TBackend, uid: string): Promise<TUser | null> {
  return backend.users.getUser(uid);
}

export function getUserQueryOptions(backend: TBackend, uid: string) {
  return queryOptions({ queryKey: queryKeys.users.detail(uid), queryFn: () => getUser(backend, uid) });
}

export function useUser(uid: string) {
  const backend = useBackend();
  return useQuery(getUserQueryOptions(backend, uid));
}
