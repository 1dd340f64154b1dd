/**
 * Whether a reference can stand for its movement: a reference is what everyone is scored
 * against, so one that itself shows a fault its movement names is refused, in plain words.
 */
import { FEATURE_WORDS, type TFeatureName } from './features.js';
import { aboutDegrees, VARIANT_DEG } from './feedback-words.js';
import { median } from './numbers.js';
import { formJoints, referenceTolerances, type TReference } from './reference.js';

/** How far a joint with an ideal is from it, in plain words (the subject and what it does). */
function idealMissWords(feature: TFeatureName, deltaDeg: number): string {
  const amount = aboutDegrees(deltaDeg);
  if (feature === 'hip_sag' || feature === 'kneeling_sag') {
    const line = feature === 'hip_sag' ? 'a straight body line' : 'a straight line from the shoulders to the knees';
    return deltaDeg > 0 ? `the hips sag ${amount} below ${line}` : `the hips pike ${amount} above ${line}`;
  }
  if (feature === 'knee_lift') return deltaDeg > 0 ? `the knees are ${amount} off the floor` : `the knees are ${amount} below the hands`;
  return `the ${FEATURE_WORDS[feature].part} are ${amount} from how this movement is done`;
}

/**
 * Why a reference cannot stand for its movement (null when it can): a posture joint the movement
 * holds (a push-up's body line and knees; not a lunge's legs, which split on the way down)
 *  - further from the right value the definition names for it (the body line: straight) than
 *    its band, over the reference's reps (the median of its template row): the video shows the
 *    fault, or the pose model misread the body (seen end-on, legs lost in the background);
 *  - or changing by more than VARIANT_DEG within the reference's rep (its template row's span):
 *    the model lost the joint for part of the rep, or the person moved it.
 * Everyone scored against such a reference would be held to it. PushFit's good push-ups change
 * their body line and knees by 20° at most within a rep; of its bad ones, the posture check
 * refuses three in four.
 */
export function referencePostureError(reference: TReference): string | null {
  const joints = formJoints(reference);
  const tolerances = referenceTolerances(reference);
  const again =
    'a reference shows the movement done well, and everyone is scored against it. Record it again done cleanly, with the whole body in view.';
  for (const [f, feature] of reference.features.entries()) {
    const { mode, ideal, atFarEnd } = joints[f]!;
    if (mode !== 'posture' || atFarEnd) continue;
    const row = reference.template[f]!;
    const delta = ideal === null ? Number.NaN : median(row) - ideal;
    if (Math.abs(delta) > tolerances[f]!) return `In this video ${idealMissWords(feature, delta)} through the reps: ${again}`;
    const span = Math.max(...row) - Math.min(...row);
    if (span > VARIANT_DEG) return `In this video ${heldWords(feature)} ${aboutDegrees(span)} within a rep, where this movement holds it: ${again}`;
  }
  return null;
}

/** A held posture joint changing, in plain words (the subject and its verb). */
function heldWords(feature: TFeatureName): string {
  if (feature === 'hip_sag' || feature === 'kneeling_sag') return "the body line's bend at the hips changes";
  if (feature === 'knee_lift') return "the knees' height above the hands changes";
  return `the angle of the ${FEATURE_WORDS[feature].part} changes`;
}
