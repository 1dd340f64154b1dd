/**
 * MoveNet (Lightning, the app's model; Thunder, its larger input, for the model comparison) on
 * TF.js's WASM backend, for the pose worker. The graph model is called
 * directly (tfjs-converter) rather than through pose-detection, whose ESM build drags in
 * @mediapipe/pose and the WebGPU backend. Single-threaded SIMD WASM: the threaded build needs
 * cross-origin isolation and hung in a minified bundle; one worker keeps one core busy while
 * the page keeps the other.
 */
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import type { TKeypoint } from '@movelab/shared/movescore/index';
import { CropTracker, drawRect, MODEL_INPUT, rgbaToRgb, toKeypoints, type TCrop } from '@movelab/shared/pose/frame-geometry';
import { imageSize, type TPoseImage, type TPoseModelName } from './protocol';
import type { TLoadRequest, TPoseModel } from './worker-host';

/** Each MoveNet's square input side, pixels. */
const MOVENET_INPUT: Partial<Record<TPoseModelName, number>> = { 'movenet-lightning': MODEL_INPUT, 'movenet-thunder': 256 };

/** TF.js on the shipped non-threaded WASM binaries under `wasmDir`. */
export async function startWasmBackend(wasmDir: string): Promise<void> {
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  // The map must name all three binaries; the threaded one is not shipped and, with the flag
  // above, never asked for.
  const wasm = (name: string) => `${wasmDir}${name}`;
  setWasmPaths(
    {
      'tfjs-backend-wasm.wasm': wasm('tfjs-backend-wasm.wasm'),
      'tfjs-backend-wasm-simd.wasm': wasm('tfjs-backend-wasm-simd.wasm'),
      'tfjs-backend-wasm-threaded-simd.wasm': wasm('tfjs-backend-wasm-threaded-simd.wasm'),
    },
    true,
  );
  await tf.setBackend('wasm');
  await tf.ready();
}

/** The crop follows the person from one call to the next. */
export async function loadMoveNet({ model: name, assets }: TLoadRequest, onProgress: (fraction: number) => void): Promise<TPoseModel> {
  const side = MOVENET_INPUT[name];
  if (side === undefined) throw new Error(`${name} is not a MoveNet model`);
  await startWasmBackend(assets.wasmDir);
  const model = await loadGraphModel(assets.modelUrl, { onProgress });
  const canvas = new OffscreenCanvas(side, side);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot draw on an OffscreenCanvas in a worker');
  const input = new Int32Array(side * side * 3);
  const tracker = new CropTracker();

  const run = async (graph: GraphModel, frameCrop: TCrop, bitmap: TPoseImage): Promise<TKeypoint[]> => {
    const { width, height } = imageSize(bitmap);
    const { dx, dy, dw, dh } = drawRect(frameCrop, width, height, side);
    context.fillStyle = '#000';
    context.fillRect(0, 0, side, side);
    context.drawImage(bitmap, dx, dy, dw, dh);
    rgbaToRgb(context.getImageData(0, 0, side, side).data, input);
    const tensor = tf.tensor4d(input, [1, side, side, 3], 'int32');
    const output = graph.execute(tensor) as tf.Tensor;
    const values = await output.data();
    tf.dispose([tensor, output]);
    return toKeypoints(values, frameCrop);
  };

  // First inference compiles the graph's kernels: do it now, not on the user's first frame.
  await run(model, { x: 0, y: 0, size: side }, await createImageBitmap(new ImageData(side, side)));

  return {
    backend: tf.getBackend(),
    async estimate(bitmap) {
      const { width, height } = imageSize(bitmap);
      const keypoints = await run(model, tracker.next(width, height), bitmap);
      tracker.seen(keypoints, width, height);
      return keypoints;
    },
  };
}
