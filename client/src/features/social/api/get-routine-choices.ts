import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useActivities } from '@/lib/api/activity';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import { routineChoices } from '../lib/friends';

/** Every routine of the catalogue under its activity (Discover's activities), to choose one to practise together. */
export function useRoutineChoices(isEnabled: boolean) {
  const backend = useBackend();
  const activities = useActivities();
  const routines = useQuery({
    queryKey: [...queryKeys.routines.all, 'list'],
    queryFn: () => backend.catalog.listRoutines(),
    enabled: isEnabled,
  });
  const choices = useMemo(() => routineChoices(activities.data ?? [], routines.data ?? []), [activities.data, routines.data]);
  return {
    choices,
    isPending: activities.isPending || routines.isPending,
    error: activities.error ?? routines.error,
    refetch: () => Promise.all([activities.refetch(), routines.refetch()]),
  };
}
