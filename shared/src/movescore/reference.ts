/**
 * The reference: what a rep of a movement done well looks like, built from one take of any
 * person doing it, configured by the movement's definition (which signal counts, which joints
 * carry form and their tolerances). Small enough (a few KB) to sit inline on a Firestore
 * perspective document.
 */
import { z } from 'zod';
import { APP_ERRORS, MovelabError } from '../errors.js';
import { scoredRepMatrix, TEMPLATE_SAMPLES } from './align.js';
import { FEATURE_INDEX, FEATURE_NAMES, MEAN_FEATURES, POSTURE_FEATURES, type TFeatureName } from './feature-names.js';
import { SIGNAL_NAMES } from './feature-words.js';
import { cleanPose, poseFeatures, type TFeatureSeries } from './features.js';
import { featureParts, mostlyOutOfView } from './in-view.js';
import { SIGNAL_DEFAULTS, type TPoseSeries, type TSignalOptions } from './keypoint-stage.js';
import { takeCameraView } from './camera-view.js';
import {
  confirmingSignals,
  movementDefinition,
  type TMovementDefinition,
  ZMovementKind,
  type TFormJoint,
  type TFormMode,
  type TMovementKind,
} from './definitions.js';
import { finiteSorted, median, quantile, robustRange, round1 } from './numbers.js';
import { REP_LEVELS, segmentReps, type TRep, type TRepConfig } from './reps.js';
import { describeIssues, parseTake, type TTake } from './take.js';

/** Version 2 adds the movement kind and tolerance bands; version 1 references still parse (kind `custom`). */
export const REFERENCE_VERSION = 2;

export const ZFeatureName = z.enum(FEATURE_NAMES);

const degrees = z.number().min(-360).max(360);

export const ZReference = z
  .object({
    version: z.union([z.literal(1), z.literal(REFERENCE_VERSION)]),
    /** The kind of movement (absent in version 1: `custom`). */
    kind: ZMovementKind.optional(),
    /** The signal reps are counted on. */
    primary: ZFeatureName,
    /** Features compared by DTW, in the template's row order, and their weights (sum 1). */
    features: z.array(ZFeatureName).min(1).max(FEATURE_NAMES.length),
    weights: z.array(z.number().min(0).max(1)),
    /** Per feature, degrees of difference that cost nothing (absent in version 1: a default). */
    tolerances: z.array(z.number().min(0).max(90)).optional(),
    /** features x TEMPLATE_SAMPLES, degrees: the time-normalised mean of the reference's reps. */
    template: z.array(z.array(degrees).min(2).max(200)),
    /** Primary signal at rest and at the far end of the reference's reps. */
    rest: degrees,
    extreme: degrees,
    /** Primary signal where a rep starts and ends, degrees (informational). */
    thresholds: z.object({ enter: degrees, exit: degrees }),
    minRepMs: z.number().min(0).max(60_000),
    repMs: z.object({
      mean: z.number().min(0),
      min: z.number().min(0),
      max: z.number().min(0),
    }),
    repCount: z.number().int().min(1),
  })
  .superRefine((reference, ctx) => {
    if (reference.weights.length !== reference.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['weights'],
        message: 'needs one weight per feature',
      });
    }
    if (reference.tolerances && reference.tolerances.length !== reference.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['tolerances'],
        message: 'needs one tolerance per feature',
      });
    }
    if (reference.template.length !== reference.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['template'],
        message: 'needs one row per feature',
      });
    }
    if (new Set(reference.template.map((row) => row.length)).size > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['template'],
        message: 'rows must have the same length',
      });
    }
    if (!reference.features.includes(reference.primary)) {
      ctx.addIssue({
        code: 'custom',
        path: ['primary'],
        message: 'must be one of the features',
      });
    }
    if (Math.abs(reference.extreme - reference.rest) < 5) {
      ctx.addIssue({
        code: 'custom',
        path: ['extreme'],
        message: 'must differ from rest by at least 5 degrees',
      });
    }
  });
export type TReference = z.infer<typeof ZReference>;

