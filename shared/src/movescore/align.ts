/**
 * Stage 3 of the analysis pipeline (features -> reps -> alignment -> form -> feedback): a rep
 * lined up with the reference's template. The rep is time-normalised to TEMPLATE_SAMPLES
 * samples (tempo is reported, not scored), each joint is measured from its own rest posture at
 * the start of the rep, and DTW pairs each moment of the rep with the template's (a longer
 * pause at the bottom does not shift the whole way up). Form evaluation then compares joints
 * at these aligned moments.
 */
import { dtw, resample } from './dtw.js';
import { FEATURE_INDEX, type TFeatureName } from './feature-names.js';
import type { TFeatureSeries } from './features.js';
import { quantile } from './numbers.js';
import type { TRep } from './reps.js';

/** Samples per rep after time normalisation (template and scored reps alike). */
export const TEMPLATE_SAMPLES = 40;
/** Samples either side of the diagonal DTW may warp: 20% of a rep. */
const DTW_BAND = Math.round(TEMPLATE_SAMPLES * 0.2);
/** Samples at the start of a rep whose mean is the rest posture the rep is measured from. */
const REST_SAMPLES = 2;

export type TMovePhase = 'down' | 'bottom' | 'up';

/** A rep's features, time-normalised: one row per feature, `samples` columns. */
export function repMatrix(
  series: TFeatureSeries,
  rep: Pick<TRep, 'startIndex' | 'endIndex'>,
  features: readonly TFeatureName[],
  samples = TEMPLATE_SAMPLES,
): Float64Array[] {
  return features.map((feature) => resample(series.t, series.values[FEATURE_INDEX[feature]]!, rep.startIndex, rep.endIndex, samples));
}

/**
 * A joint read this unsteadily in a rep is not judged in it, as one out of view is not (degrees:
 * the 90th percentile over its frames of the distance from the median of the frames around it,
 * as many before as after, within UNSTEADY_WINDOW_MS). A median follows a joint's real movement,
 * a steady bend, a quick drop and a turn alike, so what is left is the pose model's misreading:
 * a far or half-hidden body part that jumps from frame to frame. Real recordings
 * (`../shared/data/real-motion`, each rep of each take, every joint its movement judges):
 * well-read joints stay at or under 5.2° (knees dropping to the floor mid-rep and hips sagging
 * 40° included); misread ones read 9-68° (a small person filmed from above, legs half hidden
 * behind the arms, a leg the model loses), and so do the elbows of some fast jumping jacks,
 * where the model misplaces a blurred forearm in single frames.
 */
export const UNSTEADY_DEG = 8;
const UNSTEADY_WINDOW_MS = 150;

/** Whether a joint's frames `start`..`end` (inclusive) are read too unsteadily to judge (UNSTEADY_DEG). */
export function isUnsteady(t: ArrayLike<number>, column: ArrayLike<number>, start: number, end: number): boolean {
  const frames: number[] = [];
  for (let i = start; i <= end; i += 1) if (!Number.isNaN(column[i]!)) frames.push(i);
  const residuals: number[] = [];
  const window: number[] = [];
  for (let k = 0; k < frames.length; k += 1) {
    const at = t[frames[k]!]!;
    // As many frames before as after, so a quick change at either end of the rep is not cut in half.
    let half = 0;
    while (
      k - half - 1 >= 0 &&
      k + half + 1 < frames.length &&
      at - t[frames[k - half - 1]!]! <= UNSTEADY_WINDOW_MS &&
      t[frames[k + half + 1]!]! - at <= UNSTEADY_WINDOW_MS
    )
      half += 1;
    if (half === 0) continue;
    window.length = 0;
    for (let j = k - half; j <= k + half; j += 1) window.push(column[frames[j]!]!);
    window.sort((x, y) => x - y);
    residuals.push(Math.abs(column[frames[k]!]! - window[half]!));
  }
  return (
    quantile(
      residuals.sort((x, y) => x - y),
      0.9,
    ) > UNSTEADY_DEG
  );
}

/** A rep's rows for scoring, and the joints left unknown in them for being read too unsteadily. */
export type TScoredRepRows = { rows: Float64Array[]; unsteady: TFeatureName[] };

/**
 * A rep's rows for scoring (repMatrix), each joint but the counting one left unknown (NaN) where
 * it is read too unsteadily to judge (isUnsteady); `unsteady` names those joints.
 */
export function scoredRepMatrix(
  t: ArrayLike<number>,
  columns: readonly ArrayLike<number>[],
  rep: Pick<TRep, 'startIndex' | 'endIndex'>,
  features: readonly TFeatureName[],
  counting: TFeatureName,
): TScoredRepRows {
  const unsteady: TFeatureName[] = [];
  const rows = features.map((feature, f) => {
    if (feature !== counting && isUnsteady(t, columns[f]!, rep.startIndex, rep.endIndex)) {
      unsteady.push(feature);
      return new Float64Array(TEMPLATE_SAMPLES).fill(Number.NaN);
    }
    return resample(t, columns[f]!, rep.startIndex, rep.endIndex, TEMPLATE_SAMPLES);
  });
  return { rows, unsteady };
}

/**
 * Each row minus its value at rest (the mean of its first known samples), as new rows: joints
 * are compared by how they move from the person's own posture, so build, camera height and a
 * slightly turned camera do not count as form.
 */
export function fromRest(rows: readonly ArrayLike<number>[]): Float64Array[] {
  return rows.map((source) => {
    const row = Float64Array.from(source);
    const known = Array.from(row.subarray(0, REST_SAMPLES)).filter((value) => !Number.isNaN(value));
    const rest = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : Number.NaN;
    for (let s = 0; s < row.length; s += 1) row[s] = row[s]! - rest;
    return row;
  });
}

/** down / bottom / up for each sample of a template row of the counting signal, given its rest and far end. */
export function templatePhases(row: readonly number[], rest: number, extreme: number): TMovePhase[] {
  const span = extreme - rest;
  const levels = row.map((value) => (value - rest) / span);
  const peak = Math.max(...levels);
  const peakIndex = levels.indexOf(peak);
  return levels.map((level, index) => {
    if (level >= 0.85 * peak) return 'bottom';
    return index < peakIndex ? 'down' : 'up';
  });
}

/**
 * A rep lined up with the template: its rows as measured (`absolute`) and from its rest
 * posture (`moved`), the DTW path (pairs [template sample, rep sample], from the start) and the
 * mean weighted distance along it (degrees).
 */
export type TAlignment = { absolute: Float64Array[]; moved: Float64Array[]; path: Array<[number, number]>; cost: number };

/** Aligns a rep (rows in the template's feature order) with a template measured from its rest posture. */
export function alignRep(template: readonly Float64Array[], weights: readonly number[], absolute: Float64Array[]): TAlignment {
  const moved = fromRest(absolute);
  const { cost, path } = dtw(template, moved, weights, DTW_BAND);
  return { absolute, moved, path, cost };
}
