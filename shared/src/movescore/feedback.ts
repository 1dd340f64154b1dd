/**
 * Stage 5 of the analysis pipeline (features -> reps -> alignment -> form -> feedback): what
 * the form stage's numbers mean, in plain words, and which reps, joints and moment of the rep
 * each line is about (the replay's timeline shows them there). One fault's words are in
 * feedback-words.ts; whether a reference can stand for its movement, in reference-posture.ts.
 */
import { andList } from '../format.js';
import type { TMovePhase } from './align.js';
import type { TCameraView } from './camera-view.js';
import { FEATURE_WORDS, featureParts, outOfViewHint, type TBodyPart, type TFeatureName } from './features.js';
import { movementDefinition } from './definitions.js';
import { aboutDegrees, beyondWords, describeDeviation, namedFaultWords, overshoots, repFault, repsLabel } from './feedback-words.js';
import { FULL_RANGE, UNTOLD_SCORE, type TDeviation, type TRepScore, type TScoringContext } from './form.js';
import { faultDeviation, namedFaultOf, namedFaultsOf } from './named-faults.js';
import { median, round1 } from './numbers.js';
import type { TReference } from './reference.js';

export { describeDeviation, repFault, repsLabel } from './feedback-words.js';
export { referencePostureError } from './reference-posture.js';

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

/**
 * Whether a deviation can be told from the camera's view. "One knee drops where the reference
 * keeps them level" (`knee_gap` above a level reference) needs the two knees seen apart: side-on
 * they are one behind the other, and the far one the pose model places is a guess (null view: not
 * known, said). The score is not changed, only what is said.
 */
export function isToldFrom(deviation: TDeviation | null, view: TCameraView | null): boolean {
  return !(view === 'side' && deviation?.feature === 'knee_gap' && deviation.deltaDeg > 0);
}

/** Each rep's own fault as the camera's view can tell it (see isToldFrom): the rep's fault, or its range fault alone. */
export function repFaultFrom(reference: TReference, rep: TRepScore, view: TCameraView | null): string | null {
  return isToldFrom(rep.worst, view) ? rep.fault : repFault(reference, rep.rangeRatio, null);
}

/**
 * What each rep's card says beside the take's feedback: its own fault, unless a line of the
 * take's feedback already says it for that rep (the same joint, naming the rep), so one cue is
 * said once per result, with the reps it is about.
 */
export function unsaidRepFaults(reference: TReference, reps: readonly TRepScore[], feedback: readonly TFeedbackLine[]): Array<string | null> {
  return reps.map((rep, index) => {
    if (!rep.fault) return null;
    const isRange = rep.rangeRatio < FULL_RANGE || overshoots(reference, rep.rangeRatio);
    const feature = isRange ? reference.primary : rep.worst?.feature;
    const isSaid = feedback.some((line) => line.reps.includes(index) && feature !== undefined && line.features.includes(feature));
    return isSaid ? null : rep.fault;
  });
}

/** Adds a feedback line about the joints, reps and phase given (none by default). */
type TSay = (text: string, about?: Partial<Omit<TFeedbackLine, 'text'>>) => void;

/** The indexes of the reps a line is about. */
const repsWhere = (reps: readonly TRepScore[], isAbout: (rep: TRepScore, index: number) => boolean) =>
  reps.flatMap((rep, index) => (isAbout(rep, index) ? [index] : []));

/** Body parts the reference's counting signal and weighted form joints need: the only ones worth asking the user to show. */
function neededParts(reference: TReference, weights: readonly number[]): Set<TBodyPart> {
  return new Set([reference.primary, ...reference.features.filter((_, f) => weights[f]! > 0)].flatMap((feature) => featureParts([feature])));
}

/**
 * The take's feedback: what to show, what is short of the reference's range, the fault most
 * reps share, or that the reps are close to the reference; and the tempo, as a note.
 * `deepest` is the deepest level the counting signal reached (1 = the reference's far end);
 * `view` the side the camera saw the person from (a fault it cannot tell is not said: isToldFrom).
 */
