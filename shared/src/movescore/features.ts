/**
 * From keypoints to features: confidence gating, gap filling, One Euro smoothing and joint
 * angles. Angles (degrees) do not change with body size or place in the image, so a take of a
 * tall person at the back of a room compares with a reference of a short one up close.
 */
import { andList } from '../format.js';
import { OneEuroFilter, ONE_EURO_DEFAULTS, type TOneEuroOptions } from './one-euro.js';
import { KEYPOINT_INDEX, KEYPOINT_NAMES, type TFrame, type TKeypointName, type TTake } from './take.js';

/** Joint angles of one side; the mean of both sides; the trunk's lean from vertical. */
export const SIDE_FEATURES = [
  'left_knee',
  'right_knee',
  'left_hip',
  'right_hip',
  'left_elbow',
  'right_elbow',
  'left_shoulder',
  'right_shoulder',
] as const;
export const MEAN_FEATURES = ['knee', 'hip', 'elbow', 'shoulder', 'trunk'] as const;
/** Segment inclinations from the image vertical that need no hips: the upper arm (0 hanging, 90 level, 180 overhead). */
export const SEGMENT_FEATURES = ['upper_arm'] as const;
/**
 * Whole-body posture, degrees: `hip_sag`, the body line's bend at the hips when the body is
 * more horizontal than vertical (a push-up, a plank): 180 minus the shoulder-hip-ankle angle
 * (the knee where the ankle is not seen), positive when the hips drop below the shoulder-ankle
 * line (sag), negative above it (pike): to the ankle, so knees a little soft, or a knee the pose
 * model places off the leg, do not read as a bend at the hips;
 * `kneeling_sag`, the same bend to the knee (shoulder-hip-knee): the body line of a kneeling
 * push-up, whose support is the knees (its ankles are anywhere: on the floor behind, or raised);
 * `hip_split`, how differently the two hips bend (0 with both legs alike, as in a squat; large
 * in a lunge, one thigh forward and one back);
 * `knee_gap`, how far apart the two knees are in height, as the angle whose sine is that gap over
 * the trunk's length: 0 with the knees level (a squat, seen from any side: the camera's turn
 * about the vertical does not change heights), about 55° at the bottom of a lunge, the back knee
 * near the floor and the front one at hip height; unknown where one thigh looks under half as long
 * as the other in the picture: it points at the camera (a lunge's front leg seen head-on), or the
 * model placed its knee off the leg (a real side-view squat whose far knee reads at the hip);
 * `knee_lift`, how high the knees are above the wrists, as the angle whose sine is that height
 * over the arm's length (shoulder-elbow plus elbow-wrist): with the hands on the floor, about 0°
 * with the knees down too (a knee push-up: 1-7° in real ones), 12-33° in a push-up on the toes.
 * Over the arm, whose segments the camera sees whole from the side and from the front alike
 * (the trunk is foreshortened seen head-on), negative with the knees below the hands.
 * Angles and ratios, so body size and camera distance do not enter.
 */
export const POSTURE_FEATURES = ['hip_sag', 'kneeling_sag', 'hip_split', 'knee_gap', 'knee_lift'] as const;
/**
 * The upper arms against the trunk, read from where the elbows are rather than from angles in
 * the picture, which a camera at the side shows foreshortened when the arms go out to the sides
 * (a shoulder press seen side-on: the upper arm points at the camera, and the shoulder's and
 * elbow's angles in the picture are anything). The trunk (shoulders to hips) is the ruler.
 * `arm_raise`, the upper arm's angle from hanging (0) through level (90) to overhead (180), read
 * from the elbow's height above the shoulder over the upper arm's length, taken as 0.6 of the
 * trunk's (real people's median): heights do not change with the side the camera films from, so a press reads the same
 * from the side, at an angle and from the front;
 * `elbow_offset`, how far the elbows are from their shoulders across the picture, as the angle
 * whose sine is that distance over the trunk's length: seen from the side, near 0° with the upper
 * arms out to the sides, growing as the elbows come forward; from the front, largest with the
 * elbows out wide, smaller as they come in front of the body.
 */
