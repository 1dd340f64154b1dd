/**
 * How the camera follows each step, said before the start and while the step runs: reps counted
 * from the camera (its movement has a reference motion), reps counted by hand (none), a hold timed
 * while the camera sees the position (one the engine can judge, see holdPositionOf), or a plain timer.
 */
import type { TMovement } from '@movelab/shared';
import { holdPositionOf } from '@movelab/shared/movescore/index';
import { chooseReference } from '@/lib/reference/choose-reference';
import type { TPlanStep } from './step-machine';

export type TTracking = 'counted' | 'by-hand' | 'held' | 'timer';

/** How the camera follows this step (with the camera on; without it, reps are counted by hand and timers just run). */
export function stepTracking(step: TPlanStep, movement: TMovement | undefined, perspectiveReference: unknown): TTracking {
  if (step.targetReps !== undefined) return movement && chooseReference(perspectiveReference, movement) ? 'counted' : 'by-hand';
  return movement && holdPositionOf(movement) ? 'held' : 'timer';
}

/** What the start screen says of each kind of step. */
export const TRACKING_WORDS: Readonly<Record<TTracking, string>> = {
  counted: 'Counted from the camera',
  'by-hand': 'Not tracked by the camera: tap Count a rep after each rep',
  held: 'Timed: the timer runs while the camera sees you in position',
  timer: 'Timed: the camera does not check this position; the timer just runs',
};

/** "12 reps", "30 s". */
export const stepTarget = (step: TPlanStep) => (step.targetReps !== undefined ? `${step.targetReps} reps` : `${step.targetSeconds ?? 0} s`);
