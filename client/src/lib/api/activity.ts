/** One activity of the catalogue by id (null when it no longer exists), cached under its detail key for every screen that names it. */
import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';

export function useActivity(activityId: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: queryKeys.activities.detail(activityId),
    queryFn: () => backend.catalog.getActivity(activityId),
    enabled: activityId !== '',
  });
}

/** Every activity of the catalogue (ordered by name), cached for every screen that lists or names them. */
export function useActivities() {
  const backend = useBackend();
  return useQuery({ queryKey: queryKeys.activities.list(), queryFn: () => backend.catalog.listActivities() });
}