export const ARM_FEATURES = ['arm_raise', 'elbow_offset'] as const;
/**
 * The shoulders against the head. `neck`, how far the ears are above the shoulders along the
 * trunk (shoulders to hips, so a lean or a tilted camera does not change it), over the
 * collarbone's length taken as 0.3 of the trunk's, in degrees: a change of it is about the
 * collarbones' tilt, the shoulders' elevation (a shrug lifting them 5 cm: about 20° less at its top). Real people
 * standing at ease read 60-73° (Pose Trainer's curls and raises, medians); it is not
 * comparable between people, only its change within a rep. `neck_facing`, the same read across
 * the shoulders, for a person facing the camera whose hips are out of view (filmed from the chest
 * up): how far the ears are above the line between the shoulders, at right angles to it, over
 * the collarbone taken as COLLARBONE_OVER_SHOULDERS of the shoulders' width; unknown where the
 * shoulders look narrower than the ears are high above them (seen side-on, where the width is
 * anything).
 */
export const SHOULDER_FEATURES = ['neck', 'neck_facing'] as const;
export const FEATURE_NAMES = [
  ...MEAN_FEATURES,
  ...SIDE_FEATURES,
  ...SEGMENT_FEATURES,
  ...POSTURE_FEATURES,
  ...ARM_FEATURES,
  ...SHOULDER_FEATURES,
] as const;
export type TFeatureName = (typeof FEATURE_NAMES)[number];
export const FEATURE_INDEX: Readonly<Record<TFeatureName, number>> = Object.fromEntries(
  FEATURE_NAMES.map((feature, index) => [feature, index]),
) as Record<TFeatureName, number>;

/**
 * What each feature is called where a person reads it, in plain words, not the code's names
 * ("neck_facing"): `part`, the body part the feedback names ("Keep your knees level"); `signal`,
 * the measure a reference counts on, on the result's curve and the reference capture ("knee angle").
 */
export const FEATURE_WORDS: Readonly<Record<TFeatureName, { part: string; signal: string }>> = {
  knee: { part: 'knees', signal: 'knee angle' },
  hip: { part: 'hips', signal: 'hip angle' },
  elbow: { part: 'elbows', signal: 'elbow angle' },
  shoulder: { part: 'shoulders', signal: 'shoulder angle' },
  trunk: { part: 'upper body', signal: 'upper-body lean' },
  left_knee: { part: 'left knee', signal: 'left knee angle' },
  right_knee: { part: 'right knee', signal: 'right knee angle' },
  left_hip: { part: 'left hip', signal: 'left hip angle' },
  right_hip: { part: 'right hip', signal: 'right hip angle' },
  left_elbow: { part: 'left elbow', signal: 'left elbow angle' },
  right_elbow: { part: 'right elbow', signal: 'right elbow angle' },
  left_shoulder: { part: 'left shoulder', signal: 'left shoulder angle' },
  right_shoulder: { part: 'right shoulder', signal: 'right shoulder angle' },
  upper_arm: { part: 'upper arms', signal: 'upper-arm angle' },
  hip_sag: { part: 'hips', signal: 'body line at the hips' },
  kneeling_sag: { part: 'hips', signal: 'body line from shoulders to knees' },
  hip_split: { part: 'legs', signal: 'difference between the hips' },
  knee_gap: { part: 'knees', signal: 'difference in knee height' },
  knee_lift: { part: 'knees', signal: 'knee height above the hands' },
  elbow_offset: { part: 'elbows', signal: 'elbows out from the shoulders' },
  arm_raise: { part: 'upper arms', signal: 'arm raise' },
  neck: { part: 'shoulders', signal: 'shoulders-to-ears angle' },
  neck_facing: { part: 'shoulders', signal: 'shoulders-to-ears angle' },
};
/** Each feature's `signal` words (FEATURE_WORDS). */
export const SIGNAL_NAMES: Readonly<Record<TFeatureName, string>> = Object.fromEntries(
  FEATURE_NAMES.map((feature) => [feature, FEATURE_WORDS[feature].signal]),
) as Record<TFeatureName, string>;