/** Validates anything as a reference; throws a `app/bad-request` MovelabError naming the field. */
export function parseReference(input: unknown): TReference {
  const result = ZReference.safeParse(input);
  if (result.success) return result.data;
  throw new MovelabError(APP_ERRORS.badRequest, `Invalid reference: ${describeIssues(result.error, 'reference')}`, 400, result.error.issues);
}

/** Out of view this long abandons a rep under way. */
const RESET_GAP_MS = 1000;
/** Tolerance of a version 1 reference's features, degrees. */
const DEFAULT_TOLERANCE_DEG = 8;
/**
 * The counting joint's band in a `custom` reference: its path differs more between people than a
 * joint held still (pace, how far each goes), so wider than DEFAULT_TOLERANCE_DEG.
 */
const CUSTOM_COUNTING_TOLERANCE_DEG = 15;

function configFor(rest: number, extreme: number, minRepMs: number): TRepConfig {
  return { rest, extreme, ...REP_LEVELS, minRepMs, resetGapMs: RESET_GAP_MS };
}

/** The rep tracker's settings for takes scored against this reference. */
export function repConfig(reference: TReference): TRepConfig {
  return configFor(reference.rest, reference.extreme, reference.minRepMs);
}

/** Per feature of the reference, the tolerance band in degrees. */
export function referenceTolerances(reference: TReference): number[] {
  return reference.tolerances ?? reference.features.map(() => DEFAULT_TOLERANCE_DEG);
}

/**
 * Per feature of the reference, its weight and which way a difference is a fault, from its
 * movement's definition: the counting joint is the range of motion (`depth`); every joint of a
 * `custom` (or version 1) reference must match both ways; a feature the definition does not
 * name (one an older reference still carries) weighs nothing.
 */
export function formJoints(reference: TReference): TJudgedJoint[] {
  const kind = reference.kind ?? 'custom';
  const form = movementDefinition(kind).form;
  return reference.features.map((feature, index) => {
    const weight = reference.weights[index]!;
    if (kind === 'custom') return judged(weight, customMode(reference, index));
    const named = form.find((joint) => joint.feature === feature);
    if (named) return judged(weight, named.mode, named);
    return feature === reference.primary ? judged(weight, 'depth') : judged(0, 'match');
  });
}

/** How a reference's joint is judged: its weight and mode, and the definition's options where it names the joint (see TFormJoint). */
export type TJudgedJoint = { weight: number; mode: TFormMode; atFarEnd: boolean; ideal: number | null; onlyLower: boolean };

const judged = (weight: number, mode: TFormMode, named?: TFormJoint): TJudgedJoint => ({
  weight,
  mode,
  atFarEnd: named?.atFarEnd ?? false,
  ideal: named?.ideal ?? null,
  onlyLower: named?.onlyLower ?? false,
});

/**
 * Below this range of motion in the reference's rep (degrees), a joint of a `custom` reference
 * is one the movement holds still.
 */
const CUSTOM_STILL_DEG = 20;

/**
 * How a joint of a `custom` reference is compared, from what it does in the reference: a joint
 * the reference holds still by moving no more than it (`limit`, as the definitions hold a curl's
 * upper arm and a raise's trunk), any other by its path (`match`), the counting joint too (its
 * range also counts, as for every kind). Counted by its range alone, as the definitions count
 * theirs, good push-ups of other people were told from bad ones less well as "Other" (AUC 0.66,
 * 0.73 by its path with a wider band; `npm run eval:real`). A whole-body posture the reference
 * holds (the body line of a movement on the floor, `hip_sag`) is held as the reference holds it
 * (`posture`): a sag or pike kept through the rep moves no more than a straight line does, so
 * neither its range nor its path from the rep's start shows it (push-ups as Other: AUC 0.78,
 * from 0.73; 0.85 weighed as CUSTOM_POSTURE_WEIGHT says). Holding the joint angles as they are
 * instead did not help (0.70-0.73): they depend on build and camera; the body line's bend hardly
 * does. Tried for the joints that move, and not kept: bands a third of their range wide
 * (push-ups' good takes 2-4 points higher, nothing else changed much), and judging them as
 * `limit`, only moving more than the reference costing (push-ups AUC 0.83, but a front raise's
 * worst single reference fell from 0.85 to 0.58).
 */
