/**
 * The reference: what a rep of a movement done well looks like, built from one take of it.
 * Small enough (a few KB) to sit inline on a Firestore perspective document.
 */
import { z } from 'zod';
import { APP_ERRORS, MovelabError } from '../errors.js';
import { resample } from './dtw.js';
import {
  FEATURE_INDEX,
  FEATURE_NAMES,
  MEAN_FEATURES,
  SIGNAL_DEFAULTS,
  takeFeatures,
  type TFeatureName,
  type TFeatureSeries,
  type TSignalOptions,
} from './features.js';
import { REP_LEVELS, segmentReps, type TRep, type TRepConfig } from './reps.js';
import { describeIssues, parseTake } from './take.js';

export const REFERENCE_VERSION = 1;
/** Samples per rep after time normalisation (template and scored reps alike). */
export const TEMPLATE_SAMPLES = 40;

export const ZFeatureName = z.enum(FEATURE_NAMES);

const degrees = z.number().min(-360).max(360);

export const ZReference = z
  .object({
    version: z.literal(REFERENCE_VERSION),
    /** The signal reps are counted on. */
    primary: ZFeatureName,
    /** Features compared by DTW, in the template's row order, and their weights (sum 1). */
    features: z.array(ZFeatureName).min(1).max(FEATURE_NAMES.length),
    weights: z.array(z.number().min(0).max(1)),
    /** features x TEMPLATE_SAMPLES, degrees: the time-normalised mean of the reference's reps. */
    template: z.array(z.array(degrees).min(2).max(200)),
    /** Primary signal at rest and at the deepest point of the reference's reps. */
    rest: degrees,
    extreme: degrees,
    /** Hysteresis levels of the primary signal, degrees. */
    thresholds: z.object({ enter: degrees, exit: degrees }),
    minRepMs: z.number().min(0).max(60_000),
    repMs: z.object({ mean: z.number().min(0), min: z.number().min(0), max: z.number().min(0) }),
    repCount: z.number().int().min(1),
  })
  .superRefine((reference, ctx) => {
    if (reference.weights.length !== reference.features.length) {
      ctx.addIssue({ code: 'custom', path: ['weights'], message: 'needs one weight per feature' });
    }
    if (reference.template.length !== reference.features.length) {
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'needs one row per feature' });
    }
    if (new Set(reference.template.map((row) => row.length)).size > 1) {
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'rows must have the same length' });
    }
    if (!reference.features.includes(reference.primary)) {
      ctx.addIssue({ code: 'custom', path: ['primary'], message: 'must be one of the features' });
    }
    if (Math.abs(reference.extreme - reference.rest) < 5) {
      ctx.addIssue({ code: 'custom', path: ['extreme'], message: 'must differ from rest by at least 5 degrees' });
    }
  });
export type TReference = z.infer<typeof ZReference>;

/** Validates anything as a reference; throws a `app/bad-request` MovelabError naming the field. */
export function parseReference(input: unknown): TReference {
  const result = ZReference.safeParse(input);
  if (result.success) return result.data;
  throw new MovelabError(
    APP_ERRORS.badRequest,
    `Invalid reference: ${describeIssues(result.error, 'reference')}`,
    400,
    result.error.issues,
  );
}

/** The rep tracker's settings for takes scored against this reference. */
export function repConfig(reference: TReference): TRepConfig {
  const span = reference.extreme - reference.rest;
  return {
    rest: reference.rest,
    extreme: reference.extreme,
    enter: (reference.thresholds.enter - reference.rest) / span,
    exit: (reference.thresholds.exit - reference.rest) / span,
    bottom: REP_LEVELS.bottom,
    minRepMs: reference.minRepMs,
    settleMs: SETTLE_MS,
    resetGapMs: RESET_GAP_MS,
  };
}

/** The rest position must be held this long before the first rep counts. */
const SETTLE_MS = 400;
/** Out of view this long abandons a rep under way. */
const RESET_GAP_MS = 1000;