/** Each joint angle: the keypoints [a, vertex, c] without their side; the angle is at the vertex. */
const JOINT_POINTS = {
  knee: ['hip', 'knee', 'ankle'],
  hip: ['shoulder', 'hip', 'knee'],
  elbow: ['shoulder', 'elbow', 'wrist'],
  shoulder: ['hip', 'shoulder', 'elbow'],
} as const;

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

export type TSignalOptions = {
  /** Keypoints whose confidence is below this are missing. MoveNet's own demos use 0.3. */
  minScore: number;
  /** Gaps up to this long are filled by linear interpolation; longer ones stay missing. */
  maxGapMs: number;
  oneEuro: TOneEuroOptions;
};
export const SIGNAL_DEFAULTS: TSignalOptions = {
  minScore: 0.3,
  maxGapMs: 300,
  oneEuro: ONE_EURO_DEFAULTS,
};

/**
 * Keypoints of a whole take as columns (one Float64Array per keypoint and axis), in units of
 * the image height so the filter's tuning does not depend on the camera's resolution.
 * Missing samples are NaN.
 */
export type TPoseSeries = {
  t: Float64Array;
  x: Float64Array[];
  y: Float64Array[];
  score: Float64Array[];
};

/** Feature values per frame (one Float64Array per feature, NaN where unknown). */
export type TFeatureSeries = { t: Float64Array; values: Float64Array[] };

function emptyColumns(count: number): Float64Array[] {
  return KEYPOINT_NAMES.map(() => new Float64Array(count).fill(Number.NaN));
}

/**
 * Writes one frame's keypoints into column `index`, gating on confidence and on the image
 * bounds (a keypoint the model places outside the picture is a guess).
 */
function gateFrame(frame: TFrame, width: number, height: number, minScore: number, pose: TPoseSeries, index: number): void {
  for (const keypoint of frame.keypoints) {
    const isInside = keypoint.x >= 0 && keypoint.x <= width && keypoint.y >= 0 && keypoint.y <= height;
    if (keypoint.score < minScore || !isInside) continue;
    const k = KEYPOINT_INDEX[keypoint.name];
    pose.x[k]![index] = keypoint.x / height;
    pose.y[k]![index] = keypoint.y / height;
    pose.score[k]![index] = keypoint.score;
  }
}

/** Confidence gating: the take as columns, keypoints under the threshold missing. */
export function gateTake(take: TTake, minScore = SIGNAL_DEFAULTS.minScore): TPoseSeries {
  const count = take.frames.length;
  const pose: TPoseSeries = {
    t: Float64Array.from(take.frames, (frame) => frame.t),
    x: emptyColumns(count),
    y: emptyColumns(count),
    score: emptyColumns(count),
  };
  take.frames.forEach((frame, index) => gateFrame(frame, take.width, take.height, minScore, pose, index));
  return pose;
}

/** Linear interpolation over NaN runs no longer than `maxGapMs` that have a value on both sides. */
export function fillShortGaps(t: Float64Array, column: Float64Array, maxGapMs: number): void {
  let lastKnown = -1;
  for (let i = 0; i < column.length; i += 1) {
    if (Number.isNaN(column[i]!)) continue;
    const isGapBefore = lastKnown >= 0 && i - lastKnown > 1;
    if (isGapBefore && t[i]! - t[lastKnown]! <= maxGapMs) {
      const t0 = t[lastKnown]!;
      const v0 = column[lastKnown]!;
      const slope = (column[i]! - v0) / (t[i]! - t0);
      for (let j = lastKnown + 1; j < i; j += 1) column[j] = v0 + slope * (t[j]! - t0);
    }
    lastKnown = i;
  }
}