export function takeFeedback(
  context: TScoringContext,
  reps: readonly TRepScore[],
  outOfView: readonly TBodyPart[],
  hiddenParts: readonly TBodyPart[],
  deepest: number,
  view: TCameraView | null = null,
): TFeedbackLine[] {
  const { reference } = context;
  const feedback: TFeedbackLine[] = [];
  const say: TSay = (text, about = {}) => feedback.push({ text, features: [], reps: [], phase: null, ...about });
  const needed = neededParts(reference, context.weights);
  const hint = outOfViewHint(outOfView.filter((part) => needed.has(part)));
  if (reps.length === 0) {
    sayNoReps(say, reference, hint, hiddenParts, deepest);
    return feedback;
  }
  if (hint) say(hint);
  sayUnjudged(say, reps);
  const shortfall = sayRange(say, reference, reps);
  sayNamedFaults(say, reference, reps);
  sayWorst(say, reference, reps, shortfall, view);
  if (feedback.length === 0) {
    const close = repsWhere(reps, (rep) => rep.score >= 0.7);
    if (close.length === reps.length) say('Close to the reference: keep it up', { reps: close });
    else say(`${close.length} of ${reps.length} reps close to the reference: keep them alike`, { reps: repsWhere(reps, (rep) => rep.score < 0.7) });
  }
  sayTempo(say, reference, reps);
  return feedback;
}

/** With no rep counted: what kept the count at none (the counting joint unseen, a part out of view, too shallow, no movement). */
function sayNoReps(say: TSay, reference: TReference, hint: string | null, hiddenParts: readonly TBodyPart[], deepest: number): void {
  const span = Math.abs(reference.extreme - reference.rest);
  const { further } = movementDefinition(reference.kind ?? 'custom');
  say('No reps counted');
  const counting = featureParts([reference.primary]).filter((part) => hiddenParts.includes(part));
  if (counting.length > 0) say(`Nothing to count: ${outOfViewHint(counting)!.replace(/^Step back so|^Move so/, 'move so')}`);
  else if (hint) say(hint);
  else if (deepest > 0.05 && deepest < 1)
    say(`Go ${aboutDegrees((1 - deepest) * span)} ${further}: no rep reached the reference's range`, { features: [reference.primary] });
  else say(`Do the full movement: no rep of the ${FEATURE_WORDS[reference.primary].part} was seen`, { features: [reference.primary] });
}

/** The joints left out of the score: misread from frame to frame, or the one that tells the movement apart unseen. */
function sayUnjudged(say: TSay, reps: readonly TRepScore[]): void {
  const misread = repsWhere(reps, (rep) => (rep.unsteady?.length ?? 0) > 0);
  if (misread.length > 0) {
    const features = [...new Set(misread.flatMap((index) => reps[index]!.unsteady!))];
    const parts = andList([...new Set(features.map((feature) => FEATURE_WORDS[feature].part))]);
    const where = misread.length < reps.length ? ` in ${repsLabel(misread)} and were not judged there` : ' and were not judged';
    say(`Your ${parts} were hard to make out${where}: film closer, in good light, with your whole body in view`, {
      features,
      reps: misread,
    });
  }
  const untold = repsWhere(reps, (rep) => rep.untold !== undefined);
  if (untold.length > 0) {
    const feature = reps[untold[0]!]!.untold!;
    const where = untold.length < reps.length ? ` in ${repsLabel(untold)}: those reps score` : ': every rep scores';
    say(`This movement is told apart by your ${FEATURE_WORDS[feature].part}, which could not be made out${where} at most ${UNTOLD_SCORE * 100}%`, {
      features: [feature],
      reps: untold,
    });
  }
}

