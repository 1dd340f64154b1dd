/** A practice's plan as read from the catalogue: shared by the practice screen and a group practising together. */
import { useQuery } from '@tanstack/react-query';
import { MovelabError, APP_ERRORS, type TActivity, type TMovement, type TPerspectiveView, type TRoutine } from '@movelab/shared';
import { linkedPerspective } from '@/lib/api/linked-perspective';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { activitySteps, routineSteps, type TPlanStep } from '@/lib/practice-plan';

export type TPracticeMode = 'activity' | 'routine';
export type TPractice = {
  mode: TPracticeMode;
  activity: TActivity;
  routine: TRoutine | null;
  movements: Map<string, TMovement>;
  steps: TPlanStep[];
  /** The inline reference of each movement's linked perspective, when it has one. */
  perspectiveReferences: Map<string, unknown>;
  /** The camera view of each movement's linked perspective, when it has one (the phone's placement advice). */
  perspectiveViews: Map<string, TPerspectiveView>;
};

const notFound = (what: string) => new MovelabError(APP_ERRORS.notFound, `This ${what} does not exist, or was removed`, 404);

export async function loadPractice(backend: TBackend, mode: TPracticeMode, id: string): Promise<TPractice> {
  const routine = mode === 'routine' ? await backend.catalog.getRoutine(id) : null;
  if (mode === 'routine' && !routine) throw notFound('routine');
  const activityId = routine?.activityId ?? id;
  const activity = await backend.catalog.getActivity(activityId);
  if (!activity) throw notFound('activity');
  const list = await backend.catalog.listMovements(activityId);
  const movements = new Map(list.map((movement) => [movement.id, movement]));
  const steps = routine ? routineSteps(routine, list) : activitySteps(list);
  const used = [...new Set(steps.map((step) => step.movementId))].flatMap((movementId) => movements.get(movementId) ?? []);
  // A perspective that cannot be read leaves the movement on its generated reference.
  const perspectives = await Promise.all(used.map((movement) => linkedPerspective(backend, movement).catch(() => null)));
  return {
    mode,
    activity,
    routine,
    movements,
    steps,
    perspectiveReferences: new Map(used.map((movement, index) => [movement.id, perspectives[index]?.reference])),
    perspectiveViews: new Map(
      used.flatMap((movement, index) => {
        const view = perspectives[index]?.view;
        return view ? [[movement.id, view] as const] : [];
      }),
    ),
  };
}

/** `isEnabled` false (an address that is no practice) reads nothing. */
export function usePractice(mode: TPracticeMode, id: string, isEnabled = true) {
  const backend = useBackend();
  return useQuery({ queryKey: ['practice', mode, id], queryFn: () => loadPractice(backend, mode, id), staleTime: 60_000, enabled: isEnabled });
}

/** One movement of the catalogue, practised on its own (a group practising one movement); not found when it was removed. */
export function usePracticeMovement(movementId: string, isEnabled = true) {
  const backend = useBackend();
  return useQuery({
    queryKey: ['practice', 'movement', movementId],
    queryFn: async () => (await backend.catalog.getMovement(movementId)) ?? Promise.reject(notFound('movement')),
    staleTime: 60_000,
    enabled: isEnabled,
  });
}
