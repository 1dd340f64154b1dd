/// <reference lib="webworker" />
/**
 * The pose worker's side of the protocol: loads a model once, then answers each transferred
 * frame with its keypoints. The app's worker serves MoveNet with it; the model comparison
 * benchmark (`npm run bench:models`) serves the other models through the same code.
 */
import type { TKeypoint } from '@movelab/shared/movescore/index';
import { imageSize, isPoseRequest, type TPoseImage, type TPoseRequest, type TPoseResponse } from './protocol';

export type TPoseModel = {
  backend: string;
  /** COCO-17 keypoints in the bitmap's pixels; the model may follow the person from one call to the next. */
  estimate(bitmap: TPoseImage): Promise<TKeypoint[]>;
};

export type TLoadRequest = Extract<TPoseRequest, { type: 'load' }>;
export type TModelLoader = (request: TLoadRequest, onProgress: (fraction: number) => void) => Promise<TPoseModel>;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function servePoseWorker(scope: DedicatedWorkerGlobalScope, loadModel: TModelLoader): void {
  let model: Promise<TPoseModel> | null = null;
  const reply = (message: TPoseResponse) => scope.postMessage(message);

  async function handle(request: TPoseRequest): Promise<void> {
    if (request.type === 'load') {
      model ??= loadModel(request, (fraction) => reply({ type: 'progress', fraction }));
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
      const { width, height } = imageSize(request.bitmap);
      reply({ type: 'pose', id: request.id, t: request.t, width, height, keypoints, inferenceMs: performance.now() - start });
    } finally {
      request.bitmap.close();
    }
  }

  scope.onmessage = (event: MessageEvent<unknown>) => {
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
}
