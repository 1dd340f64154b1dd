/**
 * What a practice is made of: the steps of a routine, or one step per movement of an
 * activity, and for each movement the reference motion that drives rep counting.
 */
import type { TMovement, TRoutine } from '@movelab/shared';
import { buildReference, generateTake, ZReference, type TMovement as TMotion, type TReference } from '@movelab/shared/movescore/index';
import type { TPlanStep } from './step-machine';

/** An activity practised as a whole: each movement once, with these defaults. */
export const ACTIVITY_DEFAULTS = { reps: 10, seconds: 30, restSeconds: 20 } as const;

export function routineSteps(routine: TRoutine, movements: readonly TMovement[]): TPlanStep[] {
  const names = new Map(movements.map((movement) => [movement.id, movement.name]));
  return routine.steps.map((step) => ({
    movementId: step.movementId,
    name: names.get(step.movementId) ?? 'Movement',
    ...(step.reps !== undefined ? { targetReps: step.reps } : {}),
    ...(step.seconds !== undefined ? { targetSeconds: step.seconds } : {}),
    restSeconds: step.restSeconds,
  }));
}

export function activitySteps(movements: readonly TMovement[]): TPlanStep[] {
  return movements.map((movement, index) => ({
    movementId: movement.id,
    name: movement.name,
    ...(movement.unit === 'reps' ? { targetReps: ACTIVITY_DEFAULTS.reps } : { targetSeconds: ACTIVITY_DEFAULTS.seconds }),
    restSeconds: index === movements.length - 1 ? 0 : ACTIVITY_DEFAULTS.restSeconds,
  }));
}

/** The kind of movement a name describes, for a generated reference; null when unknown. */
export function motionKind(movement: Pick<TMovement, 'id' | 'name'>): TMotion | null {
  const text = `${movement.id} ${movement.name}`.toLowerCase();
  if (/squat/.test(text) && !/hold/.test(text)) return 'squat';
  if (/lunge/.test(text)) return 'lunge';
  if (/push[- ]?up|press[- ]?up/.test(text)) return 'pushup';
  return null;
}

const generated = new Map<TMotion, TReference>();

/** A reference built from a generated take of this kind (cached: building takes ~100 ms). */
export function generatedReference(kind: TMotion): TReference {
  let reference = generated.get(kind);
  if (!reference) {
    reference = buildReference(generateTake({ movement: kind, reps: 4, seed: 7 }));
    generated.set(kind, reference);
  }
  return reference;
}

/** The perspective's reference when it has a valid one, else one generated for the kind, else null (counted by hand). */
export function chooseReference(perspectiveReference: unknown, movement: Pick<TMovement, 'id' | 'name'>): TReference | null {
  const parsed = ZReference.safeParse(perspectiveReference);
  if (parsed.success) return parsed.data;
  const kind = motionKind(movement);
  return kind ? generatedReference(kind) : null;
}
