/** Movescore catalogue reads: groups (by name prefix), a group's movements, a movement's perspectives. */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';
import { seedFromList } from './seed-from-list';

/** Groups ordered by name; a non-empty `prefix` keeps names starting with it (spec §5). */
export function groupsQueryOptions(backend: TBackend, prefix: string) {
  const trimmed = prefix.trim();
  return queryOptions({
    queryKey: queryKeys.movescoreGroups.list(trimmed),
    queryFn: () => backend.movescore.listGroups(trimmed ? { prefix: trimmed } : {}),
  });
}

const withMovements = (groups: TMovescoreGroup[]) => groups.filter((group) => group.movementCount > 0);

/** `withMovementsOnly`: the groups a user can analyse in, those with a movement (admins see every group). */
export function useGroups(prefix: string, { withMovementsOnly = false }: { withMovementsOnly?: boolean } = {}) {
  const backend = useBackend();
  // While the next search runs, the last results stay on screen instead of a spinner.
  return useQuery({
    ...groupsQueryOptions(backend, prefix),
    placeholderData: keepPreviousData,
    ...(withMovementsOnly ? { select: withMovements } : {}),
  });
}

/** null when the group does not exist. */
export function useGroup(groupId: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.movescoreGroups.detail(groupId),
    queryFn: () => backend.movescore.getGroup(groupId),
    ...seedFromList<TMovescoreGroup>(queryClient, queryKeys.movescoreGroups.list(''), groupId),
    enabled: isKnown(groupId),
  });
}

/** `enabled: false` waits (a dialog not open yet, no group chosen yet). */
type TReadOptions = { enabled?: boolean };

/** A read waits until every id it needs is known: an empty one would ask for `/api/movescore-groups//movements`. */
const isKnown = (...ids: string[]) => ids.every((id) => id !== '');

export function useGroupMovements(groupId: string, { enabled = true }: TReadOptions = {}) {
  const backend = useBackend();
  return useQuery({
    queryKey: queryKeys.movescoreGroups.movements(groupId),
    queryFn: () => backend.movescore.listMovements(groupId),
    enabled: enabled && isKnown(groupId),
  });
}

export function useGroupMovement(groupId: string, movementId: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.movescoreGroups.movement(groupId, movementId),
    queryFn: () => backend.movescore.getMovement(groupId, movementId),
    ...seedFromList<TMovescoreMovement>(queryClient, queryKeys.movescoreGroups.movements(groupId), movementId),
    enabled: isKnown(groupId, movementId),
  });
}

export function usePerspectives(groupId: string, movementId: string, { enabled = true }: TReadOptions = {}) {
  const backend = useBackend();
  return useQuery({
    queryKey: queryKeys.movescoreGroups.perspectives(groupId, movementId),
    queryFn: () => backend.movescore.listPerspectives(groupId, movementId),
    enabled: enabled && isKnown(groupId, movementId),
  });
}

export function usePerspective(groupId: string, movementId: string, perspectiveId: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.movescoreGroups.perspective(groupId, movementId, perspectiveId),
    queryFn: () => backend.movescore.getPerspective(groupId, movementId, perspectiveId),
    ...seedFromList<TPerspective>(queryClient, queryKeys.movescoreGroups.perspectives(groupId, movementId), perspectiveId),
    enabled: isKnown(groupId, movementId, perspectiveId),
  });
}
