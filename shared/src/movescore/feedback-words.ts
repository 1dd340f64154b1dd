/**
 * One fault of a rep in plain words: which joint, which way, how far and when, and which reps
 * it is about. The feedback stage (feedback.ts) says these for a take, and each rep keeps its own.
 */
import { nounFor } from '../format.js';
import type { TMovePhase } from './align.js';
import { FEATURE_WORDS, type TFeatureName } from './features.js';
import { movementDefinition } from './definitions.js';
import { FULL_RANGE, overshootCost, type TDeviation } from './form.js';
import { namedFaultOf, type TNamedFault } from './named-faults.js';
import type { TReference } from './reference.js';

const PHASE_WORDS: Readonly<Record<TMovePhase, string>> = {
  down: 'on the way down',
  bottom: 'at the bottom',
  up: 'on the way up',
};

/** Degrees rounded to 5 for speech ("about 15°"), at least 5. */
export const aboutDegrees = (value: number) => `about ${Math.max(5, Math.round(Math.abs(value) / 5) * 5)}°`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The fault of a joint that moved more than the reference (a `limit`), in plain words: what
 * to do, then what happened. Per joint without its side.
 */
const LIMIT_WORDS: Readonly<Record<string, { advice: string; what: string }>> = {
  trunk: { advice: 'Keep your upper body steady', what: 'it leans' },
  shoulder: { advice: 'Keep your upper arms still', what: 'they swing' },
  upper_arm: { advice: 'Keep your upper arms still', what: 'they swing' },
  hip: { advice: 'Keep your hips in line with your body', what: 'they bend' },
  knee: { advice: 'Keep your legs straight', what: 'your knees bend' },
  elbow: { advice: 'Keep your arms straight', what: 'your elbows bend' },
};

/** A posture this far from the reference's is another variant of the movement, not a fault of this one. */
export const VARIANT_DEG = 40;

/**
 * A `posture` joint's difference in plain words, by what it means for the body: the hips
 * sagging or piking, the knees down or the legs straight where the reference's are not, the
 * legs together or split.
 */
function describePosture(feature: TFeatureName, deltaDeg: number, amount: string, phase: string): string {
  if (feature === 'hip_sag' || feature === 'kneeling_sag')
    return deltaDeg > 0
      ? `Hips sag ${amount} ${phase}: keep your body in a straight line`
      : `Hips pike ${amount} ${phase}: keep your body in a straight line`;
  if (feature === 'knee' && deltaDeg <= -VARIANT_DEG)
    return `Knees down (${amount} more bent than the reference ${phase}): this movement is done on straight legs`;
  if (feature === 'knee' && deltaDeg >= VARIANT_DEG)
    return `Legs straight (${amount} straighter than the reference ${phase}): this movement is done on the knees`;
  if (feature === 'knee_lift')
    return deltaDeg < 0
      ? `Knees ${amount} lower than the reference's ${phase}, down towards the floor: this movement is done on straight legs`
      : `Knees ${amount} higher than the reference's ${phase}, off the floor: this movement is done on the knees`;
  if (feature === 'knee_gap')
    return deltaDeg < 0
      ? `Knees level ${phase} where the reference drops the back knee towards the floor: another movement?`
      : `One knee drops ${phase} where the reference keeps them level: keep them level`;
  if (feature === 'elbow_forward')
    return `Elbows ${amount} ${deltaDeg > 0 ? 'further forward' : 'further back'} than the reference's ${phase}: keep them on the reference's path`;
  if (feature === 'elbow_offset')
    return `Elbows ${amount} ${deltaDeg > 0 ? 'further from' : 'closer to'} the shoulders than the reference's ${phase}, across the picture: keep them on the reference's path`;
  if (feature === 'hip_split')
    return deltaDeg < 0
      ? `Legs together ${phase} where the reference splits them ${amount} more: another movement?`
      : `Legs split ${amount} more than the reference ${phase}: keep them alike`;
  return `${capitalise(`your ${FEATURE_WORDS[feature].part} ${phase}`)}: ${aboutDegrees(deltaDeg)} ${deltaDeg < 0 ? 'more bent' : 'straighter'} than the reference`;
}

/** Reps by their number from 1, runs joined: "rep 2", "reps 3-5", "reps 1, 3-5". */
export function repsLabel(indexes: readonly number[]): string {
  const runs: string[] = [];
  const counts: number[] = [];
  for (let k = 0; k < indexes.length; k += 1) {
    const first = indexes[k]!;
    while (k + 1 < indexes.length && indexes[k + 1] === indexes[k]! + 1) k += 1;
    runs.push(first === indexes[k] ? `${first + 1}` : `${first + 1}-${indexes[k]! + 1}`);
    counts.push(indexes[k]! - first + 1);
  }
  // A long take's scattered reps are named up to MAX_RUNS runs, the rest counted, so a line stays
  // short enough to read and to save (a feedback line holds LIMITS.videoAnalysisFeedbackChars).
  if (runs.length > MAX_RUNS) {
    const more = counts.slice(MAX_RUNS - 1).reduce((sum, count) => sum + count, 0);
    return `reps ${runs.slice(0, MAX_RUNS - 1).join(', ')} and ${more} more`;
  }
  return `${nounFor(indexes.length, 'rep')} ${runs.join(', ')}`;
}

