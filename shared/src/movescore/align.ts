/**
 * Stage 3 of the analysis pipeline (features -> reps -> alignment -> form -> feedback): a rep
 * lined up with the reference's template. The rep is time-normalised to TEMPLATE_SAMPLES
 * samples (tempo is reported, not scored), each joint is measured from its own rest posture at
 * the start of the rep, and DTW pairs each moment of the rep with the template's (a longer
 * pause at the bottom does not shift the whole way up). Form evaluation then compares joints
 * at these aligned moments.
 */
import { dtw, resample } from './dtw.js';
import { FEATURE_INDEX, type TFeatureName, type TFeatureSeries } from './features.js';
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
