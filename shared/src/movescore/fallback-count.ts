/**
 * Counting on what is seen when the counting joint is not: a push-up whose wrists the pose model
 * places below the picture's edge has no elbow angle, and a squat filmed with the legs cut off
 * has no knee angle, though a person watching counts both from the shoulders' or the hips' rise
 * and fall. For those kinds a second tracker follows that part's height in the picture, over the
 * body's own scale (the trunk's length, shoulders to hips, the median of the first frames that
 * show it, so a person near or far moves alike), as the angle whose arc that is (1 trunk = 57°).
 * The count comes from it where the counting signal was unseen in at least a third of the frames
 * that showed the part (`FallbackChoice`): the same rule, frame by frame, for the live counter and the
 * saved result, so both count alike. The form is then not judged on the unseen counting joint.
 */
import { unrolled } from './camera-roll.js';
import { customFallback, type TCustomPart, type TFrameSignal } from './custom-fallback.js';
import { FEATURE_INDEX, type TFeatureName } from './feature-names.js';
import type { TFeatureSeries } from './features.js';
import type { TPoseSeries } from './keypoint-stage.js';
import type { TMovementKind } from './movement-kinds.js';
import type { TReference } from './reference-schema.js';
import { RepTracker, type TRep, type TRepConfig } from './reps.js';
import { KEYPOINT_INDEX, KEYPOINT_NAMES, type TKeypointName } from './take.js';

/** The body part a take was counted on instead of its counting joint (a custom movement's: custom-fallback.ts). */
export type TCountedOn = 'shoulders' | 'hips' | TCustomPart;

/**
 * Per kind, the part counted on and how far it usually moves in a rep, in trunk lengths (the
 * tracker learns the person's own reps from there): tuned on the PushFit `tune` people's takes
 * cropped below the wrists and the RepCount squats cropped above the knees.
 */
type TKindFallback = { part: 'shoulders' | 'hips'; drop: number; confirming: readonly TFeatureName[] };
const FALLBACKS: Partial<Record<TMovementKind, TKindFallback>> = {
  'push-up': { part: 'shoulders', drop: 0.35, confirming: [] },
  'knee-push-up': { part: 'shoulders', drop: 0.35, confirming: [] },
  squat: { part: 'hips', drop: 0.7, confirming: ['trunk'] },
  lunge: { part: 'hips', drop: 0.4, confirming: ['trunk'] },
};

const DEG_PER_TRUNK = 180 / Math.PI;
/** The counting signal unseen in 1 / UNSEEN_SHARE of the frames: counted on the fallback. */
const UNSEEN_SHARE = 3;
/** Frames showing the trunk whose median length is the body's scale. */
const SCALE_FRAMES = 30;

const PAIRS: Readonly<Record<'shoulders' | 'hips', readonly TKeypointName[]>> = {
  shoulders: ['left_shoulder', 'right_shoulder'],
  hips: ['left_hip', 'right_hip'],
};
const SIDES = (['left', 'right'] as const).map((side) => [KEYPOINT_INDEX[`${side}_shoulder`], KEYPOINT_INDEX[`${side}_hip`]] as const);

/** A fallback: the part, its signal at rest and at a rep's far end (degrees), the signals confirming a rep, and the signal. */
export type TFallback = { part: TCountedOn; rest: number; extreme: number; confirming: readonly TFeatureName[]; signal: () => TFrameSignal };

/**
 * The fallback of a reference (null where it has none): its kind's (the part's usual drop, growing
 * downwards), or for a custom reference the one its own rep shows (custom-fallback.ts).
 */
export function fallbackOf(reference: TReference): TFallback | null {
  const kind = reference.kind ?? 'custom';
  const own = FALLBACKS[kind];
  if (own) return { ...own, rest: 0, extreme: own.drop * DEG_PER_TRUNK, signal: () => new FallbackSignal(own.part) };
  const custom = customFallback(reference);
  return custom ? { ...custom, confirming: [] } : null;
}

/** The tracker's configuration on the fallback signal: the counting signal's timing, the fallback's rest and far end. */
export function fallbackConfig(config: TRepConfig, fallback: TFallback): TRepConfig {
  return { ...config, rest: fallback.rest, extreme: fallback.extreme };
}

function meanOf(values: ArrayLike<number>, indexes: readonly number[]): number {
  let sum = 0;
  let seen = 0;
  for (const index of indexes) {
    if (Number.isNaN(values[index]!)) continue;
    sum += values[index]!;
    seen += 1;
  }
  return seen > 0 ? sum / seen : Number.NaN;
}

/** The part's height in the picture over the body's scale, one frame at a time (keypoints indexed like KEYPOINT_NAMES, upright). */
export class FallbackSignal implements TFrameSignal {
  private readonly indexes: number[];
  /** The other end of the trunk (the shoulders for the hips). */
  private readonly others: number[];
  private readonly trunks: number[] = [];
  private scale = Number.NaN;

