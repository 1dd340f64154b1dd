/**
 * Stage 4 of the analysis pipeline (features -> reps -> alignment -> form -> feedback): how a
 * rep, aligned with the reference, differs from it, joint by joint, in numbers. The counting
 * joint's range of motion (depth), and each joint the movement's definition names compared in
 * the way its mode says (see definitions.ts), beyond its tolerance band. No words here: the
 * feedback stage says what the numbers mean. What it needs of a reference is in
 * scoring-context.ts, each joint's excess over its band in joint-excess.ts.
 */
import type { TAlignment, TMovePhase } from './align.js';
import type { TFeatureName } from './features.js';
import { round1 } from './numbers.js';
import type { TFormMode } from './definitions.js';
import type { TRep } from './reps.js';
import { jointExcess, weightedExcess } from './joint-excess.js';
import type { TScoringContext } from './scoring-context.js';

export { jointDifferences } from './joint-excess.js';
export { scoringContext, type TScoringContext } from './scoring-context.js';

export type TDeviation = {
  feature: TFeatureName;
  phase: TMovePhase;
  /** Take minus reference, degrees, each measured from its own rest posture at the start of the rep (a `posture` joint: as is, and from its ideal where that cost more). */
  deltaDeg: number;
  /** Which way a difference is a fault for this joint (absent: both ways). */
  mode?: TFormMode;
  /** Mean difference in the fault's direction beyond the tolerance band, degrees (absent: not computed). */
  excessDeg?: number;
};

/** One scored rep, as the take's result lists it (score.ts). */
export type TRepScore = {
  /** 0..1: form times range. */
  score: number;
  /** 0..1 from the joints' differences beyond their bands alone. */
  shapeScore: number;
  /** Mean DTW distance to the template, degrees. */
  distanceDeg: number;
  /** How far the rep went, as a fraction of the reference's range (1 = as deep). */
  rangeRatio: number;
  /** Primary angle at the deepest point, degrees. */
  depthDeg: number;
  startMs: number;
  endMs: number;
  durationMs: number;
  /** The joint and phase that differ most from the reference, when it is worth saying. */
  worst: TDeviation | null;
  /** This rep's fault in plain words ("Go about 20° deeper", "Keep your upper arms still: ..."), null for a good rep. */
  fault: string | null;
  /** Mean difference per feature and phase (for the UI's detail view). */
  deviations: TDeviation[];
  /** Joints of the movement read too unsteadily in this rep to judge (align.ts, isUnsteady), left out of its score; absent when none. */
  unsteady?: TFeatureName[];
  /** Joints of the movement out of view in this rep (judged.ts, unseenJoints), left out of its score; absent when none. */
  unseen?: TFeatureName[];
  /** The joint that tells this movement apart (its definition's `toldBy`), where it was not judged in this rep: the score is at most UNTOLD_SCORE. */
  untold?: TFeatureName;
};

/** What the form stage found in one rep. */
export type TRepForm = {
  /** 0..1: form times range. */
  score: number;
  /** 0..1 from the joints' differences beyond their bands. */
  shapeScore: number;
  /** How far the rep went, as a fraction of the reference's range (1 = as deep). */
  rangeRatio: number;
  /** The joint and phase that differ most from the reference, when it is worth saying. */
  worst: TDeviation | null;
  /** Mean difference per feature and phase. */
  deviations: TDeviation[];
  /** See TRepScore. */
  untold?: TFeatureName;
};

/** Degrees of weighted difference beyond the tolerance bands at which the form score falls to 1/e. */
const FORM_SCALE_DEG = 10;
/**
 * Range of motion as a fraction of the reference's: from FULL_RANGE up counts fully, under
 * NO_RANGE counts nothing, linear between (half the depth loses well over half the points).
 */
export const FULL_RANGE = 0.85;
const NO_RANGE = 0.3;
/**
 * For the movements whose far end is a place to reach (`rangeFromReferenceRest`), a rep going
 * beyond it by more than half the reference's range is another movement, up to nothing at
 * twice the range: a shoulder press under a front raise's reference goes from the raise's top
 * to overhead, while real curls and raises of other people stay well within it
 * (docs/movescore-tuning.md).
 */
const OVERSHOOT_FREE = 1.5;
const OVERSHOOT_NONE = 2;

/** The share of a rep's range score lost to going beyond the far end (0 for movements whose far end is not a place to reach). */
export function overshootCost(rangeFromReferenceRest: boolean, rangeRatio: number): number {
  return rangeFromReferenceRest ? Math.min(1, Math.max(0, (rangeRatio - OVERSHOOT_FREE) / (OVERSHOOT_NONE - OVERSHOOT_FREE))) : 0;
}
/**
 * The most a rep scores where the joint that tells its movement apart (the definition's `toldBy`)
 * is not judged: out of view or misread, nothing shows it is this movement rather than its
 * neighbour (PushFit's good push-ups on the toes whose knees are out of view scored 100% under the
 * catalogue knee push-up, as under their own).
 */
export const UNTOLD_SCORE = 0.5;
/** Below this excess over the tolerance band (degrees) a difference is not worth a word (about the excess that costs a rep 10 points). */
export const MENTION_DEG = 2.5;

