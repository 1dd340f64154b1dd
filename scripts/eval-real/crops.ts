/**
 * Real takes cropped as a camera aimed too high crops them: the picture's bottom edge moved up
 * so the counting joint leaves it, every keypoint kept where the pose model put it (those below
 * the edge are outside the picture, so the engine treats them as out of view, as it does a pose
 * model's guess beyond the edge). A push-up's edge a few pixels above the wrists (the hands just
 * below it: the elbow angle unseen); a squat's just above the knees' highest point (the legs cut off).
 */
import type { TTake } from '@movelab/shared/movescore/index';
import { median } from '@movelab/shared/movescore/numbers';

/** Pixels the edge is above the wrists: the pose model's place for them "a few pixels below the edge". */
const WRIST_MARGIN_PX = 5;

/** Per frame, the highest (smallest y) of the named keypoints, NaN where none. */
function highest(take: TTake, names: readonly string[]): number[] {
  return take.frames.map((frame) => {
    const ys = frame.keypoints.filter((keypoint) => names.includes(keypoint.name)).map((keypoint) => keypoint.y);
    return ys.length > 0 ? Math.min(...ys) : Number.NaN;
  });
}

/** The take with the picture's bottom edge at `edge` pixels from the top (the frame rate and keypoints kept). */
export const croppedAt = (take: TTake, edge: number): TTake => ({ ...take, height: Math.max(1, Math.round(edge)) });

/** A push-up take with the picture's bottom edge a few pixels above the wrists (their median height), or null with no wrists seen. */
export function wristsCut(take: TTake): TTake | null {
  const ys = highest(take, ['left_wrist', 'right_wrist']).filter((y) => !Number.isNaN(y));
  return ys.length > 0 ? croppedAt(take, median(ys) - WRIST_MARGIN_PX) : null;
}

/** A squat take with the picture's bottom edge just above the knees' highest point, or null with no knees seen. */
export function legsCut(take: TTake): TTake | null {
  const ys = highest(take, ['left_knee', 'right_knee']).filter((y) => !Number.isNaN(y));
  return ys.length > 0 ? croppedAt(take, Math.min(...ys) - 0.02 * take.height) : null;
}

type TSide = 'top' | 'bottom' | 'left' | 'right';
const SIDES: readonly TSide[] = ['bottom', 'top', 'left', 'right'];
/** A side's crop must leave each kept group (one of its keypoints) in view in this share of the frames. */
const KEPT_SHARE = 0.6;
/** The cut keypoints are out of the picture in this share of the frames (a push-up's wrists: in half, wristsCut). */
const HIDDEN_SHARE = 0.5;

/** Per frame, the named keypoints' coordinate nearest the picture's inside from `side` (NaN where none). */
function nearest(take: TTake, names: readonly string[], side: TSide): number[] {
  const axis = side === 'top' || side === 'bottom' ? 'y' : 'x';
  const pick = side === 'bottom' || side === 'right' ? Math.min : Math.max;
  return take.frames.map((frame) => {
    const values = frame.keypoints.filter((keypoint) => names.includes(keypoint.name)).map((keypoint) => keypoint[axis]);
    return values.length > 0 ? pick(...values) : Number.NaN;
  });
}

/** The take with the picture's `side` edge at `edge` pixels (coordinates moved where the top or left goes). */
function cutAt(take: TTake, side: TSide, edge: number): TTake {
  if (side === 'bottom') return croppedAt(take, edge);
  if (side === 'right') return { ...take, width: Math.max(1, Math.round(edge)) };
  const axis = side === 'top' ? 'y' : 'x';
  const frames = take.frames.map((frame) => ({
    ...frame,
    keypoints: frame.keypoints.map((keypoint) => ({ ...keypoint, [axis]: keypoint[axis] - edge })),
  }));
  return side === 'top' ? { ...take, frames, height: Math.round(take.height - edge) } : { ...take, frames, width: Math.round(take.width - edge) };
}

const isInside = (take: TTake, keypoint: { x: number; y: number }) =>
  keypoint.x >= 0 && keypoint.y >= 0 && keypoint.x <= take.width && keypoint.y <= take.height;

/** The share of frames showing a keypoint of each group. */
function keptShare(take: TTake, groups: readonly (readonly string[])[]): number {
  const kept = take.frames.filter((frame) =>
    groups.every((group) => frame.keypoints.some((keypoint) => group.includes(keypoint.name) && isInside(take, keypoint))),
  );
  return kept.length / Math.max(1, take.frames.length);
}

/**
 * The take cut at whichever edge of the picture puts the `hidden` keypoints out of it in 95% of
 * the frames (2% of the picture beyond them) and keeps a keypoint of each `kept` group in view in
 * the most frames (at least KEPT_SHARE), as a camera aimed or placed too close cuts a hanging or
 * lying body; null where no edge does.
 */
export function cutAway(take: TTake, hidden: readonly string[], kept: readonly (readonly string[])[]): TTake | null {
  const margin = 0.02 * take.height;
  let best: { take: TTake; share: number } | null = null;
  for (const side of SIDES) {
    const values = nearest(take, hidden, side)
      .filter((value) => !Number.isNaN(value))
      .sort((a, b) => a - b);
    if (values.length === 0) continue;
    const isFar = side === 'bottom' || side === 'right';
    const at = (share: number) => values[Math.round(share * (values.length - 1))]!;
    const edge = isFar ? at(1 - HIDDEN_SHARE) - margin : at(HIDDEN_SHARE) + margin;
    const cut = cutAt(take, side, edge);
    const share = keptShare(cut, kept);
    if (share >= KEPT_SHARE && (!best || share > best.share)) best = { take: cut, share };
  }
  return best?.take ?? null;
}
