import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActivity } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { loadExisting } from '@/lib/load-by-ids';
import { queryKeys } from '@/lib/query-keys';

/** The activities the user added; ids whose activity was deleted are skipped. */
export function getUserActivities(backend: TBackend, ids: readonly string[]): Promise<TActivity[]> {
  return loadExisting(ids, (id) => backend.catalog.getActivity(id));
}

export function getUserActivitiesQueryOptions(backend: TBackend, ids: readonly string[]) {
  return queryOptions({ queryKey: queryKeys.activities.byIds(ids), queryFn: () => getUserActivities(backend, ids) });
}

/** `select` shapes the list for display; the cache keeps the documents. */
export function useUserActivities<T = TActivity[]>(ids: readonly string[], select?: (items: TActivity[]) => T) {
  const backend = useBackend();
  return useQuery({ ...getUserActivitiesQueryOptions(backend, ids), enabled: ids.length > 0, select });
}
