/**
 * The keypoint stage the live counter and the saved result share: frames go in one at a time,
 * and each keypoint comes out gated, smoothed and, over a short gap, held. One object, so the
 * reps the saved result counts are the ones the live count showed.
 */
import { RollEstimator } from './camera-roll.js';
import { OneEuroFilter, ONE_EURO_DEFAULTS, type TOneEuroOptions } from './one-euro.js';
import { KEYPOINT_INDEX, KEYPOINT_NAMES, type TFrame, type TKeypoint } from './take.js';

export type TSignalOptions = {
  /** Keypoints whose confidence is below this are missing. MoveNet's own demos use 0.3. */
  minScore: number;
  /** Gaps up to this long are filled (held live, interpolated offline); longer ones stay missing. */
  maxGapMs: number;
  oneEuro: TOneEuroOptions;
};
export const SIGNAL_DEFAULTS: TSignalOptions = {
  minScore: 0.3,
  maxGapMs: 300,
  oneEuro: ONE_EURO_DEFAULTS,
};

/**
 * Whether a keypoint counts as seen: confident enough and inside the picture (one the model
 * places outside it is a guess).
 */
export function isSeenKeypoint(keypoint: TKeypoint, size: { width: number; height: number }, minScore: number): boolean {
  const isInside = keypoint.x >= 0 && keypoint.x <= size.width && keypoint.y >= 0 && keypoint.y <= size.height;
  return keypoint.score >= minScore && isInside;
}

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
  /** Per frame, the camera's roll told from the body so far (degrees, camera-roll.ts), which features turn back; none: 0. */
  roll?: Float64Array;
};

/** One frame's keypoints, indexed like KEYPOINT_NAMES, in units of the image height; NaN where missing. */
export type TPoseRow = { x: Float64Array; y: Float64Array; score: Float64Array };

const emptyRow = (): TPoseRow => ({
  x: new Float64Array(KEYPOINT_NAMES.length).fill(Number.NaN),
  y: new Float64Array(KEYPOINT_NAMES.length).fill(Number.NaN),
  score: new Float64Array(KEYPOINT_NAMES.length).fill(Number.NaN),
});

/**
 * Gating, then One Euro over each keypoint's seen positions, restarting after a gap longer than
 * `maxGapMs` (the jump is real movement, not noise); over a shorter gap the last seen value is
 * held, since a live count cannot look ahead.
 */
export class KeypointStage {
  /** This frame's keypoints as seen in it, smoothed; NaN where not seen in this frame. */
  readonly seen: TPoseRow = emptyRow();
  /** The keypoints the count reads: `seen`, with a keypoint unseen for up to `maxGapMs` held at its last value. */
  readonly held: TPoseRow = emptyRow();
  /** The camera's roll told from the body up to this frame (degrees, read on `held`, as the count reads the keypoints). */
  roll = 0;
  private readonly rollEstimator = new RollEstimator();
  private readonly size: { width: number; height: number };
  private readonly options: TSignalOptions;
  private readonly filters: OneEuroFilter[];
  private readonly seenAt = new Float64Array(KEYPOINT_NAMES.length).fill(Number.NEGATIVE_INFINITY);

  constructor(size: { width: number; height: number }, options: TSignalOptions = SIGNAL_DEFAULTS) {
    this.size = size;
    this.options = options;
    this.filters = Array.from({ length: KEYPOINT_NAMES.length * 2 }, () => new OneEuroFilter(options.oneEuro));
  }

  /** Takes the next frame (times must increase) into `seen` and `held`. */
  push(frame: TFrame): void {
    const { seen, held } = this;
    for (const row of [seen.x, seen.y, seen.score]) row.fill(Number.NaN);
    for (const keypoint of frame.keypoints) {
      if (!isSeenKeypoint(keypoint, this.size, this.options.minScore)) continue;
      const k = KEYPOINT_INDEX[keypoint.name];
      const [filterX, filterY] = [this.filters[2 * k]!, this.filters[2 * k + 1]!];
      if (frame.t - this.seenAt[k]! > this.options.maxGapMs) {
        filterX.reset();
        filterY.reset();
      }
      held.x[k] = seen.x[k] = filterX.filter(keypoint.x / this.size.height, frame.t);
      held.y[k] = seen.y[k] = filterY.filter(keypoint.y / this.size.height, frame.t);
      held.score[k] = seen.score[k] = keypoint.score;
      this.seenAt[k] = frame.t;
    }
    for (let k = 0; k < KEYPOINT_NAMES.length; k += 1) {
      if (frame.t - this.seenAt[k]! <= this.options.maxGapMs) continue;
      held.x[k] = held.y[k] = held.score[k] = Number.NaN;
    }
    this.roll = this.rollEstimator.push(held.x, held.y);
  }
}
