/// <reference lib="webworker" />
/**
 * The pose worker: loads MoveNet once, then answers each transferred frame with its keypoints.
 * Inference runs here so the page stays responsive while the model keeps a core busy.
 */
import { cacheModelFetches } from '@/lib/pose/model-cache';
import { loadMoveNet } from '@/lib/pose/movenet';
import { servePoseWorker } from '@/lib/pose/worker-host';

declare const self: DedicatedWorkerGlobalScope;

cacheModelFetches(self);
servePoseWorker(self, (request, onProgress) => loadMoveNet(request, onProgress));
