/**
 * What a practice is made of: the steps of a routine, or one step per movement of an activity
 * (each movement's reference motion is `chooseReference`, lib/reference/choose-reference.ts).
 */
import type { TMovement, TRoutine } from '@movelab/shared';

/** One step of a practice: a movement for a number of reps or seconds, then its rest. */
export type TPlanStep = {
  movementId: string;
  name: string;
  targetReps?: number;
  targetSeconds?: number;
  restSeconds: number;
};

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
