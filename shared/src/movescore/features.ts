/**
 * The feature stage over a whole take: the keypoint stage (keypoint-stage.ts) run frame by
 * frame, its short gaps filled, and every frame's features (frame-features.ts). The live counter
 * runs the same keypoint stage one frame at a time.
 */
import { FEATURE_NAMES } from './feature-names.js';
import { unrolled } from './camera-roll.js';
import { frameFeatures } from './frame-features.js';
import { KeypointStage, SIGNAL_DEFAULTS, type TPoseRow, type TPoseSeries, type TSignalOptions } from './keypoint-stage.js';
import { KEYPOINT_NAMES, type TTake } from './take.js';

// The names most importers of the features read, from where they always were.
export { FEATURE_INDEX, type TFeatureName } from './feature-names.js';
export { FEATURE_WORDS, SIGNAL_NAMES } from './feature-words.js';
export { featureParts, outOfViewHint, type TBodyPart } from './in-view.js';

/** Feature values per frame (one Float64Array per feature, NaN where unknown). */
export type TFeatureSeries = { t: Float64Array; values: Float64Array[] };

/** Linear interpolation over NaN runs no longer than `maxGapMs` that have a value on both sides. */
export function fillShortGaps(t: Float64Array, column: Float64Array, maxGapMs: number): void {
  let lastKnown = -1;
  for (let i = 0; i < column.length; i += 1) {
    if (Number.isNaN(column[i]!)) continue;
    const isGapBefore = lastKnown >= 0 && i - lastKnown > 1;
    if (isGapBefore && t[i]! - t[lastKnown]! <= maxGapMs) {
      const t0 = t[lastKnown]!;
      const v0 = column[lastKnown]!;
      const slope = (column[i]! - v0) / (t[i]! - t0);
      for (let j = lastKnown + 1; j < i; j += 1) column[j] = v0 + slope * (t[j]! - t0);
    }
    lastKnown = i;
  }
}

/**
 * How a cleaned pose fills a keypoint's short gaps: `interpolate` between the values on either
 * side (offline, it may look ahead: the form is judged so), or `hold` the last seen one, as the
 * live counter does (the saved result counts so: see analyseTake).
 */
export type TGapFill = 'interpolate' | 'hold';

const emptyPose = (t: Float64Array): TPoseSeries => {
  const columns = () => KEYPOINT_NAMES.map(() => new Float64Array(t.length).fill(Number.NaN));
  return { t, x: columns(), y: columns(), score: columns(), roll: new Float64Array(t.length) };
};

function writeRow(row: TPoseRow, roll: number, pose: TPoseSeries, index: number): void {
  pose.roll![index] = roll;
  for (let k = 0; k < KEYPOINT_NAMES.length; k += 1) {
    pose.x[k]![index] = row.x[k]!;
    pose.y[k]![index] = row.y[k]!;
    pose.score[k]![index] = row.score[k]!;
  }
}

/** The keypoint stage over a whole take: the keypoints as seen (gaps open) and, where asked, as held. */
function stagedPose(take: TTake, options: TSignalOptions, isHeldToo: boolean): { seen: TPoseSeries; held: TPoseSeries | null } {
  const t = Float64Array.from(take.frames, (frame) => frame.t);
  const seen = emptyPose(t);
  const held = isHeldToo ? emptyPose(t) : null;
  const stage = new KeypointStage(take, options);
  take.frames.forEach((frame, index) => {
    stage.push(frame);
    writeRow(stage.seen, stage.roll, seen, index);
    if (held) writeRow(stage.held, stage.roll, held, index);
  });
  return { seen, held };
}

/** The seen keypoints with their short gaps interpolated, in place. */
function interpolated(pose: TPoseSeries, maxGapMs: number): TPoseSeries {
  for (const column of [...pose.x, ...pose.y, ...pose.score]) fillShortGaps(pose.t, column, maxGapMs);
  return pose;
}

/** The keypoint stage over a whole take, its short gaps interpolated. */
export function cleanPose(take: TTake, options: TSignalOptions = SIGNAL_DEFAULTS): TPoseSeries {
  return interpolated(stagedPose(take, options, false).seen, options.maxGapMs);
}

/** A take cleaned both ways from one run of the keypoint stage: its gaps interpolated, and held. */
export function cleanPoses(take: TTake, options: TSignalOptions = SIGNAL_DEFAULTS): Record<TGapFill, TPoseSeries> {
  const { seen, held } = stagedPose(take, options, true);
  return { interpolate: interpolated(seen, options.maxGapMs), hold: held! };
}

/**
 * Features of every frame of a cleaned pose series (from frame `from` on, written into `into`
 * where given; frames `isKept` says are already there are left as they are).
 */
export function poseFeatures(
  pose: TPoseSeries,
  { from = 0, into, isKept }: { from?: number; into?: Float64Array[]; isKept?: (frame: number) => boolean } = {},
): TFeatureSeries {
  const count = pose.t.length;
  const values = into ?? FEATURE_NAMES.map(() => new Float64Array(count));
  const x = new Float64Array(KEYPOINT_NAMES.length);
  const y = new Float64Array(KEYPOINT_NAMES.length);
  const score = new Float64Array(KEYPOINT_NAMES.length);
  const out = new Float64Array(FEATURE_NAMES.length);
  for (let i = from; i < count; i += 1) {
    if (isKept?.(i)) continue;
    for (let k = 0; k < KEYPOINT_NAMES.length; k += 1) {
      x[k] = pose.x[k]![i]!;
      y[k] = pose.y[k]![i]!;
      score[k] = pose.score[k]![i]!;
    }
    if (pose.roll) unrolled(x, y, pose.roll[i]!, x, y);
    frameFeatures(x, y, score, out);
    for (let f = 0; f < FEATURE_NAMES.length; f += 1) values[f]![i] = out[f]!;
  }
  return { t: pose.t, values };
}

/**
 * Features of `pose`, a copy of `base`'s pose that differs in some frames (the same take with its
 * gaps held instead of interpolated): `series` (the features of `base`) copied, and only the frames
 * whose keypoints differ read again, so a take is not read twice over.
 */
export function poseFeaturesBeside(pose: TPoseSeries, base: TPoseSeries, series: TFeatureSeries): TFeatureSeries {
  const isSame = (column: Float64Array[], other: Float64Array[], i: number) => column.every((values, k) => Object.is(values[i], other[k]![i]));
  return poseFeatures(pose, {
    into: series.values.map((column) => Float64Array.from(column)),
    isKept: (i) => isSame(pose.x, base.x, i) && isSame(pose.y, base.y, i) && isSame(pose.score, base.score, i),
  });
}

/** The whole offline pipeline: take -> cleaned keypoints -> features. */
export function takeFeatures(take: TTake, options: TSignalOptions = SIGNAL_DEFAULTS): TFeatureSeries {
  return poseFeatures(cleanPose(take, options));
}