/**
 * One Euro filter over the seen values of a column, restarting after a gap longer than
 * `maxGapMs`, as the live counter filters each keypoint: the values the two pipelines count on
 * differ only over gaps, where this one interpolates and the live one holds (filtered after the
 * gaps were filled, they differed by a degree or two after each, and the saved count was lower
 * than the live one in twice as many generated low-frame-rate cases; `npm run eval:real` the same).
 */
export function smoothColumn(t: Float64Array, column: Float64Array, options: TOneEuroOptions, maxGapMs: number): void {
  const filter = new OneEuroFilter(options);
  let lastSeen = -1;
  for (let i = 0; i < column.length; i += 1) {
    if (Number.isNaN(column[i]!)) continue;
    if (lastSeen >= 0 && t[i]! - t[lastSeen]! > maxGapMs) filter.reset();
    column[i] = filter.filter(column[i]!, t[i]!);
    lastSeen = i;
  }
}

/**
 * Fills each gap of a column no longer than `maxGapMs` with the last value seen before it, as the
 * live counter reads a keypoint it stopped seeing (it cannot look ahead).
 */
export function holdShortGaps(t: Float64Array, column: Float64Array, maxGapMs: number): void {
  let lastKnown = -1;
  for (let i = 0; i < column.length; i += 1) {
    if (!Number.isNaN(column[i]!)) lastKnown = i;
    else if (lastKnown >= 0 && t[i]! - t[lastKnown]! <= maxGapMs) column[i] = column[lastKnown]!;
  }
}

/**
 * How a cleaned pose fills a keypoint's short gaps: `interpolate` between the values on either
 * side (offline, it may look ahead: the form is judged so), or `hold` the last seen one, as the
 * live counter does (the saved result counts so: see analyseTake).
 */
export type TGapFill = 'interpolate' | 'hold';

/** Gating and smoothing of the seen positions of a whole take, as the live counter smooths them; gaps left open. */
function smoothedPose(take: TTake, options: TSignalOptions): TPoseSeries {
  const pose = gateTake(take, options.minScore);
  for (let k = 0; k < KEYPOINT_NAMES.length; k += 1) {
    smoothColumn(pose.t, pose.x[k]!, options.oneEuro, options.maxGapMs);
    smoothColumn(pose.t, pose.y[k]!, options.oneEuro, options.maxGapMs);
  }
  return pose;
}

/** The pose with its short gaps filled one way (see TGapFill), in place. */
function filledPose(pose: TPoseSeries, maxGapMs: number, gaps: TGapFill): TPoseSeries {
  const fill = gaps === 'hold' ? holdShortGaps : fillShortGaps;
  for (const column of [...pose.x, ...pose.y, ...pose.score]) fill(pose.t, column, maxGapMs);
  return pose;
}

const copyPose = (pose: TPoseSeries): TPoseSeries => ({
  t: pose.t,
  x: pose.x.map((column) => Float64Array.from(column)),
  y: pose.y.map((column) => Float64Array.from(column)),
  score: pose.score.map((column) => Float64Array.from(column)),
});

/** Gating, smoothing of the seen positions (as the live counter smooths them) and interpolation of short gaps of a whole take. */
export function cleanPose(take: TTake, options: TSignalOptions = SIGNAL_DEFAULTS): TPoseSeries {
  return filledPose(smoothedPose(take, options), options.maxGapMs, 'interpolate');
}

/** A take cleaned both ways from one gating and smoothing: its gaps interpolated, and held. */
export function cleanPoses(take: TTake, options: TSignalOptions = SIGNAL_DEFAULTS): Record<TGapFill, TPoseSeries> {
  const smoothed = smoothedPose(take, options);
  const hold = filledPose(copyPose(smoothed), options.maxGapMs, 'hold');
  return { interpolate: filledPose(smoothed, options.maxGapMs, 'interpolate'), hold };
}

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
 * the trunk, and real people facing the camera show shoulders 0.77 of the trunk wide (median of
 * RepCount's five facing takes, 0.68-0.94), so both readings of the neck agree on them.
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
 * midpoint), measured on real people (`../shared/data/real-motion`, each take's 90th percentile
 * over its frames, where the arm is seen whole): median 0.59 over PushFit's 69 push-up takes (10-90%
 * of them 0.54-0.70), 0.61 over Pose Trainer's 44 curls and raises, 0.62 in the MIT squat;
 * anthropometric tables say 0.62. A person built 10% otherwise reads about 15° lower or higher overhead.
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

