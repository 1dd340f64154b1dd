import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActivity, TMovement, TRoutine } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';

/** One activity with its movements and routines; null when the activity does not exist. */
export type TActivityDetails = {
  activity: TActivity;
  movements: TMovement[];
  routines: TRoutine[];
};

export async function getActivityDetails(backend: TBackend, activityId: string): Promise<TActivityDetails | null> {
  const [activity, movements, routines] = await Promise.all([
    backend.catalog.getActivity(activityId),
    backend.catalog.listMovements(activityId),
    backend.catalog.listRoutines(activityId),
  ]);
  if (!activity) return null;
  return { activity, movements, routines };
}

export function getActivityDetailsQueryOptions(backend: TBackend, activityId: string) {
  return queryOptions({
    queryKey: queryKeys.activities.detail(activityId),
    queryFn: () => getActivityDetails(backend, activityId),
  });
}

export function useActivityDetails(activityId: string) {
  const backend = useBackend();
  return useQuery(getActivityDetailsQueryOptions(backend, activityId));
}
