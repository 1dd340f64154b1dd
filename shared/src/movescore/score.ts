/**
 * The analysis pipeline, one stage a module, the same stages for the live counter (live.ts)
 * and the final score:
 *
 *   take -> features (features.ts: gating, smoothing, joint angles)
 *        -> rep segmentation (reps.ts: the rep tracker)
 *        -> alignment to the reference (align.ts: time normalisation, rest posture, DTW)
 *        -> form evaluation (form.ts: each joint against the reference at the aligned moments)
 *        -> feedback wording (feedback.ts)
 *
 * This module only runs the stages in order and puts their answers together.
 */
import { MovelabError } from '../errors.js';
import { alignRep, scoredRepMatrix, type TAlignment, type TScoredRepRows } from './align.js';
import { FEATURE_INDEX } from './feature-names.js';
import { cleanPoses, poseFeatures, poseFeaturesBeside, type TFeatureSeries } from './features.js';
import { mostlyOutOfView, partsOutOfViewOften, type TBodyPart } from './in-view.js';
import { SIGNAL_DEFAULTS, type TPoseSeries, type TSignalOptions } from './keypoint-stage.js';
import { takeCameraView, type TCameraView } from './camera-view.js';
import { repFault, repFaultFrom, takeFeedback, unsaidRepFaults, type TFeedbackLine } from './feedback.js';
import { formNotJudged, notJudgedFeedback, unseenJoints, type TNotJudged } from './judged.js';
import { countedOnLine, countedOnNotJudged } from './counted-on.js';
import { fallbackReps, type TCountedOn } from './fallback-count.js';
import { evaluateRep, jointDifferences, scoringContext, type TRepScore, type TScoringContext } from './form.js';
import { round1, round3 } from './numbers.js';
import { confirmingColumns, ownReps } from './own-reps.js';
import { repConfig } from './reference-config.js';
import { parseReference, type TReference } from './reference-schema.js';
import type { TMovementKind } from './movement-kinds.js';
import { segmentReps, type TRep } from './reps.js';
import { parseTake } from './take.js';

export type { TMovePhase } from './align.js';

export type { TRepScore };

export type TScoreResult = {
  /** 0..1: the mean of the rep scores, 0 without reps; null where the form was not judged (`notJudged` says why). */
  score: number | null;
  /** Why the form was not judged (the joints that decide it unseen in most reps: judged.ts), or null where it was. */
  notJudged: TNotJudged | null;
  repCount: number;
  reps: TRepScore[];
  feedback: string[];
  /** Per rep, its own fault where `feedback` does not already say it for that rep (a rep card's line), else null. */
  repCues: Array<string | null>;
  /** Body parts out of view in most frames. */
  outOfView: TBodyPart[];
  /** The part counted on where the counting joint was mostly out of view (fallback-count.ts); absent where it was seen. */
  countedOn?: TCountedOn;
  durationMs: number;
};

/** A scored rep with the DTW path it was scored along: pairs [template sample, rep sample], from the start. */
export type TAlignedRep = { score: TRepScore; path: Array<[number, number]>; alignment: TAlignment };

/**
 * Alignment, form and the rep's fault for one rep (rows in the reference's feature order): the
 * stages after segmentation. `hidden`: the body parts out of view in most of the rep's frames.
 */
function alignAndScoreRep(context: TScoringContext, { rows, unsteady }: TScoredRepRows, rep: TRep, hidden: readonly TBodyPart[]): TAlignedRep {
  const alignment = alignRep(context.template, context.weights, rows);
  const unjudged = unsteady.filter((feature) => context.weights[context.reference.features.indexOf(feature)]! > 0);
  const unseen = unseenJoints(context.reference, context.weights, rows, hidden);
  const form = evaluateRep(context, alignment, rep);
  const score: TRepScore = {
    score: round3(form.score),
    shapeScore: round3(form.shapeScore),
    distanceDeg: round1(alignment.cost),
    rangeRatio: round3(form.rangeRatio),
    depthDeg: round1(rep.peakValue),
    startMs: Math.round(rep.startMs),
    endMs: Math.round(rep.endMs),
    durationMs: Math.round(rep.endMs - rep.startMs),
    worst: form.worst,
    fault: repFault(context.reference, form.rangeRatio, form.worst),
    deviations: form.deviations,
    ...(unjudged.length > 0 ? { unsteady: unjudged } : {}),
    ...(unseen.length > 0 ? { unseen } : {}),
    ...(form.untold ? { untold: form.untold } : {}),
  };
  return { score, path: alignment.path, alignment };
}

