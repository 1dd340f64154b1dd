/**
 * Which side the camera films a person from, told by how wide the shoulders look against the
 * trunk's length: seen side-on the shoulders are one behind the other, facing the camera (or
 * with the back to it) they are a trunk's width apart. Measured on real recordings of other
 * people (`../shared/data/real-motion`): the MIT goblet squat and Pose Trainer's curls, side
 * views, 0.05-0.45 (median over the frames); PushFit's push-ups, labelled side views at varied
 * angles, under 0.47 but for three takes of one man at 1.9-3.5, his trunk seen end-on;
 * RepCount's jumping jacks, done facing the camera, 0.68-0.80.
 * In between (0.4-0.6) the camera is at an angle and nothing is said.
 */
import type { TPerspectiveView } from '../remote-session.js';
import { SIGNAL_DEFAULTS } from './keypoint-stage.js';
import { median } from './numbers.js';
import type { TFrame, TKeypointName, TTake } from './take.js';

/** At most this spread, the camera sees the person side-on. */
export const SIDE_ON_SPREAD = 0.4;
/** At least this spread, the person faces the camera or turns their back to it. */
export const FACING_SPREAD = 0.6;

/** `side`: the camera sees the person in profile; `facing`: from the front or from behind. */
export type TCameraView = 'side' | 'facing';

/**
 * Shoulder width over the trunk's length (shoulder midpoint to hip midpoint) in one frame,
 * NaN when a shoulder or hip is not seen with confidence.
 */
export function shoulderSpread(frame: TFrame, minScore = SIGNAL_DEFAULTS.minScore): number {
  const point = (name: TKeypointName) => {
    const keypoint = frame.keypoints.find((candidate) => candidate.name === name);
    return keypoint && keypoint.score >= minScore ? keypoint : null;
  };
  const [ls, rs, lh, rh] = [point('left_shoulder'), point('right_shoulder'), point('left_hip'), point('right_hip')];
  if (!ls || !rs || !lh || !rh) return Number.NaN;
  const trunk = Math.hypot((ls.x + rs.x - lh.x - rh.x) / 2, (ls.y + rs.y - lh.y - rh.y) / 2);
  return trunk > 0 ? Math.hypot(ls.x - rs.x, ls.y - rs.y) / trunk : Number.NaN;
}

/** The view the median of these spreads says, or null when it is in between or nothing was seen. */
export function cameraViewOf(spreads: readonly number[]): TCameraView | null {
  const middle = median(spreads.filter(Number.isFinite));
  if (Number.isNaN(middle)) return null;
  if (middle <= SIDE_ON_SPREAD) return 'side';
  return middle >= FACING_SPREAD ? 'facing' : null;
}

/** The view a whole take was filmed from (see cameraViewOf). */
export function takeCameraView(take: TTake): TCameraView | null {
  return cameraViewOf(take.frames.map((frame) => shoulderSpread(frame)));
}

/** The camera view that contradicts a perspective's (a side view seen facing, a front or back view seen side-on); null: none does. */
function contradicting(view: TPerspectiveView): TCameraView | null {
  return view === 'side' ? 'facing' : view === 'front' || view === 'back' ? 'side' : null;
}

const FROM: Readonly<Record<TPerspectiveView, string>> = { side: 'from the side', front: 'from the front', back: 'from behind', other: '' };
const SEEN_FROM: Readonly<Record<TCameraView, string>> = { facing: 'from the front', side: 'side-on' };

/**
 * How to turn when the camera sees the person from another side than a perspective's view,
 * in the present while filming (`live`) or about a recorded take (`filmed`); null when it
 * agrees, is not known, or the perspective names no side.
 */
export function viewAdvice(view: TPerspectiveView, seen: TCameraView | null, moment: 'live' | 'filmed'): string | null {
  if (seen === null || seen !== contradicting(view)) return null;
  if (moment === 'filmed') {
    const turn = { side: 'side-on', front: 'facing the camera', back: 'with your back to the camera', other: '' }[view];
    return `Filmed ${SEEN_FROM[seen]}, where this movement is filmed ${FROM[view]}: film it ${turn} for a fair score.`;
  }
  const turn = { side: 'turn side-on to it', front: 'face it', back: 'turn your back to it', other: '' }[view];
  return `The camera sees you ${SEEN_FROM[seen]}: ${turn}, this movement is filmed ${FROM[view]}.`;
}

/**
 * Why a take cannot be the reference of a perspective with this view: it is filmed from the
 * other side, so every take filmed as the perspective says would be judged against a movement
 * seen differently (a push-up seen head-on has no body line to compare). Null when it can.
 */
export function referenceViewError(view: TPerspectiveView, take: TTake): string | null {
  const seen = takeCameraView(take);
  if (seen === null || seen !== contradicting(view)) return null;
  const film = { side: 'side-on', front: 'facing the camera', back: 'with the back to the camera', other: '' }[view];
  return `This video is filmed ${SEEN_FROM[seen]}, where this perspective is filmed ${FROM[view]}: record it ${film}, or change the perspective's view.`;
}
