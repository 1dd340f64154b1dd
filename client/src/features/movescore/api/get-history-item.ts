import { useQuery } from '@tanstack/react-query';
import { APP_ERRORS, MovelabError, ZHistoryItemKind } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';

/**
 * One of the user's own history items with what was saved; a kind that is neither an analysis nor
 * a practice is not found, as another user's item is.
 */
export function useHistoryItem(uid: string, kind: string, id: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: queryKeys.users.historyItem(uid, kind, id),
    queryFn: () => {
      const itemKind = ZHistoryItemKind.safeParse(kind);
      if (!itemKind.success) throw new MovelabError(APP_ERRORS.notFound, 'History item not found', 404);
      return backend.catalog.getHistoryItem(itemKind.data, id);
    },
  });
}

/** Names of an activity's movements (a practice's steps); nothing is asked without an activity. */
export function useActivityMovementNames(activityId: string | null) {
  const backend = useBackend();
  const movements = useQuery({
    queryKey: queryKeys.activities.movements(activityId ?? ''),
    queryFn: () => backend.catalog.listMovements(activityId ?? ''),
    enabled: !!activityId,
  });
  return new Map((movements.data ?? []).map((movement) => [movement.id, movement.name]));
}