/**
 * Scores one rep given its time-normalised features (rows in the reference's feature order,
 * scoredRepMatrix) and the body parts out of view in most of its frames: what the live counter does per rep.
 */
export function scoreRepMatrix(context: TScoringContext, matrix: TScoredRepRows, rep: TRep, hidden: readonly TBodyPart[] = []): TRepScore {
  return alignAndScoreRep(context, matrix, rep, hidden).score;
}

export type TScoreOptions = { signal?: TSignalOptions };

/** Scores a take (validated here) against a reference (validated here). */
export function scoreTake(referenceInput: unknown, takeInput: unknown, options: TScoreOptions = {}): TScoreResult {
  return analyseTake(referenceInput, takeInput, options).result;
}

/** Everything the score was computed from, for a replay: the found reps with their DTW paths, and the cleaned pose. */
export type TTakeAnalysis = {
  result: TScoreResult;
  reference: TReference;
  context: TScoringContext;
  /** Per rep of `result.reps`: the tracker's rep (frame indexes) and its DTW path. */
  aligned: Array<TAlignedRep & { rep: TRep }>;
  feedback: TFeedbackLine[];
  /** Keypoints after gating, gap filling and smoothing, in units of the image height. */
  pose: TPoseSeries;
  series: TFeatureSeries;
  size: { width: number; height: number };
};

/** Scores a take like `scoreTake` and keeps what a replay needs (validated here). */
export function analyseTake(referenceInput: unknown, takeInput: unknown, options: TScoreOptions = {}): TTakeAnalysis {
  const reference = parseReference(referenceInput);
  const take = parseTake(takeInput);
  const signalOptions = options.signal ?? SIGNAL_DEFAULTS;
  const { interpolate: pose, hold } = cleanPoses(take, signalOptions);
  const series = poseFeatures(pose);
  // The count reads the take as the live counter did, holding a keypoint it stopped seeing over a
  // short gap rather than interpolating it, so the saved result counts the reps the live count
  // showed (interpolated, a gap at a rep's turn or at the take's end made it count one fewer: 12 of
  // 1,440 generated stops, `npx tsx scripts/bench-engine.ts`, and a phone-filmed take in the
  // browser tests); the joints' form is judged on the interpolated positions.
  return {
    ...scoreSeries(reference, pose, series, { pose: hold, series: poseFeaturesBeside(hold, pose, series) }, takeCameraView(take)),
    size: { width: take.width, height: take.height },
  };
}

/**
 * Per feature of the reference, the mean over the take's reps of each rep's mean absolute
 * difference from the reference at the aligned moments (degrees, NaN: not seen). Over good
 * takes of other people than the reference's, these are the normal variation between people
 * that a tolerance band must let through (eval:real learns the bands from them).
 */
export function referenceDifferences(referenceInput: unknown, takeInput: unknown, options: TScoreOptions = {}): number[] {
  const analysis = analyseTake(referenceInput, takeInput, options);
  const perRep = analysis.aligned.map(({ alignment }) => jointDifferences(analysis.context, alignment));
  return analysis.reference.features.map((_, f) => {
    const known = perRep.map((row) => row[f]!).filter((value) => !Number.isNaN(value));
    return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : Number.NaN;
  });
}

/**
 * Counts the reps of a take with no reference, as a reference built from it would find them
 * (ownReps): none where it has nothing to count (the counting joint out of view or still).
 */
export function countReps(takeInput: unknown, kind: TMovementKind, options: TScoreOptions = {}): TRep[] {
  const take = parseTake(takeInput);
  try {
    return ownReps(take, kind, options).reps;
  } catch (error) {
    if (error instanceof MovelabError) return [];
    throw error;
  }
}

