/**
 * The geometry of one frame: every feature from the keypoints' positions. Per joint the
 * better-seen side, the far side of a side view left out; left and right enter alike, so the
 * pose model swapping them changes nothing. Used offline and by the live counter.
 */
import { FEATURE_INDEX, JOINT_POINTS, type TFeatureName } from './feature-names.js';
import { sideViewFeatures } from './side-view-features.js';
import { KEYPOINT_INDEX, type TKeypointName } from './take.js';

/** Per joint: its mean feature, and per side the feature and the keypoints as flat indices. */
const JOINT_TABLE = Object.entries(JOINT_POINTS).map(([joint, points]) => {
  const side = (prefix: 'left' | 'right') => [
    FEATURE_INDEX[`${prefix}_${joint}` as TFeatureName],
    ...points.map((point) => KEYPOINT_INDEX[`${prefix}_${point}` as TKeypointName]),
  ];
  return {
    mean: FEATURE_INDEX[joint as TFeatureName],
    sides: [side('left'), side('right')] as [number[], number[]],
  };
});

/** Angle ABC at B, in degrees 0..180; NaN when a point is missing or two coincide. */
export function angleAt(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const ux = ax - bx;
  const uy = ay - by;
  const vx = cx - bx;
  const vy = cy - by;
  const norms = Math.hypot(ux, uy) * Math.hypot(vx, vy);
  if (!(norms > 0)) return Number.NaN;
  const cosine = Math.min(1, Math.max(-1, (ux * vx + uy * vy) / norms));
  return (Math.acos(cosine) * 180) / Math.PI;
}

/** A side seen this much less confidently than the other (the far side in a side view) is left out. */
const FAR_SIDE_RATIO = 0.75;

/**
 * Mean of two values weighted by visibility; the better-seen side alone when the other is
 * missing or much less confident (the far side in a side view, often guessed by the model).
 * Left and right enter alike, so the pose model swapping them changes nothing.
 */
function weightedMean(a: number, wa: number, b: number, wb: number): number {
  const hasA = !Number.isNaN(a) && !(wa < FAR_SIDE_RATIO * wb);
  const hasB = !Number.isNaN(b) && !(wb < FAR_SIDE_RATIO * wa);
  if (hasA && hasB) return (a * wa + b * wb) / (wa + wb);
  if (hasA) return a;
  return hasB ? b : Number.NaN;
}

/** Midpoint of a left/right pair, or the one that is seen. */
function midpoint(left: number, right: number): number {
  if (Number.isNaN(left)) return right;
  if (Number.isNaN(right)) return left;
  return (left + right) / 2;
}

/**
 * Every feature of one frame. `x`, `y` and `score` are indexed like KEYPOINT_NAMES (NaN for
 * missing); the result is indexed like FEATURE_NAMES. Used offline and by the live counter.
 */
