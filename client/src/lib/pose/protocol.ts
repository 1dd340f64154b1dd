/**
 * Messages between the page and the pose worker. Frames go in as transferred ImageBitmaps, or a
 * decoded file's VideoFrames (no copy); poses come back as COCO-17 keypoints in the frame's pixels, the movescore
 * engine's take frame format, so the page can feed them to the engine as they are.
 */
import type { TKeypoint } from '@movelab/shared/movescore/index';

/** The app ships and runs MoveNet Lightning; the others are for the model comparison (`npm run bench:models`). */
export const POSE_MODELS = ['movenet-lightning', 'movenet-thunder', 'blazepose-lite', 'blazepose-full'] as const;
export type TPoseModelName = (typeof POSE_MODELS)[number];

/** Where the shipped model and WASM files are (absolute URLs: a worker resolves against its own URL). */
export type TPoseAssets = { modelUrl: string; wasmDir: string };

/** A picture for the model: a grabbed ImageBitmap or a decoded VideoFrame, transferred and closed by the worker. */
export type TPoseImage = ImageBitmap | VideoFrame;

/** The picture's size as shown (a VideoFrame's display size). */
export const imageSize = (image: TPoseImage): { width: number; height: number } =>
  'displayWidth' in image ? { width: image.displayWidth, height: image.displayHeight } : { width: image.width, height: image.height };

export type TPoseRequest =
  | { type: 'load'; model: TPoseModelName; assets: TPoseAssets }
  /** `t`: the frame's time in ms, echoed back; `id` pairs the answer with the request. */
  | { type: 'frame'; id: number; t: number; bitmap: TPoseImage }
  /** Raw model speed: inference on the same bitmap `runs` times, no transfer in between. */
  | { type: 'benchmark'; bitmap: ImageBitmap; runs: number };

export type TPoseResponse =
  | { type: 'progress'; fraction: number }
  | { type: 'ready'; backend: string; model: TPoseModelName }
  | { type: 'pose'; id: number; t: number; width: number; height: number; keypoints: TKeypoint[]; inferenceMs: number }
  | { type: 'benchmark'; meanMs: number; runs: number }
  | { type: 'error'; id: number | null; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Narrows a message from the worker; anything else is a programming error upstream. */
export function isPoseResponse(value: unknown): value is TPoseResponse {
  if (!isRecord(value) || typeof value.type !== 'string') return false;
  switch (value.type) {
    case 'progress':
      return typeof value.fraction === 'number';
    case 'ready':
      return typeof value.backend === 'string' && typeof value.model === 'string';
    case 'pose':
      return typeof value.id === 'number' && typeof value.t === 'number' && Array.isArray(value.keypoints);
    case 'benchmark':
      return typeof value.meanMs === 'number';
    case 'error':
      return typeof value.message === 'string';
    default:
      return false;
  }
}

/** Narrows a message from the page. */
export function isPoseRequest(value: unknown): value is TPoseRequest {
  if (!isRecord(value)) return false;
  if (value.type === 'load') return typeof value.model === 'string' && isRecord(value.assets);
  if (value.type === 'frame') return typeof value.id === 'number' && typeof value.t === 'number' && isRecord(value.bitmap);
  if (value.type === 'benchmark') return isRecord(value.bitmap) && typeof value.runs === 'number';
  return false;
}
