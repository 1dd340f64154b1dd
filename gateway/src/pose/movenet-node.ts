/**
 * MoveNet Lightning in Node: the same graph model and TF.js WASM backend the client ships
 * (see client/src/lib/pose/movenet.ts and scripts/copy-models.mjs), read from node_modules, so
 * nothing is fetched at run time. Frames come as RGB bytes (ffmpeg's rgb24); the crop, the
 * scaling to the model's input and the decoding of its output are the browser's
 * (@movelab/shared/pose/frame-geometry).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import type { TKeypoint } from '@movelab/shared/movescore/index';
import { cropToInput, CropTracker, MODEL_INPUT, toKeypoints } from '@movelab/shared/pose/frame-geometry';

export type TNodeMoveNet = {
  backend: string;
  /** Keypoints of one RGB frame, in its pixels; the crop follows the person between calls. */
  estimate(rgb: Uint8Array, width: number, height: number): Promise<TKeypoint[]>;
};

const require = createRequire(import.meta.url);

/** A file inside an installed package: its folder found through the package's entry point. */
function packageFile(name: string, entryToFile: (entryDir: string) => string): string {
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(`${name} is not installed: run npm install`);
  }
  return entryToFile(dirname(entry));
}

/** Where the model and the WASM binaries are (the files the client's build copies under /models/). */
export function poseModelFiles(): { modelJson: string; wasmDir: string } {
  return {
    // @vladmandic/human's Node entry is dist/human.node.js; its models/ folder is beside dist/.
    modelJson: packageFile('@vladmandic/human', (dist) => join(dist, '..', 'models', 'movenet-lightning.json')),
    // @tensorflow/tfjs-backend-wasm's entry is in dist/, with the .wasm files.
    wasmDir: packageFile('@tensorflow/tfjs-backend-wasm', (dist) => dist),
  };
}

async function loadModel(modelJson: string) {
  const json = JSON.parse(await readFile(modelJson, 'utf8')) as tf.io.ModelJSON;
  const artifacts = await tf.io.getModelArtifactsForJSON(json, async (manifest) => {
    const specs = manifest.flatMap((group) => group.weights);
    const buffers = await Promise.all(manifest.flatMap((group) => group.paths).map((path) => readFile(join(dirname(modelJson), path))));
    const data = Buffer.concat(buffers);
    return [specs, data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)];
  });
  return loadGraphModel(tf.io.fromMemory(artifacts));
}

/** Loads the model on TF.js's single-threaded WASM backend (SIMD where Node has it, as browsers do). */
export async function loadNodeMoveNet(): Promise<TNodeMoveNet> {
  const { modelJson, wasmDir } = poseModelFiles();
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  setWasmPaths(`${wasmDir}/`);
  await tf.setBackend('wasm');
  await tf.ready();
  const model = await loadModel(modelJson);
  const input = new Int32Array(MODEL_INPUT * MODEL_INPUT * 3);
  const tracker = new CropTracker();
  return {
    backend: tf.getBackend(),
    async estimate(rgb, width, height) {
      const crop = tracker.next(width, height);
      cropToInput(rgb, width, height, crop, input);
      const tensor = tf.tensor4d(input, [1, MODEL_INPUT, MODEL_INPUT, 3], 'int32');
      const output = model.execute(tensor) as tf.Tensor;
      const values = await output.data();
      tf.dispose([tensor, output]);
      const keypoints = toKeypoints(values, crop);
      tracker.seen(keypoints, width, height);
      return keypoints;
    },
  };
}