/** A found rep's rows in the reference's feature order, each joint the pose model misreads in it left unknown (scoredRepMatrix). */
function scoredRows(reference: TReference, series: TFeatureSeries, rep: TRep): TScoredRepRows {
  const columns = reference.features.map((feature) => series.values[FEATURE_INDEX[feature]]!);
  return scoredRepMatrix(series.t, columns, rep, reference.features, reference.primary);
}

/** The reps of a take: on the counting signal, or on the kind's fallback where that was mostly unseen (fallback-count.ts). */
function findReps(reference: TReference, counted: { pose: TPoseSeries; series: TFeatureSeries }): { found: TRep[]; countedOn: TCountedOn | null } {
  const config = repConfig(reference);
  const kind = reference.kind ?? 'custom';
  const signal = counted.series.values[FEATURE_INDEX[reference.primary]]!;
  const fallback = fallbackReps(counted.pose, counted.series, signal, reference, config);
  if (fallback) return { found: fallback.reps, countedOn: fallback.countedOn };
  return { found: segmentReps(counted.series.t, signal, config, confirmingColumns(counted.series, kind, reference.primary)), countedOn: null };
}

/**
 * `counted`: the keypoints and features reps are found on (`series` with the take's end read as
 * live, see analyseTake); `view`: the side the camera saw the person from, for what can be said (the score
 * does not depend on it).
 */
function scoreSeries(
  reference: TReference,
  pose: TPoseSeries,
  series: TFeatureSeries,
  counted: { pose: TPoseSeries; series: TFeatureSeries },
  view: TCameraView | null,
): Omit<TTakeAnalysis, 'size'> {
  const context = scoringContext(reference);
  const config = repConfig(reference);
  const signal = counted.series.values[FEATURE_INDEX[reference.primary]]!;
  const { found, countedOn } = findReps(reference, counted);
  const hidden = found.map((rep) => mostlyOutOfView(pose, 0.5, rep.startIndex, rep.endIndex));
  const aligned = found.map((rep, index) => ({ ...alignAndScoreRep(context, scoredRows(reference, series, rep), rep, hidden[index]!), rep }));
  // A rep's fault the camera's view cannot tell is not said (its score stays).
  for (const entry of aligned) entry.score.fault = repFaultFrom(reference, entry.score, view);
  const reps = aligned.map((entry) => entry.score);
  const score = reps.length === 0 ? 0 : reps.reduce((sum, rep) => sum + rep.score, 0) / reps.length;
  const outOfView = mostlyOutOfView(pose);
  const deepest = deepestLevel(signal, config.rest, config.extreme);
  const notJudged = countedOn ? countedOnNotJudged(reference, reps.length, outOfView) : formNotJudged(reference, reps, hidden);
  const said = takeFeedback(context, reps, outOfView, partsOutOfViewOften(pose), deepest, view);
  if (countedOn) said.unshift({ text: countedOnLine(reference, countedOn, outOfView), features: [], reps: [], phase: null });
  const feedback = notJudged
    ? notJudgedFeedback(said, notJudged, (text) => ({ text, features: notJudged.features, reps: notJudged.reps, phase: null }))
    : said;
  const result: TScoreResult = {
    score: notJudged ? null : round3(score),
    notJudged,
    repCount: reps.length,
    reps,
    feedback: feedback.map((line) => line.text),
    repCues: unsaidRepFaults(reference, reps, feedback),
    outOfView,
    ...(countedOn ? { countedOn } : {}),
    durationMs: pose.t.length > 0 ? Math.round(pose.t[pose.t.length - 1]! - pose.t[0]!) : 0,
  };
  return { result, reference, context, aligned, feedback, pose, series };
}

/** The deepest level the primary signal reached (1 = the reference's extreme), NaN if never seen. */
function deepestLevel(signal: Float64Array, rest: number, extreme: number): number {
  let deepest = Number.NEGATIVE_INFINITY;
  for (const value of signal) {
    const level = (value - rest) / (extreme - rest);
    if (level > deepest) deepest = level;
  }
  return deepest === Number.NEGATIVE_INFINITY ? Number.NaN : deepest;
}