function customMode(reference: TReference, index: number): TFormMode {
  if (reference.features[index] === reference.primary) return 'match';
  if (!isHeld(reference.template[index]!)) return 'match';
  return isPostureFeature(reference.features[index]!) ? 'posture' : 'limit';
}

/** Whether a joint of a `custom` reference's rep moves less than CUSTOM_STILL_DEG: one the movement holds still. */
const isHeld = (row: readonly number[]) => Math.max(...row) - Math.min(...row) < CUSTOM_STILL_DEG;
const isPostureFeature = (feature: TFeatureName) => (POSTURE_FEATURES as readonly string[]).includes(feature);

/**
 * The share of a `custom` reference's weight its held whole-body postures take (the body line of a
 * movement on the floor), of the half the counting joint leaves: what the push-up's definition
 * gives the body line. Sharing the half evenly with the joints that move, the body line weighed
 * 0.07, and push-ups as Other were told apart by it less well (PushFit, leave one person out:
 * AUC 0.78, good takes 67%; with 0.4: 0.85 and 73%; curls and raises, standing, have none and are
 * unchanged; `npm run eval:real`).
 */
const CUSTOM_POSTURE_WEIGHT = 0.4;

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
 * the picture is lost (Pose Trainer's real front raises as Other, one reference: AUC at least
 * 0.85, 0.72 on the joint angles alone; `npm run eval:real`).
 */
const CUSTOM_COUNTING = [...MEAN_FEATURES, 'arm_raise'] as const satisfies readonly TFeatureName[];

/**
 * Whether the body is more level than upright in most of the take (a push-up, a plank): the
 * arm's raise is then not counted on. It is read as the elbow's height against an upright trunk,
 * which means little with the body level: the four PushFit push-up references it moved widest
 * in, counted on it as Other, ranked the other people's form at AUC 0.51-0.82, counted on the
 * elbow 0.76-0.84 (`npm run eval:real`).
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
 * For `custom`: the signal with the widest robust range, among those seen in most frames (or,
 * where none is, in SEEN_SHARE_AT_LEAST of them); the arm's raise only with the body upright.
 */
