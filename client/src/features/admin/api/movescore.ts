/** Movescore catalogue administration: groups, their movements and perspectives. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMovescoreGroup,
  TMovescoreGroupInput,
  TMovescoreMovement,
  TMovescoreMovementInput,
  TPerspective,
  TPerspectiveInput,
} from '@movelab/shared';
import type { TDeleteChildren, TUploadProgress } from '@/lib/backend/port';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import { byName, pendingId, removeById, replaceById, useListMutation } from '../lib/optimistic';
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

export function useGroupCount() {
  const backend = useBackend();
  return useQuery({ queryKey: adminKeys.groupCount(), queryFn: () => backend.movescore.countGroups() });
}

export function useCreateGroup(prefix: string) {
  const backend = useBackend();
  return useListMutation<TMovescoreGroup, TMovescoreGroupInput>({
    listKey: groupKeys.list(prefix.trim()),
    mutationFn: (input) => backend.movescore.createGroup(input),
    apply: (list, input) =>
      [...list, { id: pendingId(), ...input, movementCount: 0 }].sort(byName),
    invalidate: () => [groupKeys.all],
    failure: 'Could not create the group',
  });
}

export function useUpdateGroup(prefix: string) {
  const backend = useBackend();
  return useListMutation<TMovescoreGroup, { groupId: string; update: Partial<TMovescoreGroupInput> }>({
    listKey: groupKeys.list(prefix.trim()),
    mutationFn: ({ groupId, update }) => backend.movescore.updateGroup(groupId, update),
    apply: (list, { groupId, update }) => replaceById(list, groupId, update).sort(byName),
    invalidate: ({ groupId }) => [groupKeys.detail(groupId), groupKeys.all],
    failure: 'Could not save the group',
  });
}

export function useDeleteGroup(prefix: string) {
  const backend = useBackend();
  return useListMutation<TMovescoreGroup, { groupId: string; children: TDeleteChildren }>({
    listKey: groupKeys.list(prefix.trim()),
    mutationFn: ({ groupId, children }) => backend.movescore.deleteGroup(groupId, children),
    apply: (list, { groupId }) => removeById(list, groupId),
    invalidate: () => [groupKeys.all],
    failure: 'Could not delete the group',
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

export function useCreateMovescoreMovement(groupId: string) {
  const backend = useBackend();
  return useListMutation<TMovescoreMovement, TMovescoreMovementInput>({
    listKey: groupKeys.movements(groupId),
    mutationFn: (input) => backend.movescore.createMovement(groupId, input),
    apply: (list, input) => [...list, { id: pendingId(), ...input, perspectiveCount: 0 }].sort(byName),
    invalidate: () => [groupKeys.detail(groupId), groupKeys.list('')],
    failure: 'Could not create the movement',
  });
}

export function useUpdateMovescoreMovement(groupId: string) {
  const backend = useBackend();
  return useListMutation<TMovescoreMovement, { movementId: string; update: Partial<TMovescoreMovementInput> }>({
    listKey: groupKeys.movements(groupId),
    mutationFn: ({ movementId, update }) => backend.movescore.updateMovement(groupId, movementId, update),
    apply: (list, { movementId, update }) => replaceById(list, movementId, update).sort(byName),
    invalidate: ({ movementId }) => [groupKeys.movement(groupId, movementId)],
    failure: 'Could not save the movement',
  });
}

export function useDeleteMovescoreMovement(groupId: string) {
  const backend = useBackend();
  return useListMutation<TMovescoreMovement, { movementId: string; children: TDeleteChildren }>({
    listKey: groupKeys.movements(groupId),
    mutationFn: ({ movementId, children }) => backend.movescore.deleteMovement(groupId, movementId, children),
    apply: (list, { movementId }) => removeById(list, movementId),
    invalidate: () => [groupKeys.detail(groupId), groupKeys.list('')],
    failure: 'Could not delete the movement',
  });
}

export function useCreatePerspective(groupId: string, movementId: string) {
  const backend = useBackend();
  return useListMutation<TPerspective, TPerspectiveInput>({
    listKey: groupKeys.perspectives(groupId, movementId),
    mutationFn: (input) => backend.movescore.createPerspective(groupId, movementId, input),
    apply: (list, input) => [...list, { id: pendingId(), ...input }].sort(byName),
    invalidate: () => [groupKeys.movement(groupId, movementId), groupKeys.movements(groupId)],
    failure: 'Could not create the perspective',
  });
}

export function useUpdatePerspective(groupId: string, movementId: string) {
  const backend = useBackend();
  return useListMutation<TPerspective, { perspectiveId: string; update: Partial<TPerspectiveInput> }>({
    listKey: groupKeys.perspectives(groupId, movementId),
    mutationFn: ({ perspectiveId, update }) => backend.movescore.updatePerspective(groupId, movementId, perspectiveId, update),
    apply: (list, { perspectiveId, update }) => replaceById(list, perspectiveId, update).sort(byName),
    invalidate: ({ perspectiveId }) => [groupKeys.perspective(groupId, movementId, perspectiveId)],
    failure: 'Could not save the perspective',
  });
}

export function useDeletePerspective(groupId: string, movementId: string) {
  const backend = useBackend();
  return useListMutation<TPerspective, { perspectiveId: string }>({
    listKey: groupKeys.perspectives(groupId, movementId),
    mutationFn: ({ perspectiveId }) => backend.movescore.deletePerspective(groupId, movementId, perspectiveId),
    apply: (list, { perspectiveId }) => removeById(list, perspectiveId),
    invalidate: () => [groupKeys.movement(groupId, movementId), groupKeys.movements(groupId)],
    failure: 'Could not delete the perspective',
  });
}
