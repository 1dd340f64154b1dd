/// <reference lib="webworker" />
/**
 * The app's pose worker code serving the compared models: MoveNet through the app's own loader,
 * BlazePose through pose-detection's TF.js runtime on the same WASM backend.
 */
import { loadMoveNet } from '@/lib/pose/movenet';
import { servePoseWorker } from '@/lib/pose/worker-host';
import { loadBlazePose } from './blazepose';

declare const self: DedicatedWorkerGlobalScope;

servePoseWorker(self, (request, onProgress) => (request.model.startsWith('blazepose') ? loadBlazePose(request) : loadMoveNet(request, onProgress)));
