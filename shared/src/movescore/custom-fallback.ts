/**
 * Counting on what is seen for a movement defined only by its demonstration (`custom`): which
 * signal of the joints still in view repeats with its reps is decided from the reference's own
 * rep (its template), from how the body moves relative to itself, not from the picture:
 * - lying to sitting (a sit-up): the trunk moves through at least TRUNK_MOVES_DEG and lies at
 *   least LYING_DEG from upright in the rep: counted on the trunk's angle (shoulders and hips),
 *   where the counting joint is another (the hip's angle, with the knees out of the picture);
 * - hanging (a pull-up): the trunk upright, the hands above the head at rest (the upper arm
 *   raised OVERHEAD_DEG or more) and the arm moving ARM_MOVES_DEG: counted on the head (the nose)
 *   against the hands, their height apart over the arm's length (the shoulder angle's hips may be
 *   below the picture's edge, and the trunk with them).
 * Nothing new is stored: the template already holds the trunk's and the upper arm's rows.
 */
import type { TReference } from './reference-schema.js';
import { KEYPOINT_INDEX } from './take.js';

/** What a custom take is counted on where its counting joint is unseen. */
export type TCustomPart = 'head' | 'trunk';

/** A signal read from one frame's upright keypoints (indexed like KEYPOINT_NAMES), degrees, NaN where unseen. */
export type TFrameSignal = { push(x: ArrayLike<number>, y: ArrayLike<number>): number };

/** The fallback a custom reference gives: the part, the signal at rest and at the far end of a rep (degrees), and the signal. */
export type TCustomFallback = { part: TCustomPart; rest: number; extreme: number; signal: () => TFrameSignal };

const DEG_PER_RADIAN = 180 / Math.PI;
const TRUNK_MOVES_DEG = 25;
const LYING_DEG = 60;
const UPRIGHT_DEG = 45;
const OVERHEAD_DEG = 100;
const ARM_MOVES_DEG = 45;
/** The head against the hands moves about this share of the arm's length in a pull-up (hanging to chin at the hands). */
const HEAD_RISE_ARMS = 0.6;
/** Frames showing the arm whose median length is the body's scale. */
const SCALE_FRAMES = 30;

const { nose, left_shoulder: ls, right_shoulder: rs, left_hip: lh, right_hip: rh } = KEYPOINT_INDEX;
const ARMS = (['left', 'right'] as const).map((side) => [
  KEYPOINT_INDEX[`${side}_shoulder`],
  KEYPOINT_INDEX[`${side}_elbow`],
  KEYPOINT_INDEX[`${side}_wrist`],
]);
const EARS = [KEYPOINT_INDEX.left_ear, KEYPOINT_INDEX.right_ear];
const WRISTS = [KEYPOINT_INDEX.left_wrist, KEYPOINT_INDEX.right_wrist];

const rowOf = (reference: TReference, feature: 'trunk' | 'upper_arm') => {
  const index = reference.features.indexOf(feature);
  return index < 0 ? null : reference.template[index]!;
};
const spread = (row: readonly number[]) => Math.max(...row) - Math.min(...row);

function meanSeen(values: ArrayLike<number>, indexes: readonly number[]): number {
  const seen = indexes.map((index) => values[index]!).filter((value) => !Number.isNaN(value));
  return seen.length > 0 ? seen.reduce((sum, value) => sum + value, 0) / seen.length : Number.NaN;
}

const midpoint = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : (a + b) / 2);

/** The trunk's inclination from upright, degrees (0 upright, 90 lying), as the `trunk` feature reads it. */
class TrunkAngle implements TFrameSignal {
  push(x: ArrayLike<number>, y: ArrayLike<number>): number {
    const dx = midpoint(x[ls]!, x[rs]!) - midpoint(x[lh]!, x[rh]!);
    const dy = midpoint(y[ls]!, y[rs]!) - midpoint(y[lh]!, y[rh]!);
    const length = Math.hypot(dx, dy);
    return length > 0 ? Math.acos(Math.min(1, Math.max(-1, -dy / length))) * DEG_PER_RADIAN : Number.NaN;
  }
}

/**
 * How far the head (the nose, else the ears) is below the hands, over the arm's length (shoulder
 * to elbow to wrist, the longer arm, the median of the first frames showing one: a hanging arm is
 * straight), as the angle whose arc that is; NaN where the head, the hands or the scale is unseen.
 */
class HeadAgainstHands implements TFrameSignal {
  private readonly arms: number[] = [];
  private scale = Number.NaN;

  push(x: ArrayLike<number>, y: ArrayLike<number>): number {
    if (this.arms.length < SCALE_FRAMES) this.learnScale(x, y);
    const head = Number.isNaN(y[nose]!) ? meanSeen(y, EARS) : y[nose]!;
    return ((head - meanSeen(y, WRISTS)) / this.scale) * DEG_PER_RADIAN;
  }

  private learnScale(x: ArrayLike<number>, y: ArrayLike<number>): void {
    const lengths = ARMS.map(([s, e, w]) => Math.hypot(x[s!]! - x[e!]!, y[s!]! - y[e!]!) + Math.hypot(x[e!]! - x[w!]!, y[e!]! - y[w!]!)).filter(
      (length) => length > 0,
    );
    if (lengths.length === 0) return;
    this.arms.push(Math.max(...lengths));
    const sorted = [...this.arms].sort((a, b) => a - b);
    this.scale = sorted[Math.floor(sorted.length / 2)]!;
  }
}

/** The fallback a custom reference's own rep shows (see the header), or null where neither repeats with it. */
export function customFallback(reference: TReference): TCustomFallback | null {
  if ((reference.kind ?? 'custom') !== 'custom') return null;
  const trunk = rowOf(reference, 'trunk');
  const arm = rowOf(reference, 'upper_arm');
  if (reference.primary !== 'trunk' && trunk && spread(trunk) >= TRUNK_MOVES_DEG && Math.max(...trunk) >= LYING_DEG) {
    const rest = trunk[0]!;
    const extreme = trunk.reduce((far, value) => (Math.abs(value - rest) > Math.abs(far - rest) ? value : far), rest);
    return { part: 'trunk', rest, extreme, signal: () => new TrunkAngle() };
  }
  if (trunk && Math.max(...trunk) < UPRIGHT_DEG && arm && arm[0]! >= OVERHEAD_DEG && spread(arm) >= ARM_MOVES_DEG) {
    return { part: 'head', rest: HEAD_RISE_ARMS * DEG_PER_RADIAN, extreme: 0, signal: () => new HeadAgainstHands() };
  }
  return null;
}
