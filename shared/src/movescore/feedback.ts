/**
 * Stage 5 of the analysis pipeline (features -> reps -> alignment -> form -> feedback): what
 * the form stage's numbers mean, in plain words, and which reps, joints and moment of the rep
 * each line is about (the replay's timeline shows them there).
 */
import { andList, nounFor } from '../format.js';
import type { TMovePhase } from './align.js';
import { FEATURE_WORDS, featureParts, outOfViewHint, type TBodyPart, type TFeatureName } from './features.js';
import { movementDefinition } from './definitions.js';
import { FULL_RANGE, overshootCost, UNTOLD_SCORE, type TDeviation, type TRepScore, type TScoringContext } from './form.js';
import { median, round1 } from './numbers.js';
import { formJoints, referenceTolerances, type TReference } from './reference.js';

/**
 * A feedback line and what it is about: the joints it concerns, the reps it applies to (their
 * indexes in `reps`) and the phase of those reps it concerns (null: the whole rep, or none).
 */
export type TFeedbackLine = { text: string; features: TFeatureName[]; reps: number[]; phase: TMovePhase | null };

/** The median rep stopping this many degrees short of the reference's range is worth "go deeper". */
const SHORTFALL_DEG = 7.5;
/**
 * A rep this much faster or slower than the reference's gets a note. Tempo never changes the
 * score (reps are time-normalised): a person squatting faster than the reference is not moving badly.
 */
const TEMPO_RATIO = 2;

const PHASE_WORDS: Readonly<Record<TMovePhase, string>> = {
  down: 'on the way down',
  bottom: 'at the bottom',
  up: 'on the way up',
};

/** Degrees rounded to 5 for speech ("about 15°"), at least 5. */
const aboutDegrees = (value: number) => `about ${Math.max(5, Math.round(Math.abs(value) / 5) * 5)}°`;
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
const VARIANT_DEG = 40;

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
  if (feature === 'elbow_offset')
    return `Elbows ${amount} ${deltaDeg > 0 ? 'further from' : 'closer to'} the shoulders than the reference's ${phase}, across the picture: keep them on the reference's path`;
  if (feature === 'hip_split')
    return deltaDeg < 0
      ? `Legs together ${phase} where the reference splits them ${amount} more: another movement?`
      : `Legs split ${amount} more than the reference ${phase}: keep them alike`;
  return `${capitalise(`your ${FEATURE_WORDS[feature].part} ${phase}`)}: ${aboutDegrees(deltaDeg)} ${deltaDeg < 0 ? 'more bent' : 'straighter'} than the reference`;
}

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
  const at = deviation.phase === 'bottom' ? `at ${farEnd}` : PHASE_WORDS[deviation.phase];
  const phase = reps ? `${at} ${deviation.phase === 'bottom' ? 'of' : 'in'} ${reps}` : at;
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

/** One rep's fault in plain words ("Go about 20° deeper", "Keep your upper arms still: ..."), null for a good rep. */
export function repFault(reference: TReference, rangeRatio: number, worst: TDeviation | null): string | null {
  const { further, farEnd } = movementDefinition(reference.kind ?? 'custom');
  const shortfall = (1 - rangeRatio) * Math.abs(reference.extreme - reference.rest);
  if (rangeRatio < FULL_RANGE) return `Go ${aboutDegrees(shortfall)} ${further}`;
  if (overshoots(reference, rangeRatio)) return beyondWords(reference, rangeRatio);
  return worst ? describeDeviation(worst, farEnd) : null;
}

/** Whether a rep went so far beyond the far end of a movement whose far end is a place to reach that it is another movement (see overshootCost). */
const overshoots = (reference: TReference, rangeRatio: number) =>
  overshootCost(movementDefinition(reference.kind ?? 'custom').rangeFromReferenceRest ?? false, rangeRatio) > 0;

/** A rep gone beyond the reference's far end, in plain words. */
function beyondWords(reference: TReference, rangeRatio: number): string {
  const { further, farEnd } = movementDefinition(reference.kind ?? 'custom');
  const beyond = (rangeRatio - 1) * Math.abs(reference.extreme - reference.rest);
  return `Goes ${aboutDegrees(beyond)} ${further} than the reference's ${farEnd.replace(/^the /, '')}: another movement?`;
}

/** Body parts the reference's counting signal and weighted form joints need: the only ones worth asking the user to show. */
function neededParts(reference: TReference, weights: readonly number[]): Set<TBodyPart> {
  return new Set([reference.primary, ...reference.features.filter((_, f) => weights[f]! > 0)].flatMap((feature) => featureParts([feature])));
}

/**
 * The take's feedback: what to show, what is short of the reference's range, the fault most
 * reps share, or that the reps are close to the reference; and the tempo, as a note.
 * `deepest` is the deepest level the counting signal reached (1 = the reference's far end).
 */
