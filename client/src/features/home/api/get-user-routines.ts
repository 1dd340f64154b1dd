import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoutine } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { loadExisting } from '@/lib/load-by-ids';
import { queryKeys } from '@/lib/query-keys';

/** The routines the user subscribed to; ids whose routine was deleted are skipped. */
export function getUserRoutines(backend: TBackend, ids: readonly string[]): Promise<TRoutine[]> {
  return loadExisting(ids, (id) => backend.catalog.getRoutine(id));
}

export function getUserRoutinesQueryOptions(backend: TBackend, ids: readonly string[]) {
  return queryOptions({ queryKey: queryKeys.routines.byIds(ids), queryFn: () => getUserRoutines(backend, ids) });
}

/** `select` shapes the list for display; the cache keeps the documents. */
export function useUserRoutines<T = TRoutine[]>(ids: readonly string[], select?: (items: TRoutine[]) => T) {
  const backend = useBackend();
  return useQuery({ ...getUserRoutinesQueryOptions(backend, ids), enabled: ids.length > 0, select });
}