/**
 * Features of every frame of a cleaned pose series (from frame `from` on, written into `into`
 * where given; frames `isKept` says are already there are left as they are).
 */
export function poseFeatures(
  pose: TPoseSeries,
  { from = 0, into, isKept }: { from?: number; into?: Float64Array[]; isKept?: (frame: number) => boolean } = {},
): TFeatureSeries {
  const count = pose.t.length;
  const values = into ?? FEATURE_NAMES.map(() => new Float64Array(count));
  const x = new Float64Array(KEYPOINT_NAMES.length);
  const y = new Float64Array(KEYPOINT_NAMES.length);
  const score = new Float64Array(KEYPOINT_NAMES.length);
  const out = new Float64Array(FEATURE_NAMES.length);
  for (let i = from; i < count; i += 1) {
    if (isKept?.(i)) continue;
    for (let k = 0; k < KEYPOINT_NAMES.length; k += 1) {
      x[k] = pose.x[k]![i]!;
      y[k] = pose.y[k]![i]!;
      score[k] = pose.score[k]![i]!;
    }
    frameFeatures(x, y, score, out);
    for (let f = 0; f < FEATURE_NAMES.length; f += 1) values[f]![i] = out[f]!;
  }
  return { t: pose.t, values };
}

/**
 * Features of `pose`, a copy of `base`'s pose that differs in some frames (the same take with its
 * gaps held instead of interpolated): `series` (the features of `base`) copied, and only the frames
 * whose keypoints differ read again, so a take is not read twice over.
 */
export function poseFeaturesBeside(pose: TPoseSeries, base: TPoseSeries, series: TFeatureSeries): TFeatureSeries {
  const isSame = (column: Float64Array[], other: Float64Array[], i: number) => column.every((values, k) => Object.is(values[i], other[k]![i]));
  return poseFeatures(pose, {
    into: series.values.map((column) => Float64Array.from(column)),
    isKept: (i) => isSame(pose.x, base.x, i) && isSame(pose.y, base.y, i) && isSame(pose.score, base.score, i),
  });
}

/** The whole offline pipeline: take -> cleaned keypoints -> features. */
export function takeFeatures(take: TTake, options: TSignalOptions = SIGNAL_DEFAULTS): TFeatureSeries {
  return poseFeatures(cleanPose(take, options));
}

// ---------------------------------------------------------------- out of view

export const BODY_PARTS = ['head', 'shoulders', 'elbows', 'wrists', 'hips', 'knees', 'ankles'] as const;
export type TBodyPart = (typeof BODY_PARTS)[number];
export const PART_KEYPOINTS: Readonly<Record<TBodyPart, readonly TKeypointName[]>> = {
  head: ['nose', 'left_eye', 'right_eye', 'left_ear', 'right_ear'],
  shoulders: ['left_shoulder', 'right_shoulder'],
  elbows: ['left_elbow', 'right_elbow'],
  wrists: ['left_wrist', 'right_wrist'],
  hips: ['left_hip', 'right_hip'],
  knees: ['left_knee', 'right_knee'],
  ankles: ['left_ankle', 'right_ankle'],
};

/**
 * Body parts the camera does not see in this frame: none of their keypoints is confident and
 * inside the image. One side hidden (a side view) is normal and not reported.
 */
export function partsOutOfView(frame: TFrame, size: { width: number; height: number }, minScore = SIGNAL_DEFAULTS.minScore): TBodyPart[] {
  const seen = new Set<TKeypointName>();
  for (const keypoint of frame.keypoints) {
    const isInside = keypoint.x >= 0 && keypoint.x <= size.width && keypoint.y >= 0 && keypoint.y <= size.height;
    if (keypoint.score >= minScore && isInside) seen.add(keypoint.name);
  }
  return BODY_PARTS.filter((part) => !PART_KEYPOINTS[part].some((keypoint) => seen.has(keypoint)));
}