/** How many runs of reps a line names (repsLabel). */
const MAX_RUNS = 6;

/**
 * The deviation in plain words. A `limit` fault: "Keep your upper arms still: they swing
 * about 30° more than the reference at the top". A `depth` fault: "Your hips at the bottom:
 * about 20° less movement than the reference". A `posture` fault: "Hips sag about 15° at the
 * bottom of reps 3-5: ...". Otherwise: "Your knees on the way up: about 15° more bent than the
 * reference". `reps` names the reps it is about ("reps 3-5"), when not all of them.
 */
export function describeDeviation(deviation: TDeviation, farEnd = 'the bottom', reps?: string): string {
  const { feature, deltaDeg, mode } = deviation;
  const phase = whenWords(deviation.phase, farEnd, reps);
  const amount = aboutDegrees(deviation.excessDeg ?? deltaDeg);
  if (mode === 'posture') return describePosture(feature, deltaDeg, aboutDegrees(deltaDeg), phase);
  if (mode === 'limit') {
    const words = LIMIT_WORDS[feature.replace(/^(left|right)_/, '')] ?? {
      advice: `Keep your ${FEATURE_WORDS[feature].part} steady`,
      what: 'it moves',
    };
    return `${words.advice}: ${words.what} ${amount} more than the reference ${phase}`;
  }
  if (mode === 'depth') return `${capitalise(`your ${FEATURE_WORDS[feature].part} ${phase}`)}: ${amount} less movement than the reference`;
  const how =
    feature === 'trunk'
      ? deltaDeg > 0
        ? `leaning ${aboutDegrees(deltaDeg)} further forward`
        : `${aboutDegrees(deltaDeg)} more upright`
      : deltaDeg < 0
        ? `${aboutDegrees(deltaDeg)} more bent`
        : `${aboutDegrees(deltaDeg)} straighter`;
  return `${capitalise(`your ${FEATURE_WORDS[feature].part} ${phase}`)}: ${how} than the reference`;
}

/** When in a rep, and in which reps where given: "at the top of reps 2-3", "on the way down". */
export function whenWords(phase: TMovePhase, farEnd: string, reps?: string): string {
  const at = phase === 'bottom' ? `at ${farEnd}` : PHASE_WORDS[phase];
  return reps ? `${at} ${phase === 'bottom' ? 'of' : 'in'} ${reps}` : at;
}

/**
 * A named fault in its words (named-faults.ts), told by its deviation in a rep, or the median
 * one over the reps it is in (`reps`: their label, where not all of them).
 */
export function namedFaultWords(fault: TNamedFault, deviation: TDeviation, farEnd: string, reps?: string): string {
  return fault.words(aboutDegrees(deviation.deltaDeg), whenWords(deviation.phase, farEnd, reps));
}

/** One rep's fault in plain words ("Go about 20° deeper", "Keep your upper arms still: ..."), null for a good rep. */
export function repFault(reference: TReference, rangeRatio: number, worst: TDeviation | null): string | null {
  const { further, farEnd } = movementDefinition(reference.kind ?? 'custom');
  const shortfall = (1 - rangeRatio) * Math.abs(reference.extreme - reference.rest);
  if (rangeRatio < FULL_RANGE) return `Go ${aboutDegrees(shortfall)} ${further}`;
  if (overshoots(reference, rangeRatio)) return beyondWords(reference, rangeRatio);
  if (!worst) return null;
  const named = namedFaultOf(reference.kind, { worst, deviations: [worst] });
  return named ? namedFaultWords(named, worst, farEnd) : describeDeviation(worst, farEnd);
}

/** Whether a rep went so far beyond the far end of a movement whose far end is a place to reach that it is another movement (see overshootCost). */
export const overshoots = (reference: TReference, rangeRatio: number) =>
  overshootCost(movementDefinition(reference.kind ?? 'custom').rangeFromReferenceRest ?? false, rangeRatio) > 0;

/** A rep gone beyond the reference's far end, in plain words. */
export function beyondWords(reference: TReference, rangeRatio: number): string {
  const { further, farEnd } = movementDefinition(reference.kind ?? 'custom');
  const beyond = (rangeRatio - 1) * Math.abs(reference.extreme - reference.rest);
  return `Goes ${aboutDegrees(beyond)} ${further} than the reference's ${farEnd.replace(/^the /, '')}: another movement?`;
}
