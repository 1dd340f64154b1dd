/**
 * BlazePose (lite or full) through pose-detection's `tfjs` runtime on the app's WASM backend,
 * answered as the engine's 17 COCO keypoints: BlazePose's 33 landmarks include all 17 under the
 * same names (the others, heels, feet, hands, mouth and eye corners, are left out). Its own
 * smoothing is off: the engine smooths every model's keypoints the same way (One Euro).
 */
import * as poseDetection from '@tensorflow-models/pose-detection';
import { getBackend } from '@tensorflow/tfjs-core';
import { KEYPOINT_NAMES, type TKeypoint } from '@movelab/shared/movescore/index';
import { startWasmBackend } from '@/lib/pose/movenet';
import type { TLoadRequest, TPoseModel } from '@/lib/pose/worker-host';

const round = (value: number, step: number) => Math.round(value / step) * step;

export async function loadBlazePose({ model, assets }: TLoadRequest): Promise<TPoseModel> {
  await startWasmBackend(assets.wasmDir);
  const detector = await poseDetection.createDetector(poseDetection.SupportedModels.BlazePose, {
    runtime: 'tfjs',
    modelType: model === 'blazepose-full' ? 'full' : 'lite',
    enableSmoothing: false,
    // The person detector ships beside the landmark models (and the WASM binaries).
    detectorModelUrl: `${assets.wasmDir}blazepose-detector.json`,
    landmarkModelUrl: assets.modelUrl,
  });
  const estimate = async (bitmap: ImageBitmap): Promise<TKeypoint[]> => {
    const [pose] = await detector.estimatePoses(bitmap, { maxPoses: 1, flipHorizontal: false });
    const byName = new Map((pose?.keypoints ?? []).map((keypoint) => [keypoint.name, keypoint]));
    return KEYPOINT_NAMES.map((name) => {
      const keypoint = byName.get(name);
      return {
        name,
        x: round(keypoint?.x ?? 0, 0.1),
        y: round(keypoint?.y ?? 0, 0.1),
        score: Math.min(1, Math.max(0, round(keypoint?.score ?? 0, 0.001))),
      };
    });
  };
  // First inference compiles the graphs' kernels.
  await estimate(await createImageBitmap(new ImageData(256, 256)));
  return { backend: getBackend(), estimate };
}
