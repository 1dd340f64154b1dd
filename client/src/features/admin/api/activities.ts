/** Activity catalogue administration: activities, their movements and routines. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActivity, TActivityInput, TMovement, TMovementInput, TRoutine, TRoutineInput } from '@movelab/shared';
import type { TUploadProgress } from '@/lib/backend/port';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import { useLevelMutations } from './level-mutations';
import { adminKeys } from './keys';

const keys = queryKeys.activities;

export function useCategories() {
  const backend = useBackend();
  return useQuery({ queryKey: queryKeys.categories.all, queryFn: () => backend.catalog.listCategories() });
}

export function useAdminActivities(prefix: string) {
  const backend = useBackend();
  const trimmed = prefix.trim();
  return useQuery({
    queryKey: adminKeys.activityList(trimmed),
    queryFn: () => backend.catalog.listActivities(trimmed ? { prefix: trimmed } : {}),
    placeholderData: keepPreviousData,
  });
}

export function useActivityCount() {
  const backend = useBackend();
  return useQuery({ queryKey: adminKeys.activityCount(), queryFn: () => backend.catalog.countActivities() });
}

export { useActivity } from '@/lib/api/activity';

export function useActivityMutations(prefix: string) {
  const backend = useBackend();
  const all = () => [keys.all];
  return useLevelMutations<TActivity, TActivityInput>({
    level: 'activity',
    listKey: adminKeys.activityList(prefix.trim()),
    create: (input) => backend.catalog.createActivity(input),
    update: (activityId, update) => backend.catalog.updateActivity(activityId, update),
    remove: (activityId, children) => backend.catalog.deleteActivity(activityId, children),
    draft: (input) => ({ ...input, nameLowercase: input.name.toLowerCase() }),
    invalidate: { create: all, update: all, remove: all },
  });
}

export function useUploadActivityImage(activityId: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return async (file: Blob, onProgress: TUploadProgress) => {
    const activity = await backend.catalog.uploadActivityImage(activityId, file, onProgress);
    queryClient.setQueryData(keys.detail(activityId), activity);
    await queryClient.invalidateQueries({ queryKey: keys.all });
    return activity.imageUrl;
  };
}

export function useActivityMovements(activityId: string) {
  const backend = useBackend();
  // No activity chosen yet: no request (an empty id would ask for `/api/movements?activityId=`).
  return useQuery({ queryKey: keys.movements(activityId), queryFn: () => backend.catalog.listMovements(activityId), enabled: activityId !== '' });
}

export function useMovement(movementId: string) {
  const backend = useBackend();
  return useQuery({ queryKey: adminKeys.movement(movementId), queryFn: () => backend.catalog.getMovement(movementId) });
}

export function useMovementMutations(activityId: string) {
  const backend = useBackend();
  return useLevelMutations<TMovement, TMovementInput>({
    level: 'movement',
    listKey: keys.movements(activityId),
    create: (input) => backend.catalog.createMovement(input),
    update: (movementId, update) => backend.catalog.updateMovement(movementId, update),
    remove: (movementId) => backend.catalog.deleteMovement(movementId),
    draft: (input) => input,
    invalidate: { update: (movementId) => [adminKeys.movement(movementId)] },
  });
}

export function useActivityRoutines(activityId: string) {
  const backend = useBackend();
  return useQuery({ queryKey: keys.routines(activityId), queryFn: () => backend.catalog.listRoutines(activityId) });
}

export function useRoutineMutations(activityId: string) {
  const backend = useBackend();
  const all = () => [queryKeys.routines.all];
  return useLevelMutations<TRoutine, TRoutineInput>({
    level: 'routine',
    listKey: keys.routines(activityId),
    create: (input) => backend.catalog.createRoutine(input),
    update: (routineId, update) => backend.catalog.updateRoutine(routineId, update),
    remove: (routineId) => backend.catalog.deleteRoutine(routineId),
    draft: (input) => input,
    invalidate: { create: all, update: all, remove: all },
  });
}
