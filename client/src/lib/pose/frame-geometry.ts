/**
 * The pure arithmetic between a camera frame and MoveNet's square input: which square of the
 * frame goes in (the whole frame letterboxed, or a crop around the person seen last), RGBA to
 * the model's RGB integers, and the model's normalised output back to the frame's pixels.
 */
import { KEYPOINT_NAMES, type TKeypoint } from '@movelab/shared/movescore/index';

/** MoveNet Lightning's input side, pixels. */
export const MODEL_INPUT = 192;

/** A square of the frame, in frame pixels; it may reach past the edges (padded with black). */
export type TCrop = { x: number; y: number; size: number };

/** The whole frame, centred in a square: letterboxing keeps the body's proportions. */
export function fullFrameCrop(width: number, height: number): TCrop {
  const size = Math.max(width, height);
  return { x: (width - size) / 2, y: (height - size) / 2, size };
}

/** Where the frame is drawn on the model's input canvas so that `crop` fills it. */
export function drawRect(crop: TCrop, width: number, height: number, side = MODEL_INPUT) {
  const scale = side / crop.size;
  return { dx: (0 - crop.x) * scale, dy: (0 - crop.y) * scale, dw: width * scale, dh: height * scale };
}

/** RGBA bytes (ImageData) to the RGB int32 tensor data MoveNet takes. */
export function rgbaToRgb(rgba: ArrayLike<number>, out: Int32Array): Int32Array {
  const pixels = out.length / 3;
  for (let p = 0; p < pixels; p += 1) {
    out[3 * p] = rgba[4 * p]!;
    out[3 * p + 1] = rgba[4 * p + 1]!;
    out[3 * p + 2] = rgba[4 * p + 2]!;
  }
  return out;
}

/** MoveNet's [1, 1, 17, 3] output (y, x, score, normalised to the crop) to frame pixels. */
export function toKeypoints(output: ArrayLike<number>, crop: TCrop): TKeypoint[] {
  return KEYPOINT_NAMES.map((name, k) => ({
    name,
    x: Math.round((crop.x + output[3 * k + 1]! * crop.size) * 10) / 10,
    y: Math.round((crop.y + output[3 * k]! * crop.size) * 10) / 10,
    score: Math.min(1, Math.max(0, Math.round(output[3 * k + 2]! * 1000) / 1000)),
  }));
}

/** Confidence under which a keypoint does not steer the crop. */
const CROP_MIN_SCORE = 0.3;
/** Keypoints needed to trust the last pose for cropping (fewer: the whole frame again). */
const CROP_MIN_KEYPOINTS = 6;
/** Margin around the body: the person moves between frames, and limbs may be missed. */
const CROP_MARGIN = 1.5;

/**
 * The next frame's crop: a square around the confident keypoints of this one, with a margin,
 * never smaller than a third of the frame nor larger than the letterboxed frame. A small
 * person far from the camera then fills the model's input (MoveNet is far more precise so);
 * with too little seen it goes back to the whole frame, so a lost person is found again.
 */
export function nextCrop(keypoints: readonly TKeypoint[], width: number, height: number): TCrop {
  const full = fullFrameCrop(width, height);
  const seen = keypoints.filter((keypoint) => keypoint.score >= CROP_MIN_SCORE);
  if (seen.length < CROP_MIN_KEYPOINTS) return full;
  const xs = seen.map((keypoint) => keypoint.x);
  const ys = seen.map((keypoint) => keypoint.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const size = Math.min(full.size, Math.max(Math.max(right - left, bottom - top) * CROP_MARGIN, Math.min(width, height) / 3));
  const centreX = (left + right) / 2;
  const centreY = (top + bottom) / 2;
  return { x: centreX - size / 2, y: centreY - size / 2, size };
}
