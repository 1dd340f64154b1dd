/**
 * A take's reps counted with no reference, on its own range: how a reference is built from its
 * take, and how a take is counted where there is none (countReps).
 */
import { APP_ERRORS, MovelabError } from '../errors.js';
import { takeCameraView } from './camera-view.js';
import { confirmingSignals, movementDefinition } from './definitions.js';
import type { TMovementDefinition } from './movement-definition.js';
import type { TMovementKind } from './movement-kinds.js';
import { FEATURE_INDEX, MEAN_FEATURES, type TFeatureName } from './feature-names.js';
import { SIGNAL_NAMES } from './feature-words.js';
import { cleanPose, poseFeatures, type TFeatureSeries } from './features.js';
import { featureParts, mostlyOutOfView } from './in-view.js';
import { SIGNAL_DEFAULTS, type TPoseSeries, type TSignalOptions } from './keypoint-stage.js';
import { finiteSorted, median, quantile, robustRange } from './numbers.js';
import { periodicity } from './periodicity.js';
import { repConfigFor } from './reference-config.js';
import { ZFeatureName } from './reference-schema.js';
import { segmentReps, type TRep } from './reps.js';
import type { TTake } from './take.js';

/** The columns of the signals that confirm reps of this kind counted on `primary` (see reps.ts). */
export function confirmingColumns(series: TFeatureSeries, kind: TMovementKind, primary: TFeatureName): Float64Array[] {
  return confirmingSignals(kind, primary).map((feature) => series.values[FEATURE_INDEX[feature]]!);
}

/** A signal seen in fewer of the take's frames than this share is not one reps can be counted on. */
const SEEN_SHARE = 0.6;

const seenShare = (column: Float64Array) => finiteSorted(column).length / Math.max(1, column.length);

/**
 * The signals `custom` may count on: the mean joint angles, and the upper arm's raise read from
 * the elbow's height, which an arm raised towards the camera keeps where the shoulder's angle in
 * the picture is lost (measured: docs/movescore-tuning.md).
 */
const CUSTOM_COUNTING = [...MEAN_FEATURES, 'arm_raise'] as const satisfies readonly TFeatureName[];

/**
 * Whether the body is more level than upright in most of the take (a push-up, a plank): the
 * arm's raise is then not counted on. It is read as the elbow's height against an upright trunk,
 * which means little with the body level (measured: docs/movescore-tuning.md).
 */
const isLevel = (series: TFeatureSeries) => quantile(finiteSorted(series.values[FEATURE_INDEX.trunk]!), 0.5) > 45;

/**
 * A signal seen in fewer frames than SEEN_SHARE may still be counted on by `custom` when no
 * signal is seen in more, down to this share: a curl filmed from the chest up (Pose Trainer's)
 * has no hips, and its elbow is seen in about half the frames, the model unsure of it with the
 * forearm raised; counted on it, its one rep is found, as the curl's definition finds it.
 */
const SEEN_SHARE_AT_LEAST = 0.3;

/**
 * A signal moving less than this share of the widest one's range is not counted on by `custom`,
 * however regularly it repeats: the widest movement is the one the person makes.
 */
const WIDE_SHARE = 0.5;

/**
 * Below this periodicity (periodicity.ts) no signal repeats: a take of one or two reps, counted
 * on the widest signal.
 */
const REPEATS_AT_LEAST = 0.4;

/**
 * For `custom`: among the signals seen in most frames (or, where none is, in
 * SEEN_SHARE_AT_LEAST of them; the arm's raise only with the body upright) and moving at least
 * WIDE_SHARE of the widest one's range, the one whose range times periodicity squared is
 * largest; the widest where none repeats. A joint the camera sees foreshortened (an elbow
 * pointing at it in a pull-up) reads a rep as two uneven dips or as noise, and repeats less
 * regularly than the body's main movement; a joint the pose model misreads now and then gains
 * range from it and loses regularity, hence the square. Where that is the elbow of a body upright
 * and the shoulder repeats too, the shoulder: the elbow's angle is between the upper arm and the
 * forearm, either of which may point at the camera mid-rep (a pull-up's elbow then reads a rep as
 * two dips), the shoulder's against the trunk. With the body level (a push-up, a bench press) the
 * elbow is the movement and the shoulder follows it less (measured: docs/movescore-tuning.md).
 */
