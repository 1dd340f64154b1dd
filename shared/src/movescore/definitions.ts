/**
 * Movement definitions: the configuration of the analysis pipeline for each kind of movement.
 * A definition says which joint angle counts reps (and which end of it is the rest position),
 * which angles carry form and how much they may differ from the reference before it costs
 * points (tolerance bands, degrees), and by omission which joints do not matter (the arms in a
 * squat). `custom` has no fixed signal: the joint with the widest robust range of motion counts.
 */
import { z } from 'zod';
import type { TFeatureName } from './features.js';

export const MOVEMENT_KINDS = ['squat', 'lunge', 'push-up', 'jumping-jack', 'front-raise', 'curl', 'shoulder-press', 'custom'] as const;
export const ZMovementKind = z.enum(MOVEMENT_KINDS);
export type TMovementKind = z.infer<typeof ZMovementKind>;

/** One joint that carries form: how much it counts, and how far (degrees) it may differ for free. */
export type TFormJoint = {
  feature: TFeatureName;
  weight: number;
  toleranceDeg: number;
};

export type TMovementDefinition = {
  kind: TMovementKind;
  /** The signal reps are counted on (null: chosen from the take, for `custom`). */
  counting: TFeatureName | null;
  /** Whether the counting angle is larger at rest than at the far end of a rep (a straight knee standing). */
  restIsHigh: boolean | null;
  /** Joints compared with the reference; any other joint does not affect the score. */
  form: readonly TFormJoint[];
  /** Plain words for the far end of a rep ("the bottom"), used in feedback. */
  farEnd: string;
};

const joint = (feature: TFeatureName, weight: number, toleranceDeg: number): TFormJoint => ({ feature, weight, toleranceDeg });

/**
 * Tolerances: a depth joint gets about 10°, the pose model's own error on a good rep; the
 * trunk 15° (people of different build lean differently in a good squat); a joint that should
 * stay still (the upper arm in a curl) 10°.
 */
export const MOVEMENT_DEFINITIONS: Readonly<Record<TMovementKind, TMovementDefinition>> = {
  squat: {
    kind: 'squat',
    counting: 'knee',
    restIsHigh: true,
    form: [joint('knee', 0.45, 10), joint('hip', 0.35, 12), joint('trunk', 0.2, 15)],
    farEnd: 'the bottom',
  },
  lunge: {
    kind: 'lunge',
    counting: 'knee',
    restIsHigh: true,
    form: [joint('knee', 0.45, 10), joint('hip', 0.3, 12), joint('trunk', 0.25, 12)],
    farEnd: 'the bottom',
  },
  'push-up': {
    kind: 'push-up',
    counting: 'elbow',
    restIsHigh: true,
    form: [joint('elbow', 0.5, 10), joint('hip', 0.3, 12), joint('knee', 0.2, 15)],
    farEnd: 'the bottom',
  },
  'jumping-jack': {
    kind: 'jumping-jack',
    counting: 'shoulder',
    restIsHigh: false,
    form: [joint('shoulder', 0.6, 15), joint('elbow', 0.2, 20), joint('trunk', 0.2, 15)],
    farEnd: 'the top',
  },
  'front-raise': {
    kind: 'front-raise',
    counting: 'shoulder',
    restIsHigh: false,
    form: [joint('shoulder', 0.5, 10), joint('elbow', 0.2, 15), joint('trunk', 0.3, 8)],
    farEnd: 'the top',
  },
  curl: {
    kind: 'curl',
    counting: 'elbow',
    restIsHigh: true,
    form: [joint('elbow', 0.5, 10), joint('shoulder', 0.35, 10), joint('trunk', 0.15, 8)],
    farEnd: 'the top',
  },
  'shoulder-press': {
    kind: 'shoulder-press',
    counting: 'shoulder',
    restIsHigh: false,
    form: [joint('shoulder', 0.4, 10), joint('elbow', 0.4, 12), joint('trunk', 0.2, 8)],
    farEnd: 'the top',
  },
  custom: {
    kind: 'custom',
    counting: null,
    restIsHigh: null,
    form: [joint('knee', 0.2, 10), joint('hip', 0.2, 10), joint('elbow', 0.2, 10), joint('shoulder', 0.2, 10), joint('trunk', 0.2, 10)],
    farEnd: 'the far end',
  },
};

export function movementDefinition(kind: TMovementKind = 'custom'): TMovementDefinition {
  return MOVEMENT_DEFINITIONS[kind];
}
