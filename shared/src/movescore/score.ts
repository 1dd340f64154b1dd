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
  confirmingColumns,
  detectPrimary,
  ownRange,
  finiteSorted,
  formJoints,
  parseReference,
  quantile,
  referenceTolerances,
  repConfig,
  repMatrix,
  TEMPLATE_SAMPLES,
  type TReference,
} from './reference.js';
import { movementDefinition, type TFormMode, type TMovementKind } from './definitions.js';
import { REP_LEVELS, segmentReps, type TRep } from './reps.js';
import { KEYPOINT_INDEX, parseTake } from './take.js';

export type TMovePhase = 'down' | 'bottom' | 'up';

export type TDeviation = {
  feature: TFeatureName;
  phase: TMovePhase;
  /** Take minus reference, degrees, each measured from its own rest posture at the start of the rep. */ deltaDeg: number;
  /** Which way a difference is a fault for this joint (absent: both ways). */
  mode?: TFormMode;
  /** Mean difference in the fault's direction beyond the tolerance band, degrees (absent: not computed). */
  excessDeg?: number;
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
  /** This rep's fault in plain words ("Go about 20° deeper", "Keep your upper arms still: ..."), null for a good rep. */
  fault: string | null;
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
/** The median rep stopping this many degrees short of the reference's range is worth "go deeper". */
const SHORTFALL_DEG = 7.5;
/** Below this excess over the tolerance band (degrees) a difference is not worth a word. */
const MENTION_DEG = 5;
/**
 * A rep this much faster or slower than the reference's gets a note. Tempo never changes the
 * score (reps are time-normalised): a person squatting faster than the reference is not moving badly.
 */
const TEMPO_RATIO = 2;
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
  /** The reference's template, each row measured from its value at the start of the rep (its rest posture). */
  template: Float64Array[];
  phases: TMovePhase[];
  tolerances: number[];
  /** Per feature, its weight as scored and which way a difference is a fault. */
  weights: number[];
  modes: TFormMode[];
  /** Per feature, the range of motion of the reference's rep, degrees. */
  excursions: number[];
};

/** Samples at the start of a rep whose mean is the rest posture the rep is measured from. */
const REST_SAMPLES = 2;

/**
 * Each row minus its value at rest (the mean of its first known samples), in place: joints
 * are compared by how they move from the person's own posture, so build, camera height and
 * a slightly turned camera do not count as form.
 */
function fromRest(rows: Float64Array[]): Float64Array[] {
  for (const row of rows) {
    const known = Array.from(row.subarray(0, REST_SAMPLES)).filter((value) => !Number.isNaN(value));
    const rest = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : Number.NaN;
    for (let s = 0; s < row.length; s += 1) row[s] = row[s]! - rest;
  }
  return rows;
}

export function scoringContext(reference: TReference): TScoringContext {
  const joints = formJoints(reference);
  const template = fromRest(reference.template.map((row) => Float64Array.from(row)));
  return {
    reference,
    tolerances: referenceTolerances(reference),
    weights: joints.map((joint) => joint.weight),
    modes: joints.map((joint) => joint.mode),
    template,
    excursions: template.map(excursion),
    phases: templatePhases(reference),
  };
}

/**
 * Range of motion of a row within the rep (degrees), NaN when unknown: from its 10th to its 90th
 * percentile, so a glitch of the pose model lasting a few frames is not a movement (a fault held
 * for a tenth of the rep or longer still shows).
 */
function excursion(row: Float64Array): number {
  const known = finiteSorted(row);
  return known.length > 0 ? quantile(known, 0.9) - quantile(known, 0.1) : Number.NaN;
}

/**
 * Per joint, how far it is outside its tolerance band in the direction of a fault (degrees,
 * NaN when unknown). A `depth` joint costs when its range of motion in the rep falls short of
 * the reference's, a `limit` joint when it moves more than the reference's (ranges within the
 * rep, so neither the person's build nor the posture the rep happens to start from counts); a
 * `match` joint by its mean difference along the DTW path. The counting joint's range is
 * scored apart (`rangeRatio`) and costs nothing here.
 */
