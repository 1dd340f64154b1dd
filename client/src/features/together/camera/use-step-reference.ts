/**
 * What the group's current step asks of the camera: its movement and the reference motion reps
 * are counted against, read as the practice screen reads them (`usePractice`: a routine's steps,
 * or the activity of the one movement the group practises, each movement's linked perspective).
 */
import type { TGroupPlan, TPerspectiveView } from '@movelab/shared';
import type { TReference } from '@movelab/shared/movescore/index';
import { useMemo } from 'react';
import { usePractice, usePracticeMovement } from '@/lib/api/practice';
import { errorText } from '@/lib/errors';
import { chooseReference } from '@/lib/reference/choose-reference';

export type TStepTarget =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  /** `reference` null: the camera does not count this movement. `view`: where to stand a phone for it. */
  | { status: 'ready'; movementId: string; name: string; reference: TReference | null; view: TPerspectiveView | null };

export function useStepReference(plan: TGroupPlan, step: number): TStepTarget {
  const isRoutine = 'routineId' in plan;
  const single = usePracticeMovement(isRoutine ? '' : plan.movementId, !isRoutine);
  const id = isRoutine ? plan.routineId : (single.data?.activityId ?? '');
  const practice = usePractice(isRoutine ? 'routine' : 'activity', id, id !== '');
  const movementId = isRoutine ? practice.data?.steps[step]?.movementId : plan.movementId;
  const { data } = practice;
  const target = useMemo(() => {
    if (!data || movementId === undefined) return null;
    const movement = data.movements.get(movementId);
    return {
      movementId,
      name: movement?.name ?? 'Movement',
      // The same reference as practice: the perspective's when valid, else one generated for the kind, else none.
      reference: movement ? chooseReference(data.perspectiveReferences.get(movementId), movement) : null,
      view: data.perspectiveViews.get(movementId) ?? null,
    };
  }, [data, movementId]);

  const error = single.error ?? practice.error;
  if (error) {
    const retry = () => void (single.error ? single.refetch() : practice.refetch());
    return { status: 'error', message: `This step's movement could not be read: ${errorText(error)}`, retry };
  }
  if (!data) return { status: 'loading' };
  // A step past the routine's end (the routine was shortened since the group started): nothing to count.
  return target ? { status: 'ready', ...target } : { status: 'ready', movementId: '', name: 'Movement', reference: null, view: null };
}