export function detectPrimary(series: TFeatureSeries): TFeatureName {
  const level = isLevel(series);
  const candidates = level ? CUSTOM_COUNTING.filter((feature) => feature !== 'arm_raise') : CUSTOM_COUNTING;
  for (const share of [SEEN_SHARE, SEEN_SHARE_AT_LEAST]) {
    const seen = candidates
      .map((feature) => ({ feature, column: series.values[FEATURE_INDEX[feature]]! }))
      .filter(({ column }) => seenShare(column) >= share)
      .map(({ feature, column }) => ({ feature, column, range: robustRange(column) }))
      .filter(({ range }) => range > 0)
      .sort((a, b) => b.range - a.range);
    if (seen.length === 0) continue;
    const wide = seen
      .filter(({ range }) => range >= WIDE_SHARE * seen[0]!.range)
      .map(({ feature, column, range }) => ({ feature, range, repeats: periodicity(series.t, column) }));
    const regular = wide.filter(({ repeats }) => repeats >= REPEATS_AT_LEAST);
    if (regular.length === 0) return seen[0]!.feature;
    const weight = ({ range, repeats }: { range: number; repeats: number }) => range * repeats ** 2;
    const best = regular.reduce((best, next) => (weight(next) > weight(best) ? next : best)).feature;
    const nearer = best === 'elbow' && !level ? 'shoulder' : null;
    return nearer && regular.some(({ feature }) => feature === nearer) ? nearer : best;
  }
  throw new MovelabError(APP_ERRORS.badRequest, 'Reference take: the body is not in view in most frames', 400);
}

/**
 * The counting signal's rest and far end as the take's own robust range (5th and 95th
 * percentile). Which end is rest comes from the definition; for `custom`, the end the signal
 * spends more time near (people pause at rest, not at the bottom).
 */
export function ownRange(signal: ArrayLike<number>, restIsHigh: boolean | null): { rest: number; extreme: number } {
  const sorted = finiteSorted(signal);
  const [low, high] = [quantile(sorted, 0.05), quantile(sorted, 0.95)];
  const isHigh = restIsHigh ?? quantile(sorted, 0.5) > (low + high) / 2;
  return isHigh ? { rest: high, extreme: low } : { rest: low, extreme: high };
}

/**
 * The signal a reference of this definition counts on, from its take: the definition's, or
 * where it names one, another for a take filmed facing the camera (`countingFacing`) or, where
 * the counting signal is mostly out of view, the first of `countingUnseen` seen in most frames
 * (the first, to be refused naming its parts, where none is); null for `custom`.
 */
function countingSignal(definition: TMovementDefinition, take: TTake, series: TFeatureSeries): TFeatureName | null {
  const { counting, countingFacing, countingUnseen = [] } = definition;
  const chosen = countingFacing && takeCameraView(take) === 'facing' ? countingFacing : counting;
  const isSeen = (feature: TFeatureName) => seenShare(series.values[FEATURE_INDEX[feature]]!) >= SEEN_SHARE;
  if (!chosen || countingUnseen.length === 0 || isSeen(chosen)) return chosen;
  return countingUnseen.find(isSeen) ?? countingUnseen[0]!;
}