function jointExcess(context: TScoringContext, matrix: Float64Array[], path: readonly [number, number][]): number[] {
  const { reference, template, tolerances, modes, excursions } = context;
  return reference.features.map((feature, f) => {
    const mode = modes[f]!;
    if (mode !== 'match') {
      if (feature === reference.primary) return 0;
      const moved = excursion(matrix[f]!);
      return Math.max(0, (mode === 'depth' ? excursions[f]! - moved : moved - excursions[f]!) - tolerances[f]!);
    }
    let sum = 0;
    let count = 0;
    for (const [i, j] of path) {
      const delta = Math.abs(matrix[f]![j]! - template[f]![i]!);
      if (Number.isNaN(delta)) continue;
      sum += Math.max(0, delta - tolerances[f]!);
      count += 1;
    }
    return count > 0 ? sum / count : Number.NaN;
  });
}

/** Weighted mean of the joints' excess over their bands, over the joints seen in the rep (NaN: none). */
function weightedExcess(weights: readonly number[], excess: readonly number[]): number {
  let sum = 0;
  let weight = 0;
  excess.forEach((value, f) => {
    if (Number.isNaN(value) || weights[f] === 0) return;
    sum += weights[f]! * value;
    weight += weights[f]!;
  });
  return weight > 0 ? sum / weight : Number.NaN;
}

/** Scores one rep given its time-normalised features (rows in the reference's feature order). */
export function scoreRepMatrix(context: TScoringContext, absolute: Float64Array[], rep: TRep): TRepScore {
  return alignAndScoreRep(context, absolute, rep).score;
}

/** A scored rep with the DTW path it was scored along: pairs [template sample, rep sample], from the start. */
export type TAlignedRep = { score: TRepScore; path: Array<[number, number]> };

function alignAndScoreRep(context: TScoringContext, absolute: Float64Array[], rep: TRep): TAlignedRep {
  const { reference, template, weights } = context;
  const matrix = fromRest(absolute.map((row) => Float64Array.from(row)));
  const { cost, path } = dtw(template, matrix, weights, DTW_BAND);
  const excess = jointExcess(context, matrix, path);
  const formExcess = weightedExcess(weights, excess);
  const shapeScore = Number.isNaN(formExcess) ? 0 : Math.exp(-formExcess / FORM_SCALE_DEG);
  // Range of motion: how far this rep moved from where it started against the reference's excursion
  // (person-normalised: a stiff knee at rest is no fault), or how far it got on the reference's own
  // scale, whichever is further (a rest hidden from the camera, the wrist behind the thigh, is no fault either).
  const moved = Math.abs(rep.peakValue - rep.startValue) / Math.abs(reference.extreme - reference.rest);
  const rangeRatio = Math.max(0, moved, rep.peak);
  const rangeScore = Math.min(1, Math.max(0, (rangeRatio - NO_RANGE) / (FULL_RANGE - NO_RANGE)));
  const score = shapeScore * rangeScore;
  const deviations = phaseDeviations(context, matrix, path);
  const worst = worstDeviation(context, deviations, excess);
  const { further, farEnd } = movementDefinition(reference.kind ?? 'custom');
  const shortfall = (1 - rangeRatio) * Math.abs(reference.extreme - reference.rest);
  const fault = rangeRatio < FULL_RANGE ? `Go ${aboutDegrees(shortfall)} ${further}` : worst ? describeDeviation(worst, farEnd) : null;
  const scored: TRepScore = {
    score: round3(score),
    shapeScore: round3(shapeScore),
    distanceDeg: round1(cost),
    rangeRatio: round3(rangeRatio),
    depthDeg: round1(rep.peakValue),
    startMs: Math.round(rep.startMs),
    endMs: Math.round(rep.endMs),
    durationMs: Math.round(rep.endMs - rep.startMs),
    worst,
    fault,
    deviations,
  };
  return { score: scored, path };
}

/** Mean (take - reference) per feature and phase along the DTW path, both measured from their rest postures. */
function phaseDeviations(context: TScoringContext, matrix: Float64Array[], path: Array<[number, number]>): TDeviation[] {
  const { reference, template, phases, modes } = context;
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
      if (count > 0) deviations.push({ feature, phase, deltaDeg: round1(sum / count), mode: modes[row]! });
    }
  });
  return deviations;
}

/**
 * The fault most worth telling: the joint furthest outside its band (weighted by how much it
 * matters in this movement), at the phase where it differs most; null when none is worth a word.
 */
