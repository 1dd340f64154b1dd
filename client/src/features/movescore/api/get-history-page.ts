import { useMemo } from 'react';
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { HISTORY_PAGE_MAX, type THistoryItem, type THistoryKind } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { loadExisting } from '@/lib/load-by-ids';
import { useActivities } from '@/lib/api/activity';
import { useGroups } from '@/lib/api/movescore-catalogue';
import { queryKeys } from '@/lib/query-keys';
import type { TNames } from '../history';

export type THistoryFilter = { kind: THistoryKind; groupId?: string; movementId?: string };

/** Sessions per screen page: small enough to render at once on a phone. */
export const HISTORY_PAGE_SIZE = 50;

/** Pages of the user's history, newest first; `fetchNextPage` follows the backend's cursor. */
export function useHistoryPages(uid: string, filter: THistoryFilter) {
  const backend = useBackend();
  return useInfiniteQuery({
    queryKey: queryKeys.users.history(uid, filter),
    queryFn: ({ pageParam }) => backend.catalog.listHistory({ ...filter, limit: HISTORY_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Every session the filter selects, read page by page at the largest page size (for the export). */
export async function readWholeHistory(backend: TBackend, filter: THistoryFilter): Promise<THistoryItem[]> {
  const items: THistoryItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await backend.catalog.listHistory({ ...filter, limit: HISTORY_PAGE_MAX, ...(cursor && { cursor }) });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Names for the ids the history shows: the activity list and the movements of each group in view. */
/** Reads every page of a filter on demand (the export buttons). */
export function useWholeHistoryReader(): (filter: THistoryFilter) => Promise<THistoryItem[]> {
  const backend = useBackend();
  return (filter) => readWholeHistory(backend, filter);
}

export function useHistoryCatalogue(groupIds: readonly string[]) {
  const backend = useBackend();
  const activities = useActivities();
  const groups = [...new Set(groupIds)];
  const movements = useQueries({
    queries: groups.map((groupId) => ({
      queryKey: queryKeys.movescoreGroups.movements(groupId),
      queryFn: () => backend.movescore.listMovements(groupId),
    })),
  });
  // Movement ids are unique within their group only: keyed by "group/movement".
  const movementNames = new Map(
    movements.flatMap((query, index) => (query.data ?? []).map((movement) => [`${groups[index]}/${movement.id}`, movement.name] as const)),
  );
  return { activities: activities.data ?? [], movementNames };
}

/** The routines practised among the items in view (one read per routine; a deleted one is left out). */
function useRoutineNames(routineIds: readonly string[]): Map<string, string> {
  const backend = useBackend();
  const ids = [...new Set(routineIds)];
  const routines = useQuery({
    queryKey: queryKeys.routines.byIds(ids),
    queryFn: () => loadExisting(ids, (id) => backend.catalog.getRoutine(id)),
    enabled: ids.length > 0,
  });
  return useMemo(() => new Map((routines.data ?? []).map((routine) => [routine.id, routine.name])), [routines.data]);
}

/** The names the history shows for the groups of the items in view, their movements, the routines practised and every activity. */
export function useHistoryNames(groupIds: readonly string[], routineIds: readonly string[] = []): TNames {
  const groups = useGroups('');
  const catalogue = useHistoryCatalogue(groupIds);
  const routineNames = useRoutineNames(routineIds);
  return useMemo(() => {
    const groupNames = new Map((groups.data ?? []).map((group) => [group.id, group.name]));
    const activityNames = new Map(catalogue.activities.map((activity) => [activity.id, activity.name]));
    return {
      group: (id) => (id && groupNames.get(id)) || 'Unknown group',
      movement: (groupId, movementId) => (movementId && catalogue.movementNames.get(`${groupId}/${movementId}`)) || movementId || 'Unknown movement',
      activity: (id) => (id && activityNames.get(id)) || 'Free practice',
      routine: (id) => (id && routineNames.get(id)) || null,
    };
  }, [groups.data, catalogue.activities, catalogue.movementNames, routineNames]);
}
