/** Activity catalogue administration: activities, their movements and routines. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActivity, TActivityInput, TMovement, TMovementInput, TRoutine, TRoutineInput } from '@movelab/shared';
import type { TDeleteChildren, TUploadProgress } from '@/lib/backend/port';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import { byName, pendingId, removeById, replaceById, useListMutation } from '../lib/optimistic';
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

const byLowercaseName = (a: TActivity, b: TActivity) => a.nameLowercase.localeCompare(b.nameLowercase);

export function useCreateActivity(prefix: string) {
  const backend = useBackend();
  return useListMutation<TActivity, TActivityInput>({
    listKey: adminKeys.activityList(prefix.trim()),
    mutationFn: (input) => backend.catalog.createActivity(input),
    apply: (list, input) => [...list, { ...input, id: pendingId(), nameLowercase: input.name.toLowerCase() }].sort(byLowercaseName),
    invalidate: () => [keys.all],
    failure: 'Could not create the activity',
  });
}

export function useUpdateActivity(prefix: string) {
  const backend = useBackend();
  return useListMutation<TActivity, { activityId: string; update: Partial<TActivityInput> }>({
    listKey: adminKeys.activityList(prefix.trim()),
    mutationFn: ({ activityId, update }) => backend.catalog.updateActivity(activityId, update),
    apply: (list, { activityId, update }) => replaceById(list, activityId, update),
    invalidate: () => [keys.all],
    failure: 'Could not save the activity',
  });
}

export function useDeleteActivity(prefix: string) {
  const backend = useBackend();
  return useListMutation<TActivity, { activityId: string; children: TDeleteChildren }>({
    listKey: adminKeys.activityList(prefix.trim()),
    mutationFn: ({ activityId, children }) => backend.catalog.deleteActivity(activityId, children),
    apply: (list, { activityId }) => removeById(list, activityId),
    invalidate: () => [keys.all],
    failure: 'Could not delete the activity',
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

export function useCreateMovement(activityId: string) {
  const backend = useBackend();
  return useListMutation<TMovement, TMovementInput>({
    listKey: keys.movements(activityId),
    mutationFn: (input) => backend.catalog.createMovement(input),
    apply: (list, input) => [...list, { ...input, id: pendingId() }].sort(byName),
    failure: 'Could not create the movement',
  });
}

export function useUpdateMovement(activityId: string) {
  const backend = useBackend();
  return useListMutation<TMovement, { movementId: string; update: Partial<TMovementInput> }>({
    listKey: keys.movements(activityId),
    mutationFn: ({ movementId, update }) => backend.catalog.updateMovement(movementId, update),
    apply: (list, { movementId, update }) => replaceById(list, movementId, update).sort(byName),
    invalidate: ({ movementId }) => [adminKeys.movement(movementId)],
    failure: 'Could not save the movement',
  });
}

export function useDeleteMovement(activityId: string) {
  const backend = useBackend();
  return useListMutation<TMovement, { movementId: string }>({
    listKey: keys.movements(activityId),
    mutationFn: ({ movementId }) => backend.catalog.deleteMovement(movementId),
    apply: (list, { movementId }) => removeById(list, movementId),
    failure: 'Could not delete the movement',
  });
}

export function useActivityRoutines(activityId: string) {
  const backend = useBackend();
  return useQuery({ queryKey: keys.routines(activityId), queryFn: () => backend.catalog.listRoutines(activityId) });
}

export function useCreateRoutine(activityId: string) {
  const backend = useBackend();
  return useListMutation<TRoutine, TRoutineInput>({
    listKey: keys.routines(activityId),
    mutationFn: (input) => backend.catalog.createRoutine(input),
    apply: (list, input) => [...list, { ...input, id: pendingId() }].sort(byName),
    invalidate: () => [queryKeys.routines.all],
    failure: 'Could not create the routine',
  });
}

export function useUpdateRoutine(activityId: string) {
  const backend = useBackend();
  return useListMutation<TRoutine, { routineId: string; update: Partial<TRoutineInput> }>({
    listKey: keys.routines(activityId),
    mutationFn: ({ routineId, update }) => backend.catalog.updateRoutine(routineId, update),
    apply: (list, { routineId, update }) => replaceById(list, routineId, update).sort(byName),
    invalidate: () => [queryKeys.routines.all],
    failure: 'Could not save the routine',
  });
}

export function useDeleteRoutine(activityId: string) {
  const backend = useBackend();
  return useListMutation<TRoutine, { routineId: string }>({
    listKey: keys.routines(activityId),
    mutationFn: ({ routineId }) => backend.catalog.deleteRoutine(routineId),
    apply: (list, { routineId }) => removeById(list, routineId),
    invalidate: () => [queryKeys.routines.all],
    failure: 'Could not delete the routine',
  });
}
