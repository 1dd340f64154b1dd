/**
 * What a group session practises, as people read it: a routine's name and steps (each with its
 * movement's name), or one movement. Read from the catalogue, like the practice screen.
 */
import { APP_ERRORS, MovelabError, type TGroupPlan } from '@movelab/shared';
import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import type { TPlanView } from '../lib/result';

const notFound = (what: string) => new MovelabError(APP_ERRORS.notFound, `This ${what} does not exist, or was removed`, 404);

/** The plan a new session is made for, from the page's query: `routine=<id>` or `movement=<id>`. */
export type TPlanRequest = { routineId: string } | { movementId: string };

export async function loadPlanView(backend: TBackend, request: TPlanRequest): Promise<TPlanView> {
  if ('movementId' in request) {
    const movement = await backend.catalog.getMovement(request.movementId);
    if (!movement) throw notFound('movement');
    return { name: movement.name, activityId: movement.activityId, routineId: null, steps: [{ movementId: movement.id, name: movement.name }] };
  }
  const routine = await backend.catalog.getRoutine(request.routineId);
  if (!routine) throw notFound('routine');
  const movements = await backend.catalog.listMovements(routine.activityId);
  const names = new Map(movements.map((movement) => [movement.id, movement.name]));
  return {
    name: routine.name,
    activityId: routine.activityId,
    routineId: routine.id,
    steps: routine.steps.map((step) => ({ movementId: step.movementId, name: names.get(step.movementId) ?? 'Movement' })),
  };
}

const requestOf = (plan: TGroupPlan | TPlanRequest): TPlanRequest =>
  'movementId' in plan ? { movementId: plan.movementId } : { routineId: plan.routineId };

/** The plan's view; `plan` null (not known yet) reads nothing. */
export function usePlanView(plan: TGroupPlan | TPlanRequest | null) {
  const backend = useBackend();
  const request = plan ? requestOf(plan) : null;
  return useQuery({
    queryKey: ['together-plan', request],
    queryFn: () => loadPlanView(backend, request!),
    enabled: request !== null,
    staleTime: 5 * 60_000,
  });
}

/** The group plan to create for a loaded view: a routine's step count, or the movement. */
export function groupPlanOf(view: TPlanView): TGroupPlan {
  return view.routineId ? { routineId: view.routineId, stepCount: view.steps.length } : { movementId: view.steps[0]!.movementId };
}
