/**
 * Scoring a take against a reference: count its reps, compare each with the reference's rep
 * template by DTW, and say in plain words what differs most.
 */
import { dtw } from './dtw.js';
import {
  BODY_PARTS,
  cleanPose,
  FEATURE_INDEX,
  outOfViewHint,
  PART_KEYPOINTS,
  poseFeatures,
  SIGNAL_DEFAULTS,
  takeFeatures,
  type TBodyPart,
  type TFeatureName,
  type TFeatureSeries,
  type TPoseSeries,
  type TSignalOptions,
} from './features.js';
import {
  detectPrimary,
  ownRange,
  parseReference,
  referenceTolerances,
  repConfig,
  repMatrix,
  TEMPLATE_SAMPLES,
  type TReference,
} from './reference.js';
import { movementDefinition, type TMovementKind } from './definitions.js';
import { REP_LEVELS, segmentReps, type TRep } from './reps.js';
import { KEYPOINT_INDEX, parseTake } from './take.js';

export type TMovePhase = 'down' | 'bottom' | 'up';

export type TDeviation = {
  feature: TFeatureName;
  phase: TMovePhase;
  /** Take minus reference, degrees. */ deltaDeg: number;
};

export type TRepScore = {
  /** 0..1: shape (DTW) times range. */
  score: number;
  /** 0..1 from the DTW distance alone. */
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
  /** Mean difference per feature and phase (for the UI's detail view). */
  deviations: TDeviation[];
};

export type TScoreResult = {
  /** 0..1: the mean of the rep scores, 0 without reps. */
  score: number;
  repCount: number;
  reps: TRepScore[];
  feedback: string[];
  /** Body parts out of view in most frames. */
  outOfView: TBodyPart[];
  durationMs: number;
};

/** Degrees of weighted difference beyond the tolerance bands at which the form score falls to 1/e. */
const FORM_SCALE_DEG = 12;
/**
 * Range of motion as a fraction of the reference's: from FULL_RANGE up counts fully, under
 * NO_RANGE counts nothing, linear between (half the depth loses well over half the points).
 */
const FULL_RANGE = 0.85;
const NO_RANGE = 0.3;
/** Below this a difference is not worth a word. */
const MENTION_DEG = 10;
/** A rep this much faster or slower than the reference's is "much" faster or slower. */
const TEMPO_RATIO = 1.6;
/** Samples either side of the diagonal DTW may warp: 20% of a rep. */
const DTW_BAND = Math.round(TEMPLATE_SAMPLES * 0.2);

/** down / bottom / up for each template sample, from the primary row. */
export function templatePhases(reference: TReference): TMovePhase[] {
  const row = reference.template[reference.features.indexOf(reference.primary)]!;
  const span = reference.extreme - reference.rest;
  const levels = row.map((value) => (value - reference.rest) / span);
  const peak = Math.max(...levels);
  const peakIndex = levels.indexOf(peak);
  return levels.map((level, index) => {
    if (level >= 0.85 * peak) return 'bottom';
    return index < peakIndex ? 'down' : 'up';
  });
}

export type TScoringContext = {
  reference: TReference;
  template: Float64Array[];
  phases: TMovePhase[];
  tolerances: number[];
};

export function scoringContext(reference: TReference): TScoringContext {
  return {
    reference,
    tolerances: referenceTolerances(reference),
    template: reference.template.map((row) => Float64Array.from(row)),
    phases: templatePhases(reference),
  };
}

/**
 * Weighted mean, along the DTW path, of how far each joint is outside its tolerance band
 * (degrees): differences inside the band (style, the pose model's own error) cost nothing.
 */
function excessOverBands(context: TScoringContext, matrix: Float64Array[], path: readonly [number, number][]): number {
  const { reference, template, tolerances } = context;
  let sum = 0;
  let weight = 0;
  for (const [i, j] of path) {
    reference.weights.forEach((w, f) => {
      const delta = Math.abs(matrix[f]![j]! - template[f]![i]!);
      if (Number.isNaN(delta)) return;
      sum += w * Math.max(0, delta - tolerances[f]!);
      weight += w;
    });
  }
  return weight > 0 ? sum / weight : Number.NaN;
}

