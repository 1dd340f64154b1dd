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