export function takeFeedback(
  context: TScoringContext,
  reps: readonly TRepScore[],
  outOfView: readonly TBodyPart[],
  hiddenParts: readonly TBodyPart[],
  deepest: number,
): TFeedbackLine[] {
  const { reference } = context;
  const feedback: TFeedbackLine[] = [];
  const say = (text: string, about: Partial<Omit<TFeedbackLine, 'text'>> = {}) =>
    feedback.push({ text, features: [], reps: [], phase: null, ...about });
  const repsWhere = (isAbout: (rep: TRepScore) => boolean) => reps.flatMap((rep, index) => (isAbout(rep) ? [index] : []));
  const needed = neededParts(reference, context.weights);
  const hint = outOfViewHint(outOfView.filter((part) => needed.has(part)));
  const span = Math.abs(reference.extreme - reference.rest);
  const { further, farEnd } = movementDefinition(reference.kind ?? 'custom');
  if (reps.length === 0) {
    say('No reps counted');
    const counting = featureParts([reference.primary]).filter((part) => hiddenParts.includes(part));
    if (counting.length > 0) say(`Nothing to count: ${outOfViewHint(counting)!.replace(/^Step back so|^Move so/, 'move so')}`);
    else if (hint) say(hint);
    else if (deepest > 0.05 && deepest < 1)
      say(`Go ${aboutDegrees((1 - deepest) * span)} ${further}: no rep reached the reference's range`, { features: [reference.primary] });
    else say(`Do the full movement: no rep of the ${FEATURE_WORDS[reference.primary].part} was seen`, { features: [reference.primary] });
    return feedback;
  }
  if (hint) say(hint);
  const misread = repsWhere((rep) => (rep.unsteady?.length ?? 0) > 0);
  if (misread.length > 0) {
    const features = [...new Set(misread.flatMap((index) => reps[index]!.unsteady!))];
    const parts = andList([...new Set(features.map((feature) => FEATURE_WORDS[feature].part))]);
    const where = misread.length < reps.length ? ` in ${repsLabel(misread)} and were not judged there` : ' and were not judged';
    say(`Your ${parts} were hard to make out${where}: film closer, in good light, with your whole body in view`, {
      features,
      reps: misread,
    });
  }
  const untold = repsWhere((rep) => rep.untold !== undefined);
  if (untold.length > 0) {
    const feature = reps[untold[0]!]!.untold!;
    const where = untold.length < reps.length ? ` in ${repsLabel(untold)}: those reps score` : ': every rep scores';
    say(`This movement is told apart by your ${FEATURE_WORDS[feature].part}, which could not be made out${where} at most ${UNTOLD_SCORE * 100}%`, {
      features: [feature],
      reps: untold,
    });
  }
  const ratio = median(reps.map((rep) => rep.rangeRatio));
  const shortfall = (1 - ratio) * span;
  if (shortfall >= SHORTFALL_DEG) {
    // About the reps that stopped short by as much (at least half of them, the median being short).
    say(`Go ${aboutDegrees(shortfall)} ${further}`, {
      features: [reference.primary],
      reps: repsWhere((rep) => (1 - rep.rangeRatio) * span >= SHORTFALL_DEG),
      phase: 'bottom',
    });
  }
  if (overshoots(reference, ratio)) {
    say(beyondWords(reference, ratio), {
      features: [reference.primary],
      reps: repsWhere((rep) => overshoots(reference, rep.rangeRatio)),
      phase: 'bottom',
    });
  }
  const shared = worstOverReps(reps);
  const worst = shared?.deviation;
  // The primary joint at the bottom is the depth, already said.
  const isDepthAgain = worst?.feature === reference.primary && (worst.mode === 'depth' || worst.phase === 'bottom') && shortfall >= SHORTFALL_DEG;
  if (shared && worst && !isDepthAgain) {
    const about = shared.reps;
    say(describeDeviation(worst, farEnd, about.length < reps.length ? repsLabel(about) : undefined), {
      features: [worst.feature],
      reps: about,
      phase: worst.phase,
    });
  }
  if (feedback.length === 0) {
    const close = repsWhere((rep) => rep.score >= 0.7);
    if (close.length === reps.length) say('Close to the reference: keep it up', { reps: close });
    else say(`${close.length} of ${reps.length} reps close to the reference: keep them alike`, { reps: repsWhere((rep) => rep.score < 0.7) });
  }
  // Tempo is a note, never a fault: reps are compared time-normalised.
  const tempo = median(reps.map((rep) => rep.durationMs)) / reference.repMs.mean;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const pace = `${seconds(tempo * reference.repMs.mean)} a rep, the reference takes ${seconds(reference.repMs.mean)}`;
  const everyRep = { reps: repsWhere(() => true) };
  if (tempo < 1 / TEMPO_RATIO) say(`Faster than the reference (${pace}): fine while you stay in control`, everyRep);
  if (tempo > TEMPO_RATIO) say(`Slower than the reference (${pace})`, everyRep);
  return feedback;
}

/**
 * The (feature, phase) that is the worst deviation of the most reps, if it is in at least a
 * third of them, told in the direction most of those reps go (hips sagging in some reps and
 * piking in others do not average into a straight line): the median deviation over the reps
 * going that way, and which reps they are (indexes in `reps`).
 */
function worstOverReps(reps: readonly TRepScore[]): { deviation: TDeviation; reps: number[] } | null {
  const groups = new Map<string, number[]>();
  reps.forEach((rep, index) => {
    if (!rep.worst) return;
    const key = `${rep.worst.feature}/${rep.worst.phase}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const most = [...groups.values()].sort((a, b) => b.length - a.length)[0];
  if (!most || most.length * 3 < reps.length) return null;
  const worstOf = (index: number) => reps[index]!.worst!;
  const size = (indexes: readonly number[]) => indexes.reduce((sum, index) => sum + Math.abs(worstOf(index).deltaDeg), 0);
  const [positive, negative] = [most.filter((index) => worstOf(index).deltaDeg >= 0), most.filter((index) => worstOf(index).deltaDeg < 0)];
  const isPositive = positive.length > negative.length || (positive.length === negative.length && size(positive) >= size(negative));
  const side = isPositive ? positive : negative;
  const excess = side.flatMap((index) => worstOf(index).excessDeg ?? []);
  return {
    deviation: {
      ...worstOf(side[0]!),
      deltaDeg: round1(median(side.map((index) => worstOf(index).deltaDeg))),
      ...(excess.length > 0 ? { excessDeg: round1(median(excess)) } : {}),
    },
    reps: side,
  };
}