  constructor(part: 'shoulders' | 'hips') {
    this.indexes = PAIRS[part].map((name) => KEYPOINT_INDEX[name]);
    this.others = PAIRS[part === 'hips' ? 'shoulders' : 'hips'].map((name) => KEYPOINT_INDEX[name]);
  }

  /**
   * This frame's value (degrees, growing as the part goes down), NaN where the part or the scale
   * is unseen; where the part is unseen and the other end of the trunk seen, the part has gone
   * below the picture's bottom edge (y = 1, the image height: hips leaving a picture cut at the
   * thighs at the bottom of a squat), and is read there.
   */
  push(x: ArrayLike<number>, y: ArrayLike<number>): number {
    if (this.trunks.length < SCALE_FRAMES) this.learnScale(x, y);
    const height = meanOf(y, this.indexes);
    const isBelowEdge = Number.isNaN(height) && !Number.isNaN(meanOf(y, this.others));
    return ((isBelowEdge ? 1 : height) / this.scale) * DEG_PER_TRUNK;
  }

  private learnScale(x: ArrayLike<number>, y: ArrayLike<number>): void {
    const lengths = SIDES.map(([shoulder, hip]) => Math.hypot(x[shoulder]! - x[hip]!, y[shoulder]! - y[hip]!)).filter((length) => length > 0);
    if (lengths.length === 0) return;
    this.trunks.push(Math.max(...lengths));
    const sorted = [...this.trunks].sort((a, b) => a - b);
    this.scale = sorted[Math.floor(sorted.length / 2)]!;
  }
}

/**
 * Whether to count on the fallback so far: the counting signal unseen in at least a third of the
 * frames the fallback saw (as often as breaks counting: partsOutOfViewOften).
 */
export class FallbackChoice {
  private seen = 0;
  private primaryUnseen = 0;

  push(primary: number, fallback: number): void {
    if (Number.isNaN(fallback)) return;
    this.seen += 1;
    if (Number.isNaN(primary)) this.primaryUnseen += 1;
  }

  get isFallback(): boolean {
    return this.seen > 0 && this.primaryUnseen * UNSEEN_SHARE >= this.seen;
  }
}

/** The fallback counter: the part's signal, the tracker on it and whether to count on it, one frame at a time (live and offline alike). */
export class FallbackCounter {
  readonly part: TCountedOn;
  readonly tracker: RepTracker;
  private readonly signal: TFrameSignal;
  private readonly choice = new FallbackChoice();

  constructor(fallback: TFallback, config: TRepConfig) {
    this.part = fallback.part;
    this.signal = fallback.signal();
    this.tracker = new RepTracker(fallbackConfig(config, fallback), fallback.confirming.length);
  }

  /** Whether the count comes from here so far (the counting signal mostly unseen). */
  get isActive(): boolean {
    return this.choice.isFallback;
  }

  /**
   * Feeds one frame's upright keypoints, counting signal and confirming signals (the fallback's
   * `confirming`: a squat's trunk, so the hips moving without it, walking, are not a rep);
   * returns the rep it completes on the fallback, if any.
   */
  push(t: number, x: ArrayLike<number>, y: ArrayLike<number>, primary: number, index: number, confirm: ArrayLike<number> = []): TRep | null {
    const value = this.signal.push(x, y);
    this.choice.push(primary, value);
    return this.tracker.push(t, value, index, confirm);
  }
}

/**
 * Offline, over a take's held keypoints (as the live counter reads them): the reps counted on the
 * reference's fallback, and the part, where the counting signal (`primary`, per frame) was mostly
 * unseen; null where it was seen or the reference has no fallback.
 */
export function fallbackReps(
  pose: TPoseSeries,
  series: TFeatureSeries,
  primary: ArrayLike<number>,
  reference: TReference,
  config: TRepConfig,
): { reps: TRep[]; countedOn: TCountedOn } | null {
  const fallback = fallbackOf(reference);
  if (!fallback) return null;
  const counter = new FallbackCounter(fallback, config);
  const columns = fallback.confirming.map((feature) => series.values[FEATURE_INDEX[feature]]!);
  const confirm = new Float64Array(columns.length);
  const reps: TRep[] = [];
  const x = new Float64Array(KEYPOINT_NAMES.length);
  const y = new Float64Array(KEYPOINT_NAMES.length);
  for (let i = 0; i < pose.t.length; i += 1) {
    for (let k = 0; k < KEYPOINT_NAMES.length; k += 1) [x[k], y[k]] = [pose.x[k]![i]!, pose.y[k]![i]!];
    unrolled(x, y, pose.roll?.[i] ?? 0, x, y);
    columns.forEach((column, j) => (confirm[j] = column[i]!));
    const rep = counter.push(pose.t[i]!, x, y, primary[i]!, i, confirm);
    if (rep?.replacesPrevious) reps.pop();
    if (rep) reps.push(...(rep.countsBefore ?? []), rep);
  }
  return counter.isActive ? { reps, countedOn: fallback.part } : null;
}