export function frameFeatures(x: ArrayLike<number>, y: ArrayLike<number>, score: ArrayLike<number>, out: Float64Array): Float64Array {
  for (const joint of JOINT_TABLE) {
    const [left, right] = joint.sides;
    const leftAngle = angleAt(x[left[1]!]!, y[left[1]!]!, x[left[2]!]!, y[left[2]!]!, x[left[3]!]!, y[left[3]!]!);
    const rightAngle = angleAt(x[right[1]!]!, y[right[1]!]!, x[right[2]!]!, y[right[2]!]!, x[right[3]!]!, y[right[3]!]!);
    out[left[0]!] = leftAngle;
    out[right[0]!] = rightAngle;
    const leftWeight = Math.min(score[left[1]!]!, score[left[2]!]!, score[left[3]!]!);
    const rightWeight = Math.min(score[right[1]!]!, score[right[2]!]!, score[right[3]!]!);
    out[joint.mean] = weightedMean(leftAngle, leftWeight, rightAngle, rightWeight);
  }
  const { left_shoulder: ls, right_shoulder: rs, left_hip: lh, right_hip: rh, left_elbow: le, right_elbow: re } = KEYPOINT_INDEX;
  out[FEATURE_INDEX.upper_arm] = weightedMean(
    hangingAngle(x[ls]!, y[ls]!, x[le]!, y[le]!),
    Math.min(score[ls]!, score[le]!),
    hangingAngle(x[rs]!, y[rs]!, x[re]!, y[re]!),
    Math.min(score[rs]!, score[re]!),
  );
  // The body line ends at the ankle, or at the knee where the ankle is not seen.
  const { left_knee: lk, right_knee: rk, left_ankle: la, right_ankle: ra } = KEYPOINT_INDEX;
  const [lf, rf] = [Number.isNaN(x[la]!) ? lk : la, Number.isNaN(x[ra]!) ? rk : ra];
  out[FEATURE_INDEX.hip_sag] = weightedMean(
    bodyLineBend(x[ls]!, y[ls]!, x[lh]!, y[lh]!, x[lf]!, y[lf]!),
    Math.min(score[ls]!, score[lh]!, score[lf]!),
    bodyLineBend(x[rs]!, y[rs]!, x[rh]!, y[rh]!, x[rf]!, y[rf]!),
    Math.min(score[rs]!, score[rh]!, score[rf]!),
  );
  out[FEATURE_INDEX.kneeling_sag] = weightedMean(
    bodyLineBend(x[ls]!, y[ls]!, x[lh]!, y[lh]!, x[lk]!, y[lk]!),
    Math.min(score[ls]!, score[lh]!, score[lk]!),
    bodyLineBend(x[rs]!, y[rs]!, x[rh]!, y[rh]!, x[rk]!, y[rk]!),
    Math.min(score[rs]!, score[rh]!, score[rk]!),
  );
  out[FEATURE_INDEX.hip_split] = Math.abs(out[FEATURE_INDEX.left_hip]! - out[FEATURE_INDEX.right_hip]!);
  const dx = midpoint(x[ls]!, x[rs]!) - midpoint(x[lh]!, x[rh]!);
  const dy = midpoint(y[ls]!, y[rs]!) - midpoint(y[lh]!, y[rh]!);
  // Inclination of hip->shoulder from straight up (image y grows downwards): 0 upright, 90 lying.
  const length = Math.hypot(dx, dy);
  out[FEATURE_INDEX.trunk] = length > 0 ? (Math.acos(Math.min(1, Math.max(-1, -dy / length))) * 180) / Math.PI : Number.NaN;
  const [leftThigh, rightThigh] = [Math.hypot(x[lk]! - x[lh]!, y[lk]! - y[lh]!), Math.hypot(x[rk]! - x[rh]!, y[rk]! - y[rh]!)];
  out[FEATURE_INDEX.knee_gap] =
    Math.min(leftThigh, rightThigh) >= 0.5 * Math.max(leftThigh, rightThigh) ? overTrunk(y[lk]! - y[rk]!, length) : Number.NaN;
  const { left_wrist: lw, right_wrist: rw } = KEYPOINT_INDEX;
  out[FEATURE_INDEX.knee_lift] = weightedMean(
    kneeLift(x, y, ls, le, lw, lk),
    Math.min(score[ls]!, score[le]!, score[lw]!, score[lk]!),
    kneeLift(x, y, rs, re, rw, rk),
    Math.min(score[rs]!, score[re]!, score[rw]!, score[rk]!),
  );
  out[FEATURE_INDEX.elbow_offset] = weightedMean(
    overTrunk(x[le]! - x[ls]!, length),
    Math.min(score[ls]!, score[le]!),
    overTrunk(x[re]! - x[rs]!, length),
    Math.min(score[rs]!, score[re]!),
  );
  out[FEATURE_INDEX.arm_raise] = weightedMean(
    raiseFromHeight(y[ls]! - y[le]!, length),
    Math.min(score[ls]!, score[le]!),
    raiseFromHeight(y[rs]! - y[re]!, length),
    Math.min(score[rs]!, score[re]!),
  );
  const { left_ear: lr, right_ear: rr } = KEYPOINT_INDEX;
  out[FEATURE_INDEX.neck] = weightedMean(
    neckFromEar(x[lr]! - x[ls]!, y[lr]! - y[ls]!, dx, dy, length),
    Math.min(score[ls]!, score[lr]!),
    neckFromEar(x[rr]! - x[rs]!, y[rr]! - y[rs]!, dx, dy, length),
    Math.min(score[rs]!, score[rr]!),
  );
  out[FEATURE_INDEX.neck_facing] = neckAcross(x[ls]!, y[ls]!, x[rs]!, y[rs]!, midpoint(x[lr]!, x[rr]!), midpoint(y[lr]!, y[rr]!));
  sideViewFeatures(x, y, out);
  return out;
}

/**
 * The collarbone's length over the trunk's (shoulders' to hips' midpoint): about 15 cm against
 * 50 cm in anthropometric tables.
 */
export const COLLARBONE_OVER_TRUNK = 0.3;