export function detectPrimary(series: TFeatureSeries): TFeatureName {
  const candidates = isLevel(series) ? CUSTOM_COUNTING.filter((feature) => feature !== 'arm_raise') : CUSTOM_COUNTING;
  for (const share of [SEEN_SHARE, SEEN_SHARE_AT_LEAST]) {
    let best: TFeatureName | null = null;
    let bestRange = 0;
    for (const feature of candidates) {
      const column = series.values[FEATURE_INDEX[feature]]!;
      if (seenShare(column) < share) continue;
      const range = robustRange(column);
      if (range > bestRange) {
        best = feature;
        bestRange = range;
      }
    }
    if (best) return best;
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

/** The definition's form with `counting` judged in the counting joint's place, or alone where the form already names it. */
function countedForm(form: readonly TFormJoint[], definitionCounting: TFeatureName | null, counting: TFeatureName | null): readonly TFormJoint[] {
  if (counting === definitionCounting) return form;
  const named = form.some((joint) => joint.feature === counting);
  return form.flatMap((joint) => (joint.feature !== definitionCounting ? [joint] : named ? [] : [{ ...joint, feature: counting! }]));
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
    segmentReps(series.t, signal, configFor(range.rest, range.extreme, 300), confirming);
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
  const refined = segmentReps(series.t, signal, configFor(range.rest, range.extreme, minRepMs), confirming);
  return { series, primary, counting, minRepMs, reps: refined.length > 0 ? refined : rough };
}

/** Builds a reference from a take of the movement done well (at least one full rep; it may start mid-rep). */
export function buildReference(input: unknown, options: TBuildReferenceOptions = {}): TReference {
  const take = parseTake(input);
  const kind = ZMovementKind.parse(options.kind ?? 'custom');
  const definition = movementDefinition(kind);
  const { series, primary, counting, minRepMs, reps } = ownReps(take, kind, options);
  const rest = median(reps.map((rep) => rep.startValue));
  const extreme = median(reps.map((rep) => rep.peakValue));

  const form =
    kind === 'custom'
      ? definition.form.map((joint) => ({
          ...joint,
          toleranceDeg: joint.feature === primary ? CUSTOM_COUNTING_TOLERANCE_DEG : joint.toleranceDeg,
        }))
      : countedForm(definition.form, definition.counting, counting);
  const candidates = form.some((joint) => joint.feature === primary)
    ? form
    : [
        ...form,
        {
          feature: primary,
          weight: form[0]!.weight,
          toleranceDeg: form[0]!.toleranceDeg,
          mode: 'depth' as const,
        },
      ];
  // Each rep as a take's rep is scored: a joint the pose model misreads in it (isUnsteady) is not
  // taken into the template from that rep.
  const features = candidates.map((joint) => joint.feature);
  const columns = features.map((feature) => series.values[FEATURE_INDEX[feature]]!);
  const matrices = reps.map((rep) => scoredRepMatrix(series.t, columns, rep, features, primary).rows);
  const kept: {
    feature: TFeatureName;
    weight: number;
    toleranceDeg: number;
    mode: TFormMode;
    row: number[];
  }[] = [];
  candidates.forEach((joint, row) => {
    const known = matrices.map((matrix) => matrix[row]!).filter((values) => !Number.isNaN(values[0]!));
    // A feature seen in fewer than half of the reps (arms out of view, say) is left out.
    if (known.length * 2 < reps.length || known.length === 0) return;
    const template = Array.from({ length: TEMPLATE_SAMPLES }, (_, s) => round1(known.reduce((sum, values) => sum + values[s]!, 0) / known.length));
    kept.push({ ...joint, row: template });
  });
  if (!kept.some((joint) => joint.feature === primary)) {
    throw new MovelabError(APP_ERRORS.badRequest, `Reference take: the ${primary} is out of view during the reps`, 400);
  }
  if (kind === 'custom') {
    // No definition: as in the definitions, the counting joint is half of the form, and the
    // joints that must stay still or move with it share the other half. (Weighted by how far each
    // moves, a swinging upper arm, still in the reference, hardly counted.) A whole-body posture
    // it holds takes CUSTOM_POSTURE_WEIGHT of that half, as in the push-up's definition.
    const held = kept.filter((joint) => joint.feature !== primary && isPostureFeature(joint.feature) && isHeld(joint.row));
    const moving = kept.length - 1 - held.length;
    const postureShare = held.length === 0 ? 0 : moving === 0 ? 0.5 : CUSTOM_POSTURE_WEIGHT;
    kept.forEach((joint) => {
      if (joint.feature === primary) joint.weight = kept.length > 1 ? 0.5 : 1;
      else joint.weight = held.includes(joint) ? postureShare / held.length : (0.5 - postureShare) / moving;
    });
  }
  const total = kept.reduce((sum, joint) => sum + joint.weight, 0);
  const durations = reps.map((rep) => rep.endMs - rep.startMs);
  return ZReference.parse({
    version: REFERENCE_VERSION,
    kind,
    primary,
    features: kept.map((joint) => joint.feature),
    weights: kept.map((joint) => Math.round((joint.weight / total) * 1000) / 1000),
    tolerances: kept.map((joint) => joint.toleranceDeg),
    template: kept.map((joint) => joint.row),
    rest: round1(rest),
    extreme: round1(extreme),
    thresholds: {
      enter: round1(rest + REP_LEVELS.enter * (extreme - rest)),
      exit: round1(extreme + REP_LEVELS.exit * (rest - extreme)),
    },
    minRepMs: Math.round(minRepMs),
    repMs: {
      mean: Math.round(durations.reduce((sum, value) => sum + value, 0) / durations.length),
      min: Math.round(Math.min(...durations)),
      max: Math.round(Math.max(...durations)),
    },
    repCount: reps.length,
  });
}
