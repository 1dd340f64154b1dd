/**
 * The take: what a pose model saw, frame by frame. One JSON format for files, the CLI, the
 * Web Worker and the gateway:
 *
 * ```json
 * { "width": 640, "height": 480, "fps": 30,
 *   "frames": [ { "t": 0, "keypoints": [ { "name": "nose", "x": 320, "y": 80, "score": 0.9 } ] } ] }
 * ```
 *
 * `t` is milliseconds from the start of the take, strictly increasing. `x`/`y` are pixels in a
 * `width` x `height` image (y grows downwards). `score` is the model's confidence 0..1. A frame
 * lists any subset of the 17 COCO keypoints: a keypoint that is absent counts as not seen.
 */
import { z } from 'zod';
import { APP_ERRORS, MovelabError } from '../errors.js';

/** The 17 COCO keypoints, in the order MoveNet returns them. */
export const KEYPOINT_NAMES = [
  'nose',
  'left_eye',
  'right_eye',
  'left_ear',
  'right_ear',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
] as const;
export type TKeypointName = (typeof KEYPOINT_NAMES)[number];
export const ZKeypointName = z.enum(KEYPOINT_NAMES);

/** Index of each keypoint in KEYPOINT_NAMES, for the array-based hot paths. */
export const KEYPOINT_INDEX: Readonly<Record<TKeypointName, number>> = Object.fromEntries(
  KEYPOINT_NAMES.map((keypoint, index) => [keypoint, index]),
) as Record<TKeypointName, number>;

/** Size limits of a take: 20 minutes at 60 fps, images up to 8K. */
export const TAKE_LIMITS = {
  maxFrames: 20 * 60 * 60,
  maxDurationMs: 20 * 60_000,
  maxFps: 240,
  maxImageSide: 8192,
} as const;

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

export const ZKeypoint = z.object({
  name: ZKeypointName,
  x: finite,
  y: finite,
  score: z.number().min(0).max(1),
});
export type TKeypoint = z.infer<typeof ZKeypoint>;

export const ZFrame = z.object({
  t: z.number().min(0).max(TAKE_LIMITS.maxDurationMs),
  keypoints: z
    .array(ZKeypoint)
    .max(KEYPOINT_NAMES.length)
    .superRefine((keypoints, ctx) => {
      const seen = new Set<string>();
      keypoints.forEach((keypoint, index) => {
        if (seen.has(keypoint.name)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `keypoint "${keypoint.name}" is listed twice`,
          });
        }
        seen.add(keypoint.name);
      });
    }),
});
export type TFrame = z.infer<typeof ZFrame>;

export const ZTake = z
  .object({
    width: z.number().int().min(1).max(TAKE_LIMITS.maxImageSide),
    height: z.number().int().min(1).max(TAKE_LIMITS.maxImageSide),
    fps: z.number().gt(0).max(TAKE_LIMITS.maxFps),
    frames: z.array(ZFrame).max(TAKE_LIMITS.maxFrames, `at most ${TAKE_LIMITS.maxFrames} frames (20 minutes at 60 fps)`),
  })
  .superRefine((take, ctx) => {
    // Time must move forward: the filters and the rep counter divide by the time step.
    for (let index = 1; index < take.frames.length; index += 1) {
      const previous = take.frames[index - 1]!;
      const current = take.frames[index]!;
      if (current.t <= previous.t) {
        ctx.addIssue({
          code: 'custom',
          path: ['frames', index, 't'],
          message: `must be greater than the previous frame's t (${previous.t})`,
        });
        return;
      }
    }
  });
export type TTake = z.infer<typeof ZTake>;

/** "frames[3].keypoints[2].score: Too big: expected number to be <=1" */
export function describeIssues(error: z.ZodError, label: string, max = 5): string {
  const lines = error.issues.slice(0, max).map((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    return `${label}${path}: ${issue.message}`;
  });
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : '';
  return lines.join('; ') + more;
}

const NAME_BITS: ReadonlyMap<string, number> = new Map(KEYPOINT_NAMES.map((keypoint, index) => [keypoint, 1 << index]));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBetween(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && value >= min && value <= max;
}

/**
 * A hand-written check that accepts only takes ZTake accepts (it may refuse more: those go to
 * zod, which decides). Why: zod takes 30-80 ms on a minute of keypoints (30,000 objects) on a
 * 2-core machine, more than the whole scoring budget; this loop takes about 1 ms. Errors always
 * come from ZTake, so the messages have one source.
 */
function isWellFormedTake(input: unknown): input is TTake {
  if (!isRecord(input) || !Array.isArray(input.frames) || input.frames.length > TAKE_LIMITS.maxFrames) return false;
  const { width, height, fps } = input;
  if (!Number.isInteger(width) || !isBetween(width, 1, TAKE_LIMITS.maxImageSide)) return false;
  if (!Number.isInteger(height) || !isBetween(height, 1, TAKE_LIMITS.maxImageSide)) return false;
  if (!isBetween(fps, Number.MIN_VALUE, TAKE_LIMITS.maxFps)) return false;
  let previous = Number.NEGATIVE_INFINITY;
  for (const frame of input.frames as unknown[]) {
    if (!isRecord(frame) || !isBetween(frame.t, 0, TAKE_LIMITS.maxDurationMs) || frame.t <= previous) return false;
    previous = frame.t;
    const keypoints = frame.keypoints;
    if (!Array.isArray(keypoints) || keypoints.length > KEYPOINT_NAMES.length) return false;
    let seen = 0;
    for (const keypoint of keypoints as unknown[]) {
      if (!isRecord(keypoint) || typeof keypoint.name !== 'string') return false;
      const bit = NAME_BITS.get(keypoint.name);
      if (bit === undefined || seen & bit) return false;
      seen |= bit;
      if (!Number.isFinite(keypoint.x) || !Number.isFinite(keypoint.y) || !isBetween(keypoint.score, 0, 1)) return false;
    }
  }
  return true;
}

/** Validates anything as a take; throws a `app/bad-request` MovelabError naming the field and why. */
export function parseTake(input: unknown): TTake {
  if (isWellFormedTake(input)) return input;
  const result = ZTake.safeParse(input);
  if (result.success) return result.data;
  throw new MovelabError(APP_ERRORS.badRequest, `Invalid take: ${describeIssues(result.error, 'take')}`, 400, result.error.issues);
}
