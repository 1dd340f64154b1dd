/**
 * What a reference configures in the stages after it: the rep tracker's settings, and per
 * feature its tolerance band, its weight and which way a difference is a fault.
 */
import { movementDefinition } from './definitions.js';
import type { TFormJoint, TFormMode } from './movement-definition.js';
import { POSTURE_FEATURES, type TFeatureName } from './feature-names.js';
import type { TReference } from './reference-schema.js';
import { REP_LEVELS, type TRepConfig } from './reps.js';

/** Out of view this long abandons a rep under way. */
const RESET_GAP_MS = 1000;
/** Tolerance of a version 1 reference's features, degrees. */
const DEFAULT_TOLERANCE_DEG = 8;

/**
 * A `custom` reference's range is one person's, filmed by one camera: another person's take of
 * the movement may move the same joint angle a fifth of it or four times as far in the picture
 * (RepCount's sit-ups, seen from the side or from the feet). Its reps are expected to go no
 * further than the signal went over this long before (periodicity.ts reads repeats over as long).
 */
const CUSTOM_RECENT_RANGE_MS = 10_000;

/** The rep tracker's settings for a counting signal's rest and far end and the shortest rep. */
export function repConfigFor(rest: number, extreme: number, minRepMs: number): TRepConfig {
  return { rest, extreme, ...REP_LEVELS, minRepMs, resetGapMs: RESET_GAP_MS };
}

/** The rep tracker's settings for takes scored against this reference. */
export function repConfig(reference: TReference): TRepConfig {
  const config = repConfigFor(reference.rest, reference.extreme, reference.minRepMs);
  if ((reference.kind ?? 'custom') !== 'custom') return config;
  return { ...config, recentRange: { windowMs: CUSTOM_RECENT_RANGE_MS, minRepMs: reference.repMs.min / 2 } };
}

/** Per feature of the reference, the tolerance band in degrees. */
export function referenceTolerances(reference: TReference): number[] {
  return reference.tolerances ?? reference.features.map(() => DEFAULT_TOLERANCE_DEG);
}

/**
 * Per feature of the reference, its weight and which way a difference is a fault, from its
 * movement's definition: the counting joint is the range of motion (`depth`); every joint of a
 * `custom` (or version 1) reference must match both ways; a feature the definition does not
 * name (one an older reference still carries) weighs nothing.
 */
export function formJoints(reference: TReference): TJudgedJoint[] {
  const kind = reference.kind ?? 'custom';
  const form = movementDefinition(kind).form;
  return reference.features.map((feature, index) => {
    const weight = reference.weights[index]!;
    if (kind === 'custom') return judged(weight, customMode(reference, index));
    const named = form.find((joint) => joint.feature === feature);
    if (named) return judged(weight, named.mode, named);
    return feature === reference.primary ? judged(weight, 'depth') : judged(0, 'match');
  });
}

/** How a reference's joint is judged: its weight and mode, and the definition's options where it names the joint (see TFormJoint). */
export type TJudgedJoint = { weight: number; mode: TFormMode; atFarEnd: boolean; ideal: number | null; onlyLower: boolean };

const judged = (weight: number, mode: TFormMode, named?: TFormJoint): TJudgedJoint => ({
  weight,
  mode,
  atFarEnd: named?.atFarEnd ?? false,
  ideal: named?.ideal ?? null,
  onlyLower: named?.onlyLower ?? false,
});

/**
 * Below this range of motion in the reference's rep (degrees), a joint of a `custom` reference
 * is one the movement holds still.
 */
const CUSTOM_STILL_DEG = 20;

/**
 * How a joint of a `custom` reference is compared, from what it does in the reference: a joint
 * the reference holds still by moving no more than it (`limit`, as the definitions hold a curl's
 * upper arm and a raise's trunk), any other by its path (`match`), the counting joint too (its
 * range also counts, as for every kind). A whole-body posture the reference holds (the body
 * line of a movement on the floor, `hip_sag`) is held as the reference holds it (`posture`): a
 * sag or pike kept through the rep moves no more than a straight line does, so neither its
 * range nor its path from the rep's start shows it. The joint angles are not held so: they
 * depend on build and camera, the body line's bend hardly does. What else was tried:
 * docs/movescore-tuning.md.
 */
function customMode(reference: TReference, index: number): TFormMode {
  if (reference.features[index] === reference.primary) return 'match';
  if (!isHeld(reference.template[index]!)) return 'match';
  return isPostureFeature(reference.features[index]!) ? 'posture' : 'limit';
}

/** Whether a joint of a `custom` reference's rep moves less than CUSTOM_STILL_DEG: one the movement holds still. */
export const isHeld = (row: readonly number[]) => Math.max(...row) - Math.min(...row) < CUSTOM_STILL_DEG;
export const isPostureFeature = (feature: TFeatureName) => (POSTURE_FEATURES as readonly string[]).includes(feature);