/** Scores one rep given its time-normalised features (rows in the reference's feature order). */
export function scoreRepMatrix(context: TScoringContext, matrix: Float64Array[], rep: TRep): TRepScore {
  const { reference, template, phases } = context;
  const { cost, path } = dtw(template, matrix, reference.weights, DTW_BAND);
  const excess = excessOverBands(context, matrix, path);
  const shapeScore = Number.isNaN(excess) ? 0 : Math.exp(-excess / FORM_SCALE_DEG);
  // Person-normalised range: how far this rep moved from where it started, against the reference's excursion.
  const rangeRatio = Math.max(0, Math.abs(rep.peakValue - rep.startValue) / Math.abs(reference.extreme - reference.rest));
  const rangeScore = Math.min(1, Math.max(0, (rangeRatio - NO_RANGE) / (FULL_RANGE - NO_RANGE)));
  const score = shapeScore * rangeScore;
  const deviations = phaseDeviations(reference, phases, template, matrix, path);
  const worst = worstDeviation(context, deviations);
  return {
    score: round3(score),
    shapeScore: round3(shapeScore),
    distanceDeg: round1(cost),
    rangeRatio: round3(rangeRatio),
    depthDeg: round1(rep.peakValue),
    startMs: Math.round(rep.startMs),
    endMs: Math.round(rep.endMs),
    durationMs: Math.round(rep.endMs - rep.startMs),
    worst,
    deviations,
  };
}

/** Mean (take - reference) per feature and phase along the DTW path. */
function phaseDeviations(
  reference: TReference,
  phases: TMovePhase[],
  template: Float64Array[],
  matrix: Float64Array[],
  path: Array<[number, number]>,
): TDeviation[] {
  const deviations: TDeviation[] = [];
  reference.features.forEach((feature, row) => {
    for (const phase of ['down', 'bottom', 'up'] as const) {
      let sum = 0;
      let count = 0;
      for (const [i, j] of path) {
        const delta = matrix[row]![j]! - template[row]![i]!;
        if (phases[i] !== phase || Number.isNaN(delta)) continue;
        sum += delta;
        count += 1;
      }
      if (count > 0) deviations.push({ feature, phase, deltaDeg: round1(sum / count) });
    }
  });
  return deviations;
}

/** The deviation most worth telling: the largest excess over its tolerance band, on a joint that matters in this movement. */
function worstDeviation(context: TScoringContext, deviations: readonly TDeviation[]): TDeviation | null {
  const { reference, tolerances } = context;
  const heaviest = Math.max(...reference.weights);
  const importance = (deviation: TDeviation) => {
    const f = reference.features.indexOf(deviation.feature);
    return Math.max(0, Math.abs(deviation.deltaDeg) - tolerances[f]!) * (0.5 + (0.5 * reference.weights[f]!) / heaviest);
  };
  const sorted = [...deviations].sort((a, b) => importance(b) - importance(a));
  const top = sorted[0];
  return top && importance(top) > 0 && Math.abs(top.deltaDeg) >= MENTION_DEG ? top : null;
}

export type TScoreOptions = { signal?: TSignalOptions };

/** Scores a take (validated here) against a reference (validated here). */
export function scoreTake(referenceInput: unknown, takeInput: unknown, options: TScoreOptions = {}): TScoreResult {
  const reference = parseReference(referenceInput);
  const take = parseTake(takeInput);
  const pose = cleanPose(take, options.signal ?? SIGNAL_DEFAULTS);
  return scoreSeries(reference, pose, poseFeatures(pose));
}

/**
 * Counts the reps of a take with no reference: the movement's definition names the signal and
 * the take's own robust range (5th-95th percentile) sets the expected excursion.
 */
