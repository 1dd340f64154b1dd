/** Movescore catalogue administration: groups, their movements and perspectives. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  nameTakenMessage,
  sameNamed,
  type TMovescoreGroup,
  type TMovescoreGroupInput,
  type TMovescoreMovement,
  type TMovescoreMovementInput,
  type TPerspective,
  type TPerspectiveInput,
} from '@movelab/shared';
import type { TUploadProgress } from '@/lib/backend/port';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import { useLevelMutations } from './level-mutations';
import { adminKeys } from './keys';

const groupKeys = queryKeys.movescoreGroups;

export function useAdminGroups(prefix: string) {
  const backend = useBackend();
  const trimmed = prefix.trim();
  return useQuery({
    queryKey: groupKeys.list(trimmed),
    queryFn: () => backend.movescore.listGroups(trimmed ? { prefix: trimmed } : {}),
    placeholderData: keepPreviousData,
  });
}

/**
 * Why a group name cannot be used: another group (not `exceptId`) has it, letter case and
 * spacing ignored, as every group read so far says; the backend refuses one this misses.
 */
export function useGroupNameTaken(exceptId?: string) {
  const groups = useAdminGroups('');
  return (name: string) => {
    const clash = sameNamed(groups.data ?? [], name, exceptId);
    return clash ? nameTakenMessage('group', clash.name) : undefined;
  };
}

export function useGroupCount() {
  const backend = useBackend();
  return useQuery({ queryKey: adminKeys.groupCount(), queryFn: () => backend.movescore.countGroups() });
}

export function useGroupMutations(prefix: string) {
  const backend = useBackend();
  return useLevelMutations<TMovescoreGroup, TMovescoreGroupInput>({
    level: 'group',
    listKey: groupKeys.list(prefix.trim()),
    create: (input) => backend.movescore.createGroup(input),
    update: (groupId, update) => backend.movescore.updateGroup(groupId, update),
    remove: (groupId, children) => backend.movescore.deleteGroup(groupId, children),
    draft: (input) => ({ ...input, movementCount: 0 }),
    invalidate: {
      create: () => [groupKeys.all],
      update: (groupId) => [groupKeys.detail(groupId), groupKeys.all],
      remove: () => [groupKeys.all],
    },
  });
}

/** Uploads a cover; the group's detail and the lists show it afterwards. */
export function useUploadGroupCover(groupId: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return async (file: Blob, onProgress: TUploadProgress) => {
    const group = await backend.movescore.uploadGroupCover(groupId, file, onProgress);
    queryClient.setQueryData(groupKeys.detail(groupId), group);
    await queryClient.invalidateQueries({ queryKey: groupKeys.all });
    return group.coverUrl;
  };
}

export function useMovescoreMovementMutations(groupId: string) {
  const backend = useBackend();
  // Every list of groups shows the group's movement count, the searched ones too: the delete
  // dialog decides from it whether the movements go with the group.
  const counts = () => [groupKeys.detail(groupId), groupKeys.lists];
  return useLevelMutations<TMovescoreMovement, TMovescoreMovementInput>({
    level: 'groupMovement',
    listKey: groupKeys.movements(groupId),
    create: (input) => backend.movescore.createMovement(groupId, input),
    update: (movementId, update) => backend.movescore.updateMovement(groupId, movementId, update),
    remove: (movementId, children) => backend.movescore.deleteMovement(groupId, movementId, children),
    draft: (input) => ({ ...input, perspectiveCount: 0 }),
    invalidate: { create: counts, update: (movementId) => [groupKeys.movement(groupId, movementId)], remove: counts },
  });
}

export function usePerspectiveMutations(groupId: string, movementId: string) {
  const backend = useBackend();
  const counts = () => [groupKeys.movement(groupId, movementId), groupKeys.movements(groupId)];
  return useLevelMutations<TPerspective, TPerspectiveInput>({
    level: 'perspective',
    listKey: groupKeys.perspectives(groupId, movementId),
    create: (input) => backend.movescore.createPerspective(groupId, movementId, input),
    update: (perspectiveId, update) => backend.movescore.updatePerspective(groupId, movementId, perspectiveId, update),
    remove: (perspectiveId) => backend.movescore.deletePerspective(groupId, movementId, perspectiveId),
    draft: (input) => input,
    invalidate: { create: counts, update: (perspectiveId) => [groupKeys.perspective(groupId, movementId, perspectiveId)], remove: counts },
  });
}