/**
 * Body parts out of view (none of their keypoints known after gating and gap filling) in at least
 * `share` of the frames (of frames `from`..`to`, inclusive, where given: a rep's).
 */
export function mostlyOutOfView(pose: TPoseSeries, share = 0.5, from = 0, to = pose.t.length - 1): TBodyPart[] {
  const frames = to - from + 1;
  return BODY_PARTS.filter((part) => {
    const columns = PART_KEYPOINTS[part].map((keypoint) => pose.x[KEYPOINT_INDEX[keypoint]]!);
    let hidden = 0;
    for (let i = from; i <= to; i += 1) {
      if (columns.every((column) => Number.isNaN(column[i]!))) hidden += 1;
    }
    return hidden >= share * Math.max(1, frames);
  });
}

/** Parts hidden often enough (a third of the frames) to break counting. */
export const partsOutOfViewOften = (pose: TPoseSeries) => mostlyOutOfView(pose, 1 / 3);

/** The body parts each joint angle is computed from (a side's angle needs the same parts as the mean). */
const JOINT_PARTS: Readonly<Record<keyof typeof JOINT_POINTS, readonly TBodyPart[]>> = {
  knee: ['hips', 'knees', 'ankles'],
  hip: ['shoulders', 'hips', 'knees'],
  elbow: ['shoulders', 'elbows', 'wrists'],
  shoulder: ['hips', 'shoulders', 'elbows'],
};
const OTHER_PARTS: Readonly<
  Record<
    | 'trunk'
    | (typeof SEGMENT_FEATURES)[number]
    | (typeof POSTURE_FEATURES)[number]
    | (typeof ARM_FEATURES)[number]
    | (typeof SHOULDER_FEATURES)[number],
    readonly TBodyPart[]
  >
> = {
  trunk: ['shoulders', 'hips'],
  upper_arm: ['shoulders', 'elbows'],
  hip_sag: ['shoulders', 'hips', 'knees'],
  kneeling_sag: ['shoulders', 'hips', 'knees'],
  hip_split: ['shoulders', 'hips', 'knees'],
  knee_gap: ['shoulders', 'hips', 'knees'],
  knee_lift: ['shoulders', 'elbows', 'wrists', 'knees'],
  elbow_offset: ['shoulders', 'elbows', 'hips'],
  arm_raise: ['shoulders', 'elbows', 'hips'],
  neck: ['head', 'shoulders', 'hips'],
  neck_facing: ['head', 'shoulders'],
};

function partsOf(feature: TFeatureName): readonly TBodyPart[] {
  const joint = feature.replace(/^(left|right)_/, '');
  return joint in JOINT_PARTS ? JOINT_PARTS[joint as keyof typeof JOINT_PARTS] : OTHER_PARTS[feature as keyof typeof OTHER_PARTS];
}

/** The body parts these features need, in BODY_PARTS order: what a camera must see to count on them. */
export function featureParts(features: readonly TFeatureName[]): TBodyPart[] {
  const needed = new Set(features.flatMap(partsOf));
  return BODY_PARTS.filter((part) => needed.has(part));
}

/** What to tell the user about parts out of view, or null when all is seen. */
export function outOfViewHint(parts: readonly TBodyPart[]): string | null {
  if (parts.length === 0) return null;
  if (parts.length === BODY_PARTS.length) return 'No one is in view: step into the picture';
  const names = andList(parts);
  const isLowerBody = parts.every((part) => part === 'knees' || part === 'ankles' || part === 'hips');
  const advice = isLowerBody ? 'Step back so your' : 'Move so your';
  const isPlural = parts.length > 1 || parts[0] !== 'head';
  return `${advice} ${names} ${isPlural ? 'are' : 'is'} visible`;
}
