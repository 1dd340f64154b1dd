/**
 * The model comparison's page: the app's pose check (client/src/lib/pose/pose-check.ts) on a
 * worker that serves every compared model, one model per page load (`?model=`).
 */
import { createPoseCheck, type TPoseCheck } from '@/lib/pose/pose-check';
import { PoseEstimator } from '@/lib/pose/pose-client';

declare global {
  interface Window {
    poseCheck?: TPoseCheck;
  }
}

const model = new URLSearchParams(location.search).get('model') ?? 'movenet-lightning';
const models = new URL('/models/', location.href).href;
const estimator = new PoseEstimator(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'pose' }));
window.poseCheck = createPoseCheck(estimator, { modelUrl: `${models}${model}.json`, wasmDir: models });
document.getElementById('status')!.textContent = 'Ready';
