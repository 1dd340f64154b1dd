/**
 * The features only a side view shows: which way the person faces tells forward from back, so
 * the elbows coming in front of the shoulders and the trunk leaning back (a shoulder press's
 * faults) can be read. Unknown (NaN) in a frame that does not show the person side-on, or
 * whose face does not say which way they face: from the front these happen towards or away
 * from the camera, where the picture shows neither (feature-names.ts, SIDE_VIEW_FEATURES).
 */
import { SIDE_ON_SPREAD } from './camera-view.js';
import { FEATURE_INDEX } from './feature-names.js';
import { KEYPOINT_INDEX } from './take.js';

/**
 * The nose at least this far ahead of the ears across the picture, over the trunk's length, tells
 * which way the person faces: about 0.2 (10 cm against 50 cm) seen side-on, 0 facing the camera.
 */
const NOSE_AHEAD = 0.08;

/** Midpoint of a left/right pair, or the one that is seen (NaN: neither). */
const midpoint = (left: number, right: number) => (Number.isNaN(left) ? right : Number.isNaN(right) ? left : (left + right) / 2);

/**
 * +1 where the person faces the picture's right, -1 its left, NaN where a frame does not show
 * them side-on (the shoulders, both seen, wider apart than SIDE_ON_SPREAD of the trunk: the
 * camera's view of a take, camera-view.ts, read frame by frame) or the face does not say.
 */
function facing(x: ArrayLike<number>, y: ArrayLike<number>, trunk: number): number {
  const { nose, left_ear: le, right_ear: re, left_shoulder: ls, right_shoulder: rs } = KEYPOINT_INDEX;
  const spread = Math.hypot(x[ls]! - x[rs]!, y[ls]! - y[rs]!) / trunk;
  if (spread > SIDE_ON_SPREAD) return Number.NaN;
  const ahead = (x[nose]! - midpoint(x[le]!, x[re]!)) / trunk;
  return Math.abs(ahead) >= NOSE_AHEAD ? Math.sign(ahead) : Number.NaN;
}

/** A signed distance across the picture over the trunk's length, as the angle whose sine that is (degrees); NaN when unknown. */
const asAngle = (distance: number, trunk: number) => (Math.asin(Math.max(-1, Math.min(1, distance / trunk))) * 180) / Math.PI;

/**
 * Writes `elbow_forward` and `back_lean` of one frame into `out` (indexed like FEATURE_NAMES);
 * `x`, `y` indexed like KEYPOINT_NAMES, NaN where a keypoint is not seen.
 */
export function sideViewFeatures(x: ArrayLike<number>, y: ArrayLike<number>, out: Float64Array): void {
  const { left_shoulder: ls, right_shoulder: rs, left_hip: lh, right_hip: rh, left_elbow: le, right_elbow: re } = KEYPOINT_INDEX;
  const [sx, sy] = [midpoint(x[ls]!, x[rs]!), midpoint(y[ls]!, y[rs]!)];
  const [hx, hy] = [midpoint(x[lh]!, x[rh]!), midpoint(y[lh]!, y[rh]!)];
  const trunk = Math.hypot(sx - hx, sy - hy);
  const way = trunk > 0 ? facing(x, y, trunk) : Number.NaN;
  // Both elbows against both shoulders where both are seen: turned a little from side-on, one
  // elbow out to the side reads forward and the other back by as much, and their mean cancels it.
  out[FEATURE_INDEX.elbow_forward] = asAngle(way * (midpoint(x[le]!, x[re]!) - sx), trunk);
  // The trunk's lean back from upright (hips to shoulders against the way the person faces);
  // leaning forward reads 0, so only a lean back moves it.
  const back = (Math.atan2(-way * (sx - hx), hy - sy) * 180) / Math.PI;
  out[FEATURE_INDEX.back_lean] = Number.isNaN(back) ? Number.NaN : Math.max(0, back);
}