/** Evaluates the form of one aligned rep against the reference. */
export function evaluateRep(context: TScoringContext, alignment: TAlignment, rep: TRep): TRepForm {
  const { reference, weights } = context;
  const { excess, fromIdeal } = jointExcess(context, alignment);
  const formExcess = weightedExcess(weights, excess);
  const shapeScore = Number.isNaN(formExcess) ? 0 : Math.exp(-formExcess / FORM_SCALE_DEG);
  // Range of motion: how far this rep moved from where it started against the reference's excursion
  // (person-normalised: a stiff knee at rest is no fault), or how far it got on the reference's own
  // scale, whichever is further (a rest hidden from the camera, the wrist behind the thigh, is no fault either).
  // For some kinds a start beyond the reference's rest (an arm straighter than the reference's at the bottom of a curl) is no range.
  const towards = Math.sign(reference.extreme - reference.rest);
  const start = context.rangeFromReferenceRest && (rep.startValue - reference.rest) * towards < 0 ? reference.rest : rep.startValue;
  const moved = Math.max(0, (rep.peakValue - start) * towards) / Math.abs(reference.extreme - reference.rest);
  const rangeRatio = Math.max(0, moved, rep.peak);
  const rangeScore =
    Math.min(1, Math.max(0, (rangeRatio - NO_RANGE) / (FULL_RANGE - NO_RANGE))) * (1 - overshootCost(context.rangeFromReferenceRest, rangeRatio));
  const deviations = phaseDeviations(context, alignment, fromIdeal, excess);
  const untold = context.toldBy >= 0 && Number.isNaN(excess[context.toldBy]!) ? reference.features[context.toldBy] : undefined;
  return {
    score: untold ? Math.min(UNTOLD_SCORE, shapeScore * rangeScore) : shapeScore * rangeScore,
    ...(untold ? { untold } : {}),
    shapeScore,
    rangeRatio,
    worst: worstDeviation(context, deviations, excess),
    deviations,
  };
}

/**
 * Mean (take - reference) per feature and phase along the DTW path: both measured from their
 * rest postures, or as they are for a `posture` joint, whose difference is from its ideal
 * instead where that cost more (`fromIdeal`): the hips sagging 15° from straight, not 7° more
 * than a reference's that sag 8°. Each with its joint's excess over its band in the rep, where
 * known, so every fault of a rep can be named (named-faults.ts), not only the worst.
 */
function phaseDeviations(context: TScoringContext, alignment: TAlignment, fromIdeal: readonly boolean[], excess: readonly number[]): TDeviation[] {
  const { reference, phases, joints } = context;
  const { path } = alignment;
  const deviations: TDeviation[] = [];
  reference.features.forEach((feature, row) => {
    const { mode } = joints[row]!;
    const isPosture = mode === 'posture';
    const take = (isPosture ? alignment.absolute : alignment.moved)[row]!;
    const template = isPosture ? reference.template[row]! : context.template[row]!;
    const ideal = fromIdeal[row] ? joints[row]!.ideal : null;
    for (const phase of ['down', 'bottom', 'up'] as const) {
      let sum = 0;
      let count = 0;
      for (const [i, j] of path) {
        const delta = take[j]! - (typeof ideal === 'number' ? ideal : template[i]!);
        if (phases[i] !== phase || Number.isNaN(delta)) continue;
        sum += delta;
        count += 1;
      }
      const beyond = Number.isFinite(excess[row]!) ? { excessDeg: round1(excess[row]!) } : {};
      if (count > 0) deviations.push({ feature, phase, deltaDeg: round1(sum / count), mode, ...beyond });
    }
  });
  return deviations;
}

/**
 * The fault most worth telling: the joint furthest outside its band (weighted by how much it
 * matters in this movement), at the phase where it differs most (where it is judged, for one held
 * to its ideal at the far end); null when none is worth a word.
 */
function worstDeviation(context: TScoringContext, deviations: readonly TDeviation[], excess: readonly number[]): TDeviation | null {
  const { reference, weights } = context;
  const heaviest = Math.max(...weights);
  const importance = (f: number) => (weights[f]! > 0 && Number.isFinite(excess[f]!) ? excess[f]! * (0.5 + (0.5 * weights[f]!) / heaviest) : 0);
  const order = reference.features.map((_, f) => f).sort((a, b) => importance(b) - importance(a));
  const f = order[0];
  if (f === undefined || importance(f) <= 0 || excess[f]! < MENTION_DEG) return null;
  const phases = deviations.filter((deviation) => deviation.feature === reference.features[f]);
  // A joint held to its ideal at the far end alone (a press's elbows straight at the top) differs there.
  const { atFarEnd, ideal } = context.joints[f]!;
  const top =
    atFarEnd && ideal !== null
      ? phases.find((deviation) => deviation.phase === 'bottom')
      : phases.sort((a, b) => Math.abs(b.deltaDeg) - Math.abs(a.deltaDeg))[0];
  return top ? { ...top, excessDeg: round1(excess[f]!) } : null;
}