export function countReps(takeInput: unknown, kind: TMovementKind, options: TScoreOptions = {}): TRep[] {
  const definition = movementDefinition(kind);
  const series = takeFeatures(parseTake(takeInput), options.signal ?? SIGNAL_DEFAULTS);
  const primary = definition.counting ?? detectPrimary(series);
  const signal = series.values[FEATURE_INDEX[primary]]!;
  const range = ownRange(signal, definition.counting ? definition.restIsHigh : null);
  if (!(Math.abs(range.extreme - range.rest) >= 10)) return [];
  return segmentReps(series.t, signal, {
    rest: range.rest,
    extreme: range.extreme,
    ...REP_LEVELS,
    minRepMs: 250,
    resetGapMs: 1000,
  });
}

function scoreSeries(reference: TReference, pose: TPoseSeries, series: TFeatureSeries): TScoreResult {
  const context = scoringContext(reference);
  const config = repConfig(reference);
  const signal = series.values[FEATURE_INDEX[reference.primary]]!;
  const found = segmentReps(series.t, signal, config);
  const reps = found.map((rep) => scoreRepMatrix(context, repMatrix(series, rep, reference.features), rep));
  const score = reps.length === 0 ? 0 : reps.reduce((sum, rep) => sum + rep.score, 0) / reps.length;
  const outOfView = mostlyOutOfView(pose);
  const deepest = deepestLevel(signal, config.rest, config.extreme);
  return {
    score: round3(score),
    repCount: reps.length,
    reps,
    feedback: takeFeedback(reference, reps, outOfView, partsOutOfViewOften(pose), deepest),
    outOfView,
    durationMs: pose.t.length > 0 ? Math.round(pose.t[pose.t.length - 1]! - pose.t[0]!) : 0,
  };
}

/** Body parts out of view (none of their keypoints known after gating and gap filling) in at least `share` of the frames. */
function mostlyOutOfView(pose: TPoseSeries, share = 0.5): TBodyPart[] {
  const frames = pose.t.length;
  return BODY_PARTS.filter((part) => {
    const columns = PART_KEYPOINTS[part].map((keypoint) => pose.x[KEYPOINT_INDEX[keypoint]]!);
    let hidden = 0;
    for (let i = 0; i < frames; i += 1) {
      if (columns.every((column) => Number.isNaN(column[i]!))) hidden += 1;
    }
    return hidden >= share * Math.max(1, frames);
  });
}

/** Parts hidden often enough (a third of the frames) to break counting. */
const partsOutOfViewOften = (pose: TPoseSeries) => mostlyOutOfView(pose, 1 / 3);

/** The deepest level the primary signal reached (1 = the reference's extreme), NaN if never seen. */
function deepestLevel(signal: Float64Array, rest: number, extreme: number): number {
  let deepest = Number.NEGATIVE_INFINITY;
  for (const value of signal) {
    const level = (value - rest) / (extreme - rest);
    if (level > deepest) deepest = level;
  }
  return deepest === Number.NEGATIVE_INFINITY ? Number.NaN : deepest;
}

// ---------------------------------------------------------------- words

const JOINT_WORDS: Readonly<Record<TFeatureName, string>> = {
  knee: 'knees',
  hip: 'hips',
  elbow: 'elbows',
  shoulder: 'shoulders',
  trunk: 'upper body',
  left_knee: 'left knee',
  right_knee: 'right knee',
  left_hip: 'left hip',
  right_hip: 'right hip',
  left_elbow: 'left elbow',
  right_elbow: 'right elbow',
  left_shoulder: 'left shoulder',
  right_shoulder: 'right shoulder',
};
const PHASE_WORDS: Readonly<Record<TMovePhase, string>> = {
  down: 'on the way down',
  bottom: 'at the bottom',
  up: 'on the way up',
};