function worstDeviation(context: TScoringContext, deviations: readonly TDeviation[], excess: readonly number[]): TDeviation | null {
  const { reference, weights } = context;
  const heaviest = Math.max(...weights);
  const importance = (f: number) => (weights[f]! > 0 && Number.isFinite(excess[f]!) ? excess[f]! * (0.5 + (0.5 * weights[f]!) / heaviest) : 0);
  const order = reference.features.map((_, f) => f).sort((a, b) => importance(b) - importance(a));
  const f = order[0];
  if (f === undefined || importance(f) <= 0 || excess[f]! < MENTION_DEG) return null;
  const phases = deviations.filter((deviation) => deviation.feature === reference.features[f]);
  const top = phases.sort((a, b) => Math.abs(b.deltaDeg) - Math.abs(a.deltaDeg))[0];
  return top ? { ...top, excessDeg: round1(excess[f]!) } : null;
}

export type TScoreOptions = { signal?: TSignalOptions };

/** Scores a take (validated here) against a reference (validated here). */
export function scoreTake(referenceInput: unknown, takeInput: unknown, options: TScoreOptions = {}): TScoreResult {
  return analyseTake(referenceInput, takeInput, options).result;
}

/**
 * A feedback line and what it is about: the joints it concerns, the reps it applies to (their
 * indexes in `reps`) and the phase of those reps it concerns (null: the whole rep, or none).
 */
export type TFeedbackLine = { text: string; features: TFeatureName[]; reps: number[]; phase: TMovePhase | null };

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
  const pose = cleanPose(take, options.signal ?? SIGNAL_DEFAULTS);
  return { ...scoreSeries(reference, pose, poseFeatures(pose)), size: { width: take.width, height: take.height } };
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
  return segmentReps(
    series.t,
    signal,
    {
      rest: range.rest,
      extreme: range.extreme,
      ...REP_LEVELS,
      minRepMs: 250,
      resetGapMs: 1000,
    },
    confirmingColumns(series, kind, primary),
  );
}

function scoreSeries(reference: TReference, pose: TPoseSeries, series: TFeatureSeries): Omit<TTakeAnalysis, 'size'> {
  const context = scoringContext(reference);
  const config = repConfig(reference);
  const signal = series.values[FEATURE_INDEX[reference.primary]]!;
  const found = segmentReps(series.t, signal, config, confirmingColumns(series, reference.kind ?? 'custom', reference.primary));
  const aligned = found.map((rep) => ({ ...alignAndScoreRep(context, repMatrix(series, rep, reference.features), rep), rep }));
  const reps = aligned.map((entry) => entry.score);
  const score = reps.length === 0 ? 0 : reps.reduce((sum, rep) => sum + rep.score, 0) / reps.length;
  const outOfView = mostlyOutOfView(pose);
  const deepest = deepestLevel(signal, config.rest, config.extreme);
  const feedback = takeFeedback(context, reps, outOfView, partsOutOfViewOften(pose), deepest);
  const result: TScoreResult = {
    score: round3(score),
    repCount: reps.length,
    reps,
    feedback: feedback.map((line) => line.text),
    outOfView,
    durationMs: pose.t.length > 0 ? Math.round(pose.t[pose.t.length - 1]! - pose.t[0]!) : 0,
  };
  return { result, reference, context, aligned, feedback, pose, series };
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
  upper_arm: 'upper arms',
};
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

/**
 * The deviation in plain words. A `limit` fault: "Keep your upper arms still: they swing
 * about 30° more than the reference at the top". A `depth` fault: "Your hips at the bottom:
 * about 20° less movement than the reference". Otherwise: "Your knees on the way up: about
 * 15° more bent than the reference".
 */