/** The reps' range against the reference's: short of it, or far beyond it. Answers the median rep's shortfall, degrees. */
function sayRange(say: TSay, reference: TReference, reps: readonly TRepScore[]): number {
  const span = Math.abs(reference.extreme - reference.rest);
  const { further } = movementDefinition(reference.kind ?? 'custom');
  const ratio = median(reps.map((rep) => rep.rangeRatio));
  const shortfall = (1 - ratio) * span;
  if (shortfall >= SHORTFALL_DEG) {
    // About the reps that stopped short by as much (at least half of them, the median being short).
    say(`Go ${aboutDegrees(shortfall)} ${further}`, {
      features: [reference.primary],
      reps: repsWhere(reps, (rep) => (1 - rep.rangeRatio) * span >= SHORTFALL_DEG),
      phase: 'bottom',
    });
  }
  if (overshoots(reference, ratio)) {
    say(beyondWords(reference, ratio), {
      features: [reference.primary],
      reps: repsWhere(reps, (rep) => overshoots(reference, rep.rangeRatio)),
      phase: 'bottom',
    });
  }
  return shortfall;
}

/**
 * Each of the movement's named faults (named-faults.ts) found in any rep, once, with the reps it
 * was found in and the median difference over them.
 */
function sayNamedFaults(say: TSay, reference: TReference, reps: readonly TRepScore[]): void {
  const { farEnd } = movementDefinition(reference.kind ?? 'custom');
  for (const fault of namedFaultsOf(reference.kind)) {
    const found = reps.map((rep) => faultDeviation(fault, rep.deviations));
    const where = repsWhere(reps, (_, index) => found[index] !== null);
    if (where.length === 0) continue;
    const shown = where.map((index) => found[index]!);
    // Said at the moment most of those reps show it, by their median difference.
    const phases = shown.map((deviation) => deviation.phase);
    const phase = phases.sort((a, b) => phases.filter((p) => p === b).length - phases.filter((p) => p === a).length)[0]!;
    const deviation = { ...shown[0]!, phase, deltaDeg: round1(median(shown.map((each) => each.deltaDeg))) };
    say(namedFaultWords(fault, deviation, farEnd, where.length < reps.length ? repsLabel(where) : undefined), {
      features: [fault.feature],
      reps: where,
      phase,
    });
  }
}

/**
 * The fault most reps share, unless it is the depth already said (`shortfall`: the median rep's,
 * degrees) or a named fault (sayNamedFaults says those).
 */
function sayWorst(say: TSay, reference: TReference, reps: readonly TRepScore[], shortfall: number, view: TCameraView | null): void {
  const { farEnd } = movementDefinition(reference.kind ?? 'custom');
  const shared = worstOverReps(
    reps.map((rep) => (namedFaultOf(reference.kind, { worst: rep.worst, deviations: rep.worst ? [rep.worst] : [] }) ? { ...rep, worst: null } : rep)),
    view,
  );
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
}

/** Tempo is a note, never a fault: reps are compared time-normalised. */
function sayTempo(say: TSay, reference: TReference, reps: readonly TRepScore[]): void {
  const tempo = median(reps.map((rep) => rep.durationMs)) / reference.repMs.mean;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const pace = `${seconds(tempo * reference.repMs.mean)} a rep, the reference takes ${seconds(reference.repMs.mean)}`;
  const everyRep = { reps: repsWhere(reps, () => true) };
  if (tempo < 1 / TEMPO_RATIO) say(`Faster than the reference (${pace}): fine while you stay in control`, everyRep);
  if (tempo > TEMPO_RATIO) say(`Slower than the reference (${pace})`, everyRep);
}

/**
 * The (feature, phase) that is the worst deviation of the most reps, if it is in at least a
 * third of them (a fault the camera's view cannot tell left out), told in the direction most of those reps go (hips sagging in some reps and
 * piking in others do not average into a straight line): the median deviation over the reps
 * going that way, and which reps they are (indexes in `reps`).
 */
function worstOverReps(reps: readonly TRepScore[], view: TCameraView | null): { deviation: TDeviation; reps: number[] } | null {
  const groups = new Map<string, number[]>();
  reps.forEach((rep, index) => {
    if (!rep.worst || !isToldFrom(rep.worst, view)) return;
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
