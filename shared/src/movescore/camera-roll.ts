/**
 * The camera's roll, told from the body: a phone propped up askew turns the whole picture, and
 * every feature measured against the picture's up and down (the trunk's lean, the knees' heights,
 * the upper arm's hang) would read the tilt as the person's. Standing, legs upright and a knee
 * straight, the line from the ankles to the shoulders is upright: each frame showing it gives a
 * reading, and the camera's roll is the median of the readings so far, so the live counter and the
 * saved result (which replays the take frame by frame, keypoint-stage.ts) turn every frame back by
 * the same angle before its features are measured (features.ts, live.ts). The median moves with the
 * camera: the same person filmed 10° askew reads 10° more, and turned back the features are the
 * same. Real people standing on level cameras read within 2° for most takes (RepCount, the MIT
 * squat): their own lean, which is left (LEAN_DEG).
 *
 * A body level on the floor (a push-up) is not read: the line from the wrists to the ankles, the
 * floor's in principle, rises 4-11° towards the feet on real people filmed level (the ankle's
 * keypoint sits higher off the floor than the wrist's; PushFit's tune people, median 6.5°) and
 * not at all on the generated catalogue's, and turned level either way it cost the push-up's
 * figures (the catalogue knee push-up's drop on real push-ups, 61 to 37 points on the validate
 * people): docs/movescore-tuning.md.
 */
import { KEYPOINT_INDEX } from './take.js';

/** A reading further than this from the picture's up is a pose other than standing (a lean, a lunge), not a tilt. */
const MOST_DEG = 30;
/** Readings are counted in bins this wide (degrees): the median of a histogram, constant work per frame however long the take. */
const BIN_DEG = 0.1;
const BINS = Math.round((2 * MOST_DEG) / BIN_DEG) + 1;
/**
 * A roll under this (degrees) is not turned back: real people standing at ease on a level camera
 * read up to 2° (their own lean), and turning that back moved the front raises' figures
 * (docs/movescore-tuning.md).
 */
const LEAN_DEG = 2;
/** Knees straighter than this (degrees), the ankles are under the hips: the body stands. */
const STRAIGHT_KNEE_DEG = 150;

const DEG = 180 / Math.PI;
const { left_shoulder: ls, right_shoulder: rs, left_hip: lh, right_hip: rh, left_knee: lk, right_knee: rk } = KEYPOINT_INDEX;
const { left_ankle: la, right_ankle: ra } = KEYPOINT_INDEX;

/** Midpoint of a left/right pair, or the one that is seen (NaN: neither). */
const mid = (left: number, right: number) => (Number.isNaN(left) ? right : Number.isNaN(right) ? left : (left + right) / 2);

/** An angle in degrees wrapped to -180..180. */
const wrap = (deg: number) => deg - 360 * Math.round(deg / 360);

/** The knee's angle of one side (degrees), NaN when a point is missing. */
function kneeAngle(x: ArrayLike<number>, y: ArrayLike<number>, hip: number, knee: number, ankle: number): number {
  const [ux, uy, vx, vy] = [x[hip]! - x[knee]!, y[hip]! - y[knee]!, x[ankle]! - x[knee]!, y[ankle]! - y[knee]!];
  return Math.acos(Math.max(-1, Math.min(1, (ux * vx + uy * vy) / (Math.hypot(ux, uy) * Math.hypot(vx, vy))))) * DEG;
}

/**
 * One frame's reading of the camera's roll (degrees, the picture turned clockwise positive, as
 * a keypoint's angle in it grows), or NaN when the frame shows no standing body.
 */
export function frameRoll(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const [sx, sy, hx, hy] = [mid(x[ls]!, x[rs]!), mid(y[ls]!, y[rs]!), mid(x[lh]!, x[rh]!), mid(y[lh]!, y[rh]!)];
  const [ax, ay] = [mid(x[la]!, x[ra]!), mid(y[la]!, y[ra]!)];
  // The trunk and the legs upright (shoulders above the hips above the ankles) and a knee
  // straight: the body stands (sitting up from the floor, the legs lie along it).
  if (!(hy - sy > Math.abs(sx - hx)) || !(ay - hy > Math.abs(ax - hx))) return Number.NaN;
  if (!(Math.max(kneeAngle(x, y, lh, lk, la) || 0, kneeAngle(x, y, rh, rk, ra) || 0) > STRAIGHT_KNEE_DEG)) return Number.NaN;
  // Ankles to shoulders points straight up (-90° in the picture, y down) when standing.
  const roll = wrap(Math.atan2(sy - ay, sx - ax) * DEG + 90);
  return Math.abs(roll) <= MOST_DEG ? roll : Number.NaN;
}

/** The camera's roll as the median of the frames' readings so far (0 before any frame gave one). */
export class RollEstimator {
  private readonly bins = new Uint32Array(BINS);
  private count = 0;
  /** The median's bin, and how many readings lie in it or below: moved a bin or two a reading, not counted again. */
  private bin = 0;
  private atOrBelow = 0;
  /** The estimate in degrees: the median, 0 while under LEAN_DEG. */
  roll = 0;

  /** Takes one frame's keypoints (NaN where missing); returns the estimate after it. */
  push(x: ArrayLike<number>, y: ArrayLike<number>): number {
    const reading = frameRoll(x, y);
    if (Number.isNaN(reading)) return this.roll;
    const bin = Math.round((reading + MOST_DEG) / BIN_DEG);
    this.bins[bin]! += 1;
    this.count += 1;
    if (bin <= this.bin) this.atOrBelow += 1;
    // The median's bin: the lowest whose readings at or below it are at least half.
    while (this.bin > 0 && 2 * (this.atOrBelow - this.bins[this.bin]!) >= this.count) this.atOrBelow -= this.bins[this.bin--]!;
    while (2 * this.atOrBelow < this.count) this.atOrBelow += this.bins[++this.bin]!;
    const median = this.bin * BIN_DEG - MOST_DEG;
    this.roll = Math.abs(median) < LEAN_DEG ? 0 : median;
    return this.roll;
  }
}

/** The keypoints turned back by `roll` degrees (about the picture's origin: features read only differences), into `outX`, `outY` (which may be `x` and `y`). */
export function unrolled(x: ArrayLike<number>, y: ArrayLike<number>, roll: number, outX: Float64Array, outY: Float64Array): void {
  const [cos, sin] = [Math.cos(roll / DEG), Math.sin(roll / DEG)];
  for (let k = 0; k < outX.length; k += 1) {
    const [px, py] = [x[k]!, y[k]!];
    outX[k] = px * cos + py * sin;
    outY[k] = -px * sin + py * cos;
  }
}