/** Why a reference take's counting signal gives no range: its body parts out of view, or it hardly moves. */
function unmovedMessage(pose: TPoseSeries, primary: TFeatureName, signal: Float64Array): string {
  const angle = `the ${SIGNAL_NAMES[primary]}`;
  if (seenShare(signal) >= SEEN_SHARE) return `Reference take: ${angle} hardly moves (no reps to learn from)`;
  const needed = featureParts([primary]);
  const hidden = mostlyOutOfView(pose).filter((part) => needed.includes(part));
  const names = (hidden.length > 0 ? hidden : needed).join(' and ');
  return `Reference take: ${angle}, which this movement is counted on, is not seen in most frames (the ${names} out of view)`;
}

export type TBuildReferenceOptions = {
  /** The kind of movement; `custom` (the default) chooses the counting joint from the take. */
  kind?: TMovementKind;
  /** The feature reps are counted on, overriding the definition's. */
  primaryJoint?: TFeatureName;
  signal?: TSignalOptions;
};

/** A take's reps counted on its own range, and what they were counted on. */
export type TOwnReps = {
  series: TFeatureSeries;
  /** The signal counted on, and the definition's choice for this take (null for `custom`). */
  primary: TFeatureName;
  counting: TFeatureName | null;
  /** The shortest a rep may be (a twitch is shorter), from the reps found. */
  minRepMs: number;
  reps: TRep[];
};

/**
 * Counts a take's reps with no reference, on the signal its definition names for the take (or,
 * for `custom`, the one with the widest range) and the take's own robust range, the way a
 * reference is built: which end is rest, when nothing says, is the one the reps go out from and
 * come back to, and a twitch is a third of a typical rep. Throws a MovelabError saying why when
 * the take has no rep to count.
 */
export function ownReps(take: TTake, kind: TMovementKind, options: TBuildReferenceOptions = {}): TOwnReps {
  const definition = movementDefinition(kind);
  const pose = cleanPose(take, options.signal ?? SIGNAL_DEFAULTS);
  const series = poseFeatures(pose);
  const counting = countingSignal(definition, take, series);
  const primary = options.primaryJoint ? ZFeatureName.parse(options.primaryJoint) : (counting ?? detectPrimary(series));
  const signal = series.values[FEATURE_INDEX[primary]]!;
  const known = primary === counting ? definition.restIsHigh : null;
  const confirming = confirmingColumns(series, kind, primary);
  const roughReps = (range: { rest: number; extreme: number }) =>
    segmentReps(series.t, signal, repConfigFor(range.rest, range.extreme, 300), confirming);
  // Which end is rest, when nothing says: the one the reps go out from and come back to. The end
  // the signal spends more time near (ownRange's guess) is not it in a take of one or two slow
  // reps that holds the far end (a curl held at the top), so both are tried and the one that
  // finds more full reps is kept (the guess where they tie).
  const guess = ownRange(signal, known);
  const flipped = { rest: guess.extreme, extreme: guess.rest };
  const [fromGuess, fromFlipped] = [roughReps(guess), known === null ? roughReps(flipped) : []];
  const [range, rough] = fromFlipped.length > fromGuess.length ? [flipped, fromFlipped] : [guess, fromGuess];
  if (!(Math.abs(range.extreme - range.rest) >= 10)) {
    throw new MovelabError(APP_ERRORS.badRequest, unmovedMessage(pose, primary, signal), 400);
  }
  // Two passes: reps found on the take's own range give the rep length and the real ends.
  if (rough.length === 0) {
    throw new MovelabError(APP_ERRORS.badRequest, `Reference take: no full rep found (counted on the ${SIGNAL_NAMES[primary]})`, 400);
  }
  // A twitch, not a rep: under a third of a typical rep, and never more than 0.6 s (fast reps are real).
  const minRepMs = Math.min(600, Math.max(250, 0.3 * median(rough.map((rep) => rep.endMs - rep.startMs))));
  const refined = segmentReps(series.t, signal, repConfigFor(range.rest, range.extreme, minRepMs), confirming);
  return { series, primary, counting, minRepMs, reps: refined.length > 0 ? refined : rough };
}