export function describeDeviation(deviation: TDeviation, farEnd = 'the bottom'): string {
  const { feature, deltaDeg, mode } = deviation;
  const phase = deviation.phase === 'bottom' ? `at ${farEnd}` : PHASE_WORDS[deviation.phase];
  const amount = aboutDegrees(deviation.excessDeg ?? deltaDeg);
  if (mode === 'limit') {
    const words = LIMIT_WORDS[feature.replace(/^(left|right)_/, '')] ?? { advice: `Keep your ${JOINT_WORDS[feature]} steady`, what: 'it moves' };
    return `${words.advice}: ${words.what} ${amount} more than the reference ${phase}`;
  }
  if (mode === 'depth') return `${capitalise(`your ${JOINT_WORDS[feature]} ${phase}`)}: ${amount} less movement than the reference`;
  const how =
    feature === 'trunk'
      ? deltaDeg > 0
        ? `leaning ${aboutDegrees(deltaDeg)} further forward`
        : `${aboutDegrees(deltaDeg)} more upright`
      : deltaDeg < 0
        ? `${aboutDegrees(deltaDeg)} more bent`
        : `${aboutDegrees(deltaDeg)} straighter`;
  return `${capitalise(`your ${JOINT_WORDS[feature]} ${phase}`)}: ${how} than the reference`;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Body parts a feature needs (a knee angle needs hips, knees and ankles). */
function featureParts(feature: TFeatureName): TBodyPart[] {
  const joint = feature.replace(/^(left|right)_/, '');
  const parts: Record<string, TBodyPart[]> = {
    knee: ['hips', 'knees', 'ankles'],
    hip: ['shoulders', 'hips', 'knees'],
    elbow: ['shoulders', 'elbows', 'wrists'],
    shoulder: ['hips', 'shoulders', 'elbows'],
    trunk: ['shoulders', 'hips'],
    upper_arm: ['shoulders', 'elbows'],
  };
  return parts[joint] ?? [];
}

/** Body parts the reference's counting signal and weighted form joints need: the only ones worth asking the user to show. */
function neededParts(reference: TReference, weights: readonly number[]): Set<TBodyPart> {
  return new Set([reference.primary, ...reference.features.filter((_, f) => weights[f]! > 0)].flatMap(featureParts));
}

function takeFeedback(
  context: TScoringContext,
  reps: readonly TRepScore[],
  outOfView: readonly TBodyPart[],
  hiddenParts: readonly TBodyPart[],
  deepest: number,
): TFeedbackLine[] {
  const { reference } = context;
  const feedback: TFeedbackLine[] = [];
  const say = (text: string, about: Partial<Omit<TFeedbackLine, 'text'>> = {}) => feedback.push({ text, features: [], reps: [], phase: null, ...about });
  const repsWhere = (isAbout: (rep: TRepScore) => boolean) => reps.flatMap((rep, index) => (isAbout(rep) ? [index] : []));
  const needed = neededParts(reference, context.weights);
  const hint = outOfViewHint(outOfView.filter((part) => needed.has(part)));
  const span = Math.abs(reference.extreme - reference.rest);
  const { further, farEnd } = movementDefinition(reference.kind ?? 'custom');
  if (reps.length === 0) {
    say('No reps counted');
    const counting = featureParts(reference.primary).filter((part) => hiddenParts.includes(part));
    if (counting.length > 0) say(`Nothing to count: ${outOfViewHint(counting)!.replace(/^Step back so|^Move so/, 'move so')}`);
    else if (hint) say(hint);
    else if (deepest > 0.05 && deepest < 1)
      say(`Go ${aboutDegrees((1 - deepest) * span)} ${further}: no rep reached the reference's range`, { features: [reference.primary] });
    else say(`Do the full movement: no rep of the ${JOINT_WORDS[reference.primary]} was seen`, { features: [reference.primary] });
    return feedback;
  }
  if (hint) say(hint);
  const shortfall = (1 - median(reps.map((rep) => rep.rangeRatio))) * span;
  if (shortfall >= SHORTFALL_DEG) {
    // About the reps that stopped short by as much (at least half of them, the median being short).
    say(`Go ${aboutDegrees(shortfall)} ${further}`, {
      features: [reference.primary],
      reps: repsWhere((rep) => (1 - rep.rangeRatio) * span >= SHORTFALL_DEG),
      phase: 'bottom',
    });
  }
  const worst = worstOverReps(reps);
  // The primary joint at the bottom is the depth, already said.
  const isDepthAgain = worst?.feature === reference.primary && (worst.mode === 'depth' || worst.phase === 'bottom') && shortfall >= SHORTFALL_DEG;
  if (worst && !isDepthAgain) {
    say(describeDeviation(worst, farEnd), {
      features: [worst.feature],
      reps: repsWhere((rep) => rep.worst?.feature === worst.feature && rep.worst.phase === worst.phase),
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
