/**
 * Camera variants of a real take: what the pose model would have reported had the same person
 * been filmed by another camera. Each moves the keypoints as the camera would move them in its
 * picture (the keypoints' confidences kept), so the engine's answer on the variant against its
 * answer on the untouched take says whether it holds on any camera:
 *
 * - tilted: the picture turned about its centre by ±5° or ±10° (the picture keeps its size; a
 *   keypoint turned out of it is lost, as a tilted camera loses it);
 * - far away: the person shrunk to a third of the picture's height (their length, standing or
 *   lying: the larger side of the box their keypoints fill, the median over the frames) and
 *   placed at the picture's centre;
 * - mirrored: x flipped, and left and right keypoint names swapped, as a pose model reads a
 *   mirrored selfie camera's picture (the person's right hand looks like a left one); `names
 *   kept` flips x alone, which no pose model reports but the engine must not mind either;
 * - 15 frames a second: thinned as the app thins a file (thinTake, eval:real's --fps).
 */
import { KEYPOINT_NAMES, type TFrame, type TKeypointName, type TTake } from '@movelab/shared/movescore/index';
import { median } from '@movelab/shared/movescore/numbers';
import { thinTake } from './labels.js';

export type TCamera = { name: string; apply: (take: TTake) => TTake };

/** Every keypoint of the take moved by `move` (x, y in the picture's pixels), its name by `rename`. */
function moved(take: TTake, move: (x: number, y: number) => [number, number], rename = (name: TKeypointName) => name): TTake {
  const frames: TFrame[] = take.frames.map((frame) => ({
    t: frame.t,
    keypoints: frame.keypoints.map((keypoint) => {
      const [x, y] = move(keypoint.x, keypoint.y);
      return { name: rename(keypoint.name), x, y, score: keypoint.score };
    }),
  }));
  return { ...take, frames };
}

/** The take as a camera turned by `degrees` (clockwise in the picture, y downwards) about the picture's centre films it. */
export function tilted(take: TTake, degrees: number): TTake {
  const [cx, cy] = [take.width / 2, take.height / 2];
  const [cos, sin] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  return moved(take, (x, y) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]);
}

/** The larger side of the box a frame's keypoints fill, and its centre; null with fewer than two keypoints. */
function frameBox(frame: TFrame): { size: number; x: number; y: number } | null {
  if (frame.keypoints.length < 2) return null;
  const xs = frame.keypoints.map((keypoint) => keypoint.x);
  const ys = frame.keypoints.map((keypoint) => keypoint.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { size: Math.max(right - left, bottom - top), x: (left + right) / 2, y: (top + bottom) / 2 };
}

/** The take with the person a third of the picture's height long, at its centre. */
export function farAway(take: TTake, share = 1 / 3): TTake {
  const boxes = take.frames.flatMap((frame) => frameBox(frame) ?? []);
  if (boxes.length === 0) return take;
  const scale = (share * take.height) / median(boxes.map((box) => box.size));
  const [bx, by] = [median(boxes.map((box) => box.x)), median(boxes.map((box) => box.y))];
  return moved(take, (x, y) => [take.width / 2 + (x - bx) * scale, take.height / 2 + (y - by) * scale]);
}

/** A keypoint's name for the other side (nose kept). */
const otherSide = (name: TKeypointName): TKeypointName => {
  const swapped = name.startsWith('left_') ? `right_${name.slice(5)}` : name.startsWith('right_') ? `left_${name.slice(6)}` : name;
  return KEYPOINT_NAMES.includes(swapped as TKeypointName) ? (swapped as TKeypointName) : name;
};

/** The take as a mirrored camera shows it, its left and right names swapped as a pose model reads it (or kept). */
export function mirrored(take: TTake, isRenamed = true): TTake {
  return moved(take, (x, y) => [take.width - x, y], isRenamed ? otherSide : undefined);
}

/** The variants eval:real and the tests compare with the untouched take. */
export const CAMERAS: readonly TCamera[] = [
  { name: 'tilted +5°', apply: (take) => tilted(take, 5) },
  { name: 'tilted -5°', apply: (take) => tilted(take, -5) },
  { name: 'tilted +10°', apply: (take) => tilted(take, 10) },
  { name: 'tilted -10°', apply: (take) => tilted(take, -10) },
  { name: 'far away (1/3 height)', apply: (take) => farAway(take) },
  { name: 'mirrored', apply: (take) => mirrored(take) },
  { name: 'mirrored, names kept', apply: (take) => mirrored(take, false) },
  { name: '15 frames/s', apply: (take) => thinTake(take, 15) },
];

/** How many of a take's keypoints lie outside its picture (a tilt turns some out of it). */
export const keypointsOutside = (take: TTake) =>
  take.frames.reduce((sum, frame) => sum + frame.keypoints.filter((k) => k.x < 0 || k.y < 0 || k.x > take.width || k.y > take.height).length, 0);
