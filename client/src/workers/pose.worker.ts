/// <reference lib="webworker" />
/**
 * The pose worker: loads MoveNet once, then answers each transferred frame with its keypoints.
 * Inference runs here so the page stays responsive while the model keeps a core busy.
 */
import { cacheModelFetches } from '@/lib/pose/model-cache';
import { loadMoveNet, type TMoveNet } from '@/lib/pose/movenet';
import { isPoseRequest, type TPoseRequest, type TPoseResponse } from '@/lib/pose/protocol';

declare const self: DedicatedWorkerGlobalScope;

cacheModelFetches(self);

let model: Promise<TMoveNet> | null = null;

const reply = (message: TPoseResponse) => self.postMessage(message);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function handle(request: TPoseRequest): Promise<void> {
  if (request.type === 'load') {
    model ??= loadMoveNet(request.assets, (fraction) => reply({ type: 'progress', fraction }));
    const loaded = await model;
    reply({ type: 'ready', backend: loaded.backend, model: request.model });
    return;
  }
  if (!model) throw new Error('The pose model is not loaded yet');
  const loaded = await model;
  if (request.type === 'benchmark') {
    await loaded.estimate(request.bitmap);
    const start = performance.now();
    for (let run = 0; run < request.runs; run += 1) await loaded.estimate(request.bitmap);
    reply({ type: 'benchmark', meanMs: (performance.now() - start) / request.runs, runs: request.runs });
    request.bitmap.close();
    return;
  }
  const start = performance.now();
  try {
    const keypoints = await loaded.estimate(request.bitmap);
    const { width, height } = request.bitmap;
    reply({ type: 'pose', id: request.id, t: request.t, width, height, keypoints, inferenceMs: performance.now() - start });
  } finally {
    request.bitmap.close();
  }
}

self.onmessage = (event: MessageEvent<unknown>) => {
  const request = event.data;
  if (!isPoseRequest(request)) {
    reply({ type: 'error', id: null, message: 'Unknown message to the pose worker' });
    return;
  }
  handle(request).catch((error: unknown) => {
    // A failed load can be retried with a new load message.
    if (request.type === 'load') model = null;
    reply({ type: 'error', id: request.type === 'frame' ? request.id : null, message: describe(error) });
  });
};