/** A rep's features, time-normalised: one row per feature, `samples` columns. */
export function repMatrix(
  series: TFeatureSeries,
  rep: Pick<TRep, 'startIndex' | 'endIndex'>,
  features: readonly TFeatureName[],
  samples = TEMPLATE_SAMPLES,
): Float64Array[] {
  return features.map((feature) => resample(series.t, series.values[FEATURE_INDEX[feature]]!, rep.startIndex, rep.endIndex, samples));
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

function finiteSorted(values: ArrayLike<number>): number[] {
  return Array.from(values)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
}

const median = (values: readonly number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The mean feature with the largest range (2nd to 98th percentile) over frames where it is seen. */
function detectPrimary(series: TFeatureSeries): TFeatureName {
  let best: TFeatureName | null = null;
  let bestRange = 0;
  for (const feature of MEAN_FEATURES) {
    const values = finiteSorted(series.values[FEATURE_INDEX[feature]]!);
    if (values.length < series.t.length / 2) continue;
    const range = quantile(values, 0.98) - quantile(values, 0.02);
    if (range > bestRange) {
      best = feature;
      bestRange = range;
    }
  }
  if (!best) throw new MovelabError(APP_ERRORS.badRequest, 'Reference take: the body is not in view in most frames', 400);
  return best;
}

/** Rest and extreme of the primary signal before reps are known: the percentile ends, rest being the end the take starts near. */
function firstGuess(series: TFeatureSeries, signal: Float64Array): { rest: number; extreme: number } {
  const sorted = finiteSorted(signal);
  const [low, high] = [quantile(sorted, 0.02), quantile(sorted, 0.98)];
  const firstIndex = signal.findIndex(Number.isFinite);
  const opening: number[] = [];
  for (let i = firstIndex; i < signal.length && series.t[i]! - series.t[firstIndex]! <= 1000; i += 1) {
    if (Number.isFinite(signal[i]!)) opening.push(signal[i]!);
  }
  const start = median(opening);
  return Math.abs(start - low) < Math.abs(start - high) ? { rest: low, extreme: high } : { rest: high, extreme: low };
}

function configFor(rest: number, extreme: number, minRepMs: number): TRepConfig {
  return {
    rest,
    extreme,
    ...REP_LEVELS,
    minRepMs,
    settleMs: SETTLE_MS,
    resetGapMs: RESET_GAP_MS,
  };
}

export type TBuildReferenceOptions = {
  /** The feature reps are counted on; by default the mean joint angle with the largest range. */
  primaryJoint?: TFeatureName;
  signal?: TSignalOptions;
};

/** Builds a reference from a take of the movement done well (at least one full rep, starting at rest). */
export function buildReference(input: unknown, options: TBuildReferenceOptions = {}): TReference {
  const take = parseTake(input);
  const series = takeFeatures(take, options.signal ?? SIGNAL_DEFAULTS);
  const primary = options.primaryJoint ? ZFeatureName.parse(options.primaryJoint) : detectPrimary(series);
  const signal = series.values[FEATURE_INDEX[primary]]!;
  const guess = firstGuess(series, signal);
  if (!(Math.abs(guess.extreme - guess.rest) >= 10)) {
    throw new MovelabError(APP_ERRORS.badRequest, `Reference take: the ${primary} angle hardly moves (no reps to learn from)`, 400);
  }
  // Two passes: reps found with the rough levels give the real rest and extreme.
  const rough = segmentReps(series.t, signal, configFor(guess.rest, guess.extreme, 300));
  if (rough.length === 0) {
    throw new MovelabError(APP_ERRORS.badRequest, `Reference take: no full rep of the ${primary} found (start at rest, then move)`, 400);
  }
  // Rest: where the signal sits between reps (under the exit level), not where reps cross it.
  const roughConfig = configFor(guess.rest, guess.extreme, 300);
  const resting = Array.from(signal).filter((value) => (value - guess.rest) / (guess.extreme - guess.rest) < roughConfig.exit);
  const rest = median(resting);
  const extreme = median(rough.map((rep) => rep.peakValue));
  const minRepMs = Math.max(300, 0.3 * median(rough.map((rep) => rep.endMs - rep.startMs)));
  const refined = segmentReps(series.t, signal, configFor(rest, extreme, minRepMs));
  const reps = refined.length > 0 ? refined : rough;

  const candidates: TFeatureName[] = (MEAN_FEATURES as readonly string[]).includes(primary)
    ? [...MEAN_FEATURES]
    : [...MEAN_FEATURES, primary];
  const matrices = reps.map((rep) => repMatrix(series, rep, candidates));
  const features: TFeatureName[] = [];
  const template: number[][] = [];
  candidates.forEach((feature, row) => {
    const known = matrices.map((matrix) => matrix[row]!).filter((values) => !Number.isNaN(values[0]!));
    // A feature seen in fewer than half of the reps (arms out of view, say) is left out.
    if (known.length * 2 < reps.length || known.length === 0) return;
    features.push(feature);
    template.push(
      Array.from({ length: TEMPLATE_SAMPLES }, (_, s) => round1(known.reduce((sum, values) => sum + values[s]!, 0) / known.length)),
    );
  });
  if (!features.includes(primary)) {
    throw new MovelabError(APP_ERRORS.badRequest, `Reference take: the ${primary} is out of view during the reps`, 400);
  }
  // Features that move in the reference matter most; still ones a little (a bent back in a squat).
  const ranges = template.map((row) => Math.max(...row) - Math.min(...row));
  const widest = Math.max(...ranges);
  const raw = ranges.map((range) => Math.max(0.1, range / widest));
  const total = raw.reduce((sum, value) => sum + value, 0);
  const durations = reps.map((rep) => rep.endMs - rep.startMs);
  const config = configFor(rest, extreme, minRepMs);
  return ZReference.parse({
    version: REFERENCE_VERSION,
    primary,
    features,
    weights: raw.map((value) => Math.round((value / total) * 1000) / 1000),
    template,
    rest: round1(rest),
    extreme: round1(extreme),
    thresholds: { enter: round1(rest + config.enter * (extreme - rest)), exit: round1(rest + config.exit * (extreme - rest)) },
    minRepMs: Math.round(minRepMs),
    repMs: {
      mean: Math.round(durations.reduce((sum, value) => sum + value, 0) / durations.length),
      min: Math.round(Math.min(...durations)),
      max: Math.round(Math.max(...durations)),
    },
    repCount: reps.length,
  });
}