/** Degrees rounded to 5 for speech ("about 15°"), at least 5. */
const aboutDegrees = (value: number) => `about ${Math.max(5, Math.round(Math.abs(value) / 5) * 5)}°`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Your knees on the way up: about 15° more bent than the reference." */
export function describeDeviation(deviation: TDeviation): string {
  const { feature, phase, deltaDeg } = deviation;
  const how =
    feature === 'trunk'
      ? deltaDeg > 0
        ? `leaning ${aboutDegrees(deltaDeg)} further forward`
        : `${aboutDegrees(deltaDeg)} more upright`
      : deltaDeg < 0
        ? `${aboutDegrees(deltaDeg)} more bent`
        : `${aboutDegrees(deltaDeg)} straighter`;
  return `${capitalise(`your ${JOINT_WORDS[feature]} ${PHASE_WORDS[phase]}`)}: ${how} than the reference`;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Body parts the counting signal needs (a knee angle needs hips, knees and ankles). */
function countingParts(reference: TReference): TBodyPart[] {
  const joint = reference.primary.replace(/^(left|right)_/, '');
  const parts: Record<string, TBodyPart[]> = {
    knee: ['hips', 'knees', 'ankles'],
    hip: ['shoulders', 'hips', 'knees'],
    elbow: ['shoulders', 'elbows', 'wrists'],
    shoulder: ['hips', 'shoulders', 'elbows'],
    trunk: ['shoulders', 'hips'],
  };
  return parts[joint] ?? [];
}

function takeFeedback(
  reference: TReference,
  reps: readonly TRepScore[],
  outOfView: readonly TBodyPart[],
  hiddenParts: readonly TBodyPart[],
  deepest: number,
): string[] {
  const feedback: string[] = [];
  const hint = outOfViewHint(outOfView);
  const span = Math.abs(reference.extreme - reference.rest);
  if (reps.length === 0) {
    feedback.push('No reps counted');
    const needed = countingParts(reference).filter((part) => hiddenParts.includes(part));
    if (needed.length > 0) feedback.push(`Nothing to count: ${outOfViewHint(needed)!.replace(/^Step back so|^Move so/, 'move so')}`);
    else if (hint) feedback.push(hint);
    else if (deepest > 0.05 && deepest < 1) feedback.push(`Go ${aboutDegrees((1 - deepest) * span)} deeper: no rep reached the reference's range`);
    else feedback.push(`Do the full movement: no rep of the ${JOINT_WORDS[reference.primary]} was seen`);
    return feedback;
  }
  if (hint) feedback.push(hint);
  const shortfall = (1 - median(reps.map((rep) => rep.rangeRatio))) * span;
  if (shortfall >= 7.5) feedback.push(`Go ${aboutDegrees(shortfall)} deeper`);
  const worst = worstOverReps(reps);
  // The primary joint at the bottom is the depth, already said.
  const isDepthAgain = worst?.feature === reference.primary && worst.phase === 'bottom' && shortfall >= 7.5;
  if (worst && !isDepthAgain) feedback.push(describeDeviation(worst));
  const tempo = median(reps.map((rep) => rep.durationMs)) / reference.repMs.mean;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const pace = `${seconds(tempo * reference.repMs.mean)} a rep, the reference takes ${seconds(reference.repMs.mean)}`;
  if (tempo < 1 / TEMPO_RATIO) feedback.push(`Much faster than the reference: slow down (${pace})`);
  if (tempo > TEMPO_RATIO) feedback.push(`Much slower than the reference: speed up (${pace})`);
  if (feedback.length === 0) feedback.push('Close to the reference: keep it up');
  return feedback;
}

/** The (feature, phase) whose mean deviation over all reps is the largest worth telling. */
function worstOverReps(reps: readonly TRepScore[]): TDeviation | null {
  const totals = new Map<string, { deviation: TDeviation; sum: number; count: number }>();
  for (const rep of reps) {
    if (!rep.worst) continue;
    const key = `${rep.worst.feature}/${rep.worst.phase}`;
    const entry = totals.get(key) ?? { deviation: rep.worst, sum: 0, count: 0 };
    entry.sum += rep.worst.deltaDeg;
    entry.count += 1;
    totals.set(key, entry);
  }
  // The most frequent worst deviation, if it is the worst in at least a third of the reps.
  const best = [...totals.values()].sort((a, b) => b.count - a.count)[0];
  if (!best || best.count * 3 < reps.length) return null;
  return { ...best.deviation, deltaDeg: round1(best.sum / best.count) };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round3 = (value: number) => Math.round(value * 1000) / 1000;
