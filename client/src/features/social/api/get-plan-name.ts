import type { TGroupPlan } from '@movelab/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';

/** How long an invitation's notice waits for its routine's or movement's name before it says "together". */
export const PLAN_NAME_WAIT_MS = 1500;

const CATALOGUE_STALE_MS = 5 * 60_000;

/**
 * Reads the name of what an invitation practises (the routine or the movement), from the cache or
 * the catalogue; null when it is not found, fails, or takes longer than PLAN_NAME_WAIT_MS.
 */
export function usePlanNameReader(): (plan: TGroupPlan) => Promise<string | null> {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useCallback(
    (plan) => {
      const read: Promise<{ name: string } | null> =
        'routineId' in plan
          ? queryClient.fetchQuery({
              queryKey: [...queryKeys.routines.all, plan.routineId],
              queryFn: () => backend.catalog.getRoutine(plan.routineId),
              staleTime: CATALOGUE_STALE_MS,
              retry: false,
            })
          : queryClient.fetchQuery({
              queryKey: ['movements', plan.movementId],
              queryFn: () => backend.catalog.getMovement(plan.movementId),
              staleTime: CATALOGUE_STALE_MS,
              retry: false,
            });
      const named = read.then(
        (found) => found?.name ?? null,
        () => null,
      );
      const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), PLAN_NAME_WAIT_MS));
      return Promise.race([named, late]);
    },
    [backend, queryClient],
  );
}