/** One side's ear above its shoulder along the trunk (`ex`, `ey`: ear less shoulder; `dx`, `dy`: the trunk, hips to shoulders), as `neck` reads it; NaN when unknown. */
function neckFromEar(ex: number, ey: number, dx: number, dy: number, trunk: number): number {
  return trunk > 0 ? (((ex * dx + ey * dy) / (trunk * trunk)) * 180) / Math.PI / COLLARBONE_OVER_TRUNK : Number.NaN;
}

/**
 * The shoulders' width (their keypoints) over the collarbone's length: the collarbone 0.3 of
 * the trunk, and real people facing the camera show shoulders 0.77 of the trunk wide (measured:
 * docs/movescore-tuning.md), so both readings of the neck agree on them.
 */
export const COLLARBONE_OVER_SHOULDERS = COLLARBONE_OVER_TRUNK / 0.77;

/** The ears (`ex`, `ey`: one or their midpoint) above the shoulders' line, as `neck_facing` reads it; NaN when unknown or seen side-on. */
function neckAcross(lx: number, ly: number, rx: number, ry: number, ex: number, ey: number): number {
  const width = Math.hypot(rx - lx, ry - ly);
  // The unit normal of the shoulders' line, turned to point up the picture (y grows downwards).
  const flip = rx - lx > 0 ? 1 : -1;
  const [nx, ny] = [(flip * (ry - ly)) / width, (flip * (lx - rx)) / width];
  const height = (ex - (lx + rx) / 2) * nx + (ey - (ly + ry) / 2) * ny;
  if (!(width > 0) || !(width >= height)) return Number.NaN;
  return ((height / (COLLARBONE_OVER_SHOULDERS * width)) * 180) / Math.PI;
}

/**
 * The upper arm's length (shoulder to elbow keypoint) over the trunk's (shoulders' to hips'
 * midpoint): real people's median (measured: docs/movescore-tuning.md). A person built 10%
 * otherwise reads about 15° lower or higher overhead.
 */
const UPPER_ARM_OVER_TRUNK = 0.6;

/** The upper arm's angle from hanging read from the elbow's height above the shoulder (see `arm_raise`); NaN when unknown. */
function raiseFromHeight(height: number, trunk: number): number {
  return trunk > 0 ? 90 + (Math.asin(Math.min(1, Math.max(-1, height / (UPPER_ARM_OVER_TRUNK * trunk)))) * 180) / Math.PI : Number.NaN;
}

/** A distance in the picture (either way) over the trunk's length, as the angle whose sine that is (degrees, 0-90); NaN when unknown. */
function overTrunk(distance: number, trunk: number): number {
  return trunk > 0 ? (Math.asin(Math.min(1, Math.abs(distance) / trunk)) * 180) / Math.PI : Number.NaN;
}

/** One side's knee height above its wrist over its arm's length, as an angle (see `knee_lift`); NaN when a point is missing. */
function kneeLift(x: ArrayLike<number>, y: ArrayLike<number>, shoulder: number, elbow: number, wrist: number, knee: number): number {
  const arm = Math.hypot(x[shoulder]! - x[elbow]!, y[shoulder]! - y[elbow]!) + Math.hypot(x[elbow]! - x[wrist]!, y[elbow]! - y[wrist]!);
  const lift = y[wrist]! - y[knee]!;
  return arm > 0 ? (Math.asin(Math.min(1, Math.max(-1, lift / arm))) * 180) / Math.PI : Number.NaN;
}

/**
 * The bend of the shoulder-hip-foot line at the hip (degrees, 0 straight; the foot end is the
 * ankle or the knee), positive when the hip is below the shoulder-foot line in the image (towards the floor), negative above; NaN when
 * a point is missing or the line is more vertical than horizontal (standing, where up and down
 * of the line mean nothing).
 */
function bodyLineBend(sx: number, sy: number, hx: number, hy: number, fx: number, fy: number): number {
  const [dx, dy] = [fx - sx, fy - sy];
  if (!(Math.abs(dx) > Math.abs(dy))) return Number.NaN;
  const bend = 180 - angleAt(sx, sy, hx, hy, fx, fy);
  const lineY = sy + ((hx - sx) * dy) / dx;
  return hy >= lineY ? bend : -bend;
}

/** Angle of the segment from (ax, ay) to (bx, by) from straight down, in degrees 0..180; NaN when a point is missing. */
function hangingAngle(ax: number, ay: number, bx: number, by: number): number {
  const length = Math.hypot(bx - ax, by - ay);
  return length > 0 ? (Math.acos(Math.min(1, Math.max(-1, (by - ay) / length))) * 180) / Math.PI : Number.NaN;
}
