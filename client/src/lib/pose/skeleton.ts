/** Drawing a pose over the video: bones between confident keypoints, joints as dots. */
import { KEYPOINT_INDEX, SIGNAL_DEFAULTS, type TKeypoint, type TKeypointName } from '@movelab/shared/movescore/index';

/** The COCO-17 skeleton's bones. */
export const BONES: ReadonlyArray<readonly [TKeypointName, TKeypointName]> = [
  ['left_shoulder', 'right_shoulder'],
  ['left_shoulder', 'left_elbow'],
  ['left_elbow', 'left_wrist'],
  ['right_shoulder', 'right_elbow'],
  ['right_elbow', 'right_wrist'],
  ['left_shoulder', 'left_hip'],
  ['right_shoulder', 'right_hip'],
  ['left_hip', 'right_hip'],
  ['left_hip', 'left_knee'],
  ['left_knee', 'left_ankle'],
  ['right_hip', 'right_knee'],
  ['right_knee', 'right_ankle'],
  ['nose', 'left_eye'],
  ['nose', 'right_eye'],
  ['left_eye', 'left_ear'],
  ['right_eye', 'right_ear'],
];

/** Keypoints confident enough to draw, by index (null where gated out): the engine's threshold. */
export function gatedKeypoints(keypoints: readonly TKeypoint[], minScore = SIGNAL_DEFAULTS.minScore): Array<TKeypoint | null> {
  const byIndex: Array<TKeypoint | null> = Array.from({ length: 17 }, () => null);
  for (const keypoint of keypoints) if (keypoint.score >= minScore) byIndex[KEYPOINT_INDEX[keypoint.name]] = keypoint;
  return byIndex;
}

/** Draws on a canvas whose size is the frame's (so keypoint pixels are canvas pixels). */
export function drawSkeleton(context: CanvasRenderingContext2D, keypoints: readonly TKeypoint[], colour = '#3ddc97'): void {
  const seen = gatedKeypoints(keypoints);
  const unit = Math.max(2, context.canvas.height / 160);
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  context.lineWidth = unit;
  context.strokeStyle = colour;
  context.fillStyle = colour;
  strokeBones(context, seen);
  for (const keypoint of seen) {
    if (!keypoint) continue;
    context.beginPath();
    context.arc(keypoint.x, keypoint.y, unit * 1.5, 0, 2 * Math.PI);
    context.fill();
  }
}

/** Strokes the bones between points that are known (indexed like KEYPOINT_NAMES) with the context's current stroke. */
export function strokeBones(context: CanvasRenderingContext2D, points: ReadonlyArray<{ x: number; y: number } | null>): void {
  for (const [from, to] of BONES) {
    const a = points[KEYPOINT_INDEX[from]];
    const b = points[KEYPOINT_INDEX[to]];
    if (!a || !b) continue;
    context.beginPath();
    context.moveTo(a.x, a.y);
    context.lineTo(b.x, b.y);
    context.stroke();
  }
}

/** Sizes the canvas to the frame and draws with `draw`. */
export function paintOverlay(canvas: HTMLCanvasElement | null, width: number, height: number, draw: (context: CanvasRenderingContext2D) => void): void {
  if (!canvas) return;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  if (context) draw(context);
}
