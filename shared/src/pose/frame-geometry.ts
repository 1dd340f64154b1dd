/**
 * The pure arithmetic between a camera frame and MoveNet's square input: which square of the
 * frame goes in (the whole frame letterboxed, or a crop around the person seen last), the
 * frame's pixels to the model's RGB integers, and the model's normalised output back to the
 * frame's pixels. The browser's pose worker and the Node video CLI (`npm run video-to-take`)
 * both use it, so a take from a file is made the way the app makes one from a camera.
 */
import { KEYPOINT_NAMES, type TKeypoint } from '../movescore/take.js';

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

/**
 * Box-filter taps of output pixels 0..side-1 over source pixels 0..length-1 (outside is black):
 * output pixel i averages `count[i]` source pixels from `first[i]`, pixel j weighing
 * `weight[i * stride + j]` (the share of the output pixel it covers).
 */
function boxTaps(start: number, scale: number, length: number, side: number) {
  const stride = Math.ceil(scale) + 1;
  const first = new Int32Array(side);
  const count = new Int32Array(side);
  const weight = new Float64Array(side * stride);
  for (let index = 0; index < side; index += 1) {
    const from = start + index * scale;
    const to = from + scale;
    first[index] = Math.max(0, Math.floor(from));
    const last = Math.min(length - 1, Math.ceil(to) - 1);
    count[index] = Math.max(0, last - first[index]! + 1);
    for (let pixel = first[index]!; pixel <= last; pixel += 1) {
      weight[index * stride + pixel - first[index]!] = (Math.min(to, pixel + 1) - Math.max(from, pixel)) / scale;
    }
  }
  return { first, count, weight, stride };
}

/**
 * The model's input from an RGB frame (3 bytes a pixel, rows top to bottom, as ffmpeg's rgb24):
 * the `crop` square scaled to side x side by area averaging, black where it reaches past the
 * frame. What drawing the frame on the worker's canvas at `drawRect` does in the browser.
 */
export function cropToInput(
  rgb: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  crop: TCrop,
  out: Int32Array,
  side = MODEL_INPUT,
): Int32Array {
  const scale = crop.size / side;
  const columns = boxTaps(crop.x, scale, width, side);
  const rows = boxTaps(crop.y, scale, height, side);
  for (let row = 0; row < side; row += 1) {
    const firstY = rows.first[row]!;
    const countY = rows.count[row]!;
    for (let column = 0; column < side; column += 1) {
      const firstX = columns.first[column]!;
      const countX = columns.count[column]!;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let dy = 0; dy < countY; dy += 1) {
        const weightY = rows.weight[row * rows.stride + dy]!;
        let source = 3 * ((firstY + dy) * width + firstX);
        for (let dx = 0; dx < countX; dx += 1) {
          const weight = weightY * columns.weight[column * columns.stride + dx]!;
          red += weight * rgb[source]!;
          green += weight * rgb[source + 1]!;
          blue += weight * rgb[source + 2]!;
          source += 3;
        }
      }
      const target = 3 * (row * side + column);
      out[target] = Math.round(red);
      out[target + 1] = Math.round(green);
      out[target + 2] = Math.round(blue);
    }
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

/**
 * Follows one person through a stream of frames: the whole frame first (or after the picture
 * size changes), then a crop around where the person was seen in the frame before.
 */
export class CropTracker {
  private crop: TCrop | null = null;
  private size = '';

  /** The square of a width x height frame to give the model next. */
  next(width: number, height: number): TCrop {
    const size = `${width}x${height}`;
    if (size !== this.size) this.crop = null;
    this.size = size;
    return this.crop ?? fullFrameCrop(width, height);
  }

  /** What the model saw in the last frame (its keypoints in frame pixels). */
  seen(keypoints: readonly TKeypoint[], width: number, height: number): void {
    this.crop = nextCrop(keypoints, width, height);
  }
}
