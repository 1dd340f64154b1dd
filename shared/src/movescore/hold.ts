/**
 * Timed holds the camera can judge: whether a frame shows the held position (a plank's level
 * body, a deep squat's hips down by the knees), so a hold's timer runs only while it is held.
 * Read from heights and inclinations in the picture, which do not change with body size or
 * distance; a hold with no position here is timed without the camera's say.
 */
import { isSeenKeypoint, SIGNAL_DEFAULTS } from './keypoint-stage.js';
import type { TFrame, TKeypointName } from './take.js';

export const HOLD_POSITIONS = ['plank', 'deep-squat'] as const;
export type THoldPosition = (typeof HOLD_POSITIONS)[number];

/** The position a timed movement holds, told by its id and name; null: the camera does not judge it. */
export function holdPositionOf(movement: { id: string; name: string }): THoldPosition | null {
  const text = `${movement.id} ${movement.name}`.toLowerCase();
  if (/plank/.test(text)) return 'plank';
  return /squat/.test(text) && /hold/.test(text) ? 'deep-squat' : null;
}

/** At least this far from vertical (degrees), the trunk and the legs are level: a plank, not someone standing or sitting. */
export const LEVEL_DEG = 60;
/**
 * In a deep squat the hips are at most this share of the shin's length above the knees: thighs
 * at least 60° from vertical (standing, the hips are about a shin above the knees). Heights, so
 * it reads alike from the side and from the front.
 */
export const SQUAT_HIP_RISE = 0.5;

type TPoint = { x: number; y: number };

/** The midpoint of the seen keypoints of a left/right pair; null when neither is seen. */
function pairPoint(
  frame: TFrame,
  size: { width: number; height: number },
  pair: 'shoulder' | 'hip' | 'knee' | 'ankle',
  minScore: number,
): TPoint | null {
  const names: TKeypointName[] = [`left_${pair}`, `right_${pair}`];
  const seen = frame.keypoints.filter((keypoint) => names.includes(keypoint.name) && isSeenKeypoint(keypoint, size, minScore));
  if (seen.length === 0) return null;
  return { x: seen.reduce((sum, point) => sum + point.x, 0) / seen.length, y: seen.reduce((sum, point) => sum + point.y, 0) / seen.length };
}

/** The segment's angle from the image vertical, degrees 0 (upright) to 90 (level). */
const fromVertical = (a: TPoint, b: TPoint) => (Math.atan2(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) * 180) / Math.PI;

/** Whether this frame shows the held position; false when the joints that tell it are not seen. */
export function isInHoldPosition(
  position: THoldPosition,
  frame: TFrame,
  size: { width: number; height: number },
  minScore = SIGNAL_DEFAULTS.minScore,
): boolean {
  const point = (pair: 'shoulder' | 'hip' | 'knee' | 'ankle') => pairPoint(frame, size, pair, minScore);
  const [shoulder, hip, knee, ankle] = [point('shoulder'), point('hip'), point('knee'), point('ankle')];
  if (!shoulder || !hip) return false;
  if (position === 'plank') {
    // The body line ends at the ankles, or at the knees where the ankles are not seen.
    const foot = ankle ?? knee;
    return !!foot && fromVertical(shoulder, hip) >= LEVEL_DEG && fromVertical(hip, foot) >= LEVEL_DEG;
  }
  if (!knee || !ankle || fromVertical(shoulder, hip) >= LEVEL_DEG) return false;
  const shin = Math.hypot(ankle.x - knee.x, ankle.y - knee.y);
  // Image y grows downwards: the hips' rise above the knees.
  return shin > 0 && (knee.y - hip.y) / shin <= SQUAT_HIP_RISE;
}

/** A frame or two the pose model misreads does not stop the timer: the position counts as held this long after it was last seen. */
export const HOLD_GRACE_MS = 500;

/** Follows a hold frame by frame: held while the position is seen, and for HOLD_GRACE_MS after. */
export class HoldWatch {
  private lastSeenAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly position: THoldPosition,
    private readonly size: { width: number; height: number },
  ) {}

  /** This frame read; answers whether the position is held at its time. */
  push(frame: TFrame): boolean {
    if (isInHoldPosition(this.position, frame, this.size)) this.lastSeenAt = frame.t;
    return frame.t - this.lastSeenAt <= HOLD_GRACE_MS;
  }
}
