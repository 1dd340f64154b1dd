/**
 * The pose pipeline on a page of its own (/pose-check.html), for the browser tests and the
 * pose benchmark: the same worker, model files and frame pump as the analysis screen, driven
 * from `window.poseCheck`. Not linked from the app; it shows no user data.
 */
import type { TKeypoint } from '@movelab/shared/movescore/index';
import { openCamera } from './camera';
import { startFramePump } from './frame-pump';
import { sharedPoseEstimator } from './pose-client';

type TPipelineRun = { analysedFps: number; frames: number; skipped: number; seconds: number; width: number; height: number };

const estimator = sharedPoseEstimator();
const status = document.getElementById('status')!;

async function imageBitmap(url: string): Promise<ImageBitmap> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return createImageBitmap(await response.blob());
}

async function cameraVideo(): Promise<{ video: HTMLVideoElement; stop: () => void }> {
  const stream = await openCamera();
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  document.body.append(video);
  await video.play();
  return { video, stop: () => stream.getTracks().forEach((track) => track.stop()) };
}

const poseCheck = {
  /** Loads the model; resolves with the TF.js backend's name. */
  load: () => estimator.load(),
  /** Keypoints of an image (fetched from this origin), through the worker. */
  async estimateImage(url: string): Promise<{ keypoints: TKeypoint[]; width: number; height: number; inferenceMs: number }> {
    const result = await estimator.estimateBitmap(await imageBitmap(url), 0);
    return { keypoints: result.frame.keypoints, width: result.width, height: result.height, inferenceMs: result.inferenceMs };
  },
  /** Raw model speed: ms per inference on one camera frame, in the worker, nothing else. */
  async rawModelMs(runs: number): Promise<number> {
    const { video, stop } = await cameraVideo();
    try {
      return await estimator.benchmark(await createImageBitmap(video), runs);
    } finally {
      stop();
    }
  },
  /**
   * The app's pipeline on the camera: `paced` is the analysis screen's frame pump (one model
   * run per new camera picture); otherwise frames are grabbed as fast as the worker takes
   * them (two in flight), which shows what the pipeline could do with a faster camera.
   */
  async pipelineFps(seconds: number, paced: boolean): Promise<TPipelineRun> {
    const { video, stop } = await cameraVideo();
    const size = { width: video.videoWidth, height: video.videoHeight };
    try {
      if (paced) {
        let frames = 0;
        const pump = startFramePump(video, estimator, { clock: 'wall', onPose: () => (frames += 1), onError: () => undefined });
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        pump.stop();
        const elapsed = (performance.now() - start) / 1000;
        return { analysedFps: frames / elapsed, frames, skipped: pump.skipped, seconds: elapsed, ...size };
      }
      const start = performance.now();
      const deadline = start + seconds * 1000;
      let frames = 0;
      const lane = async () => {
        while (performance.now() < deadline) {
          await estimator.estimate(video, performance.now() - start);
          frames += 1;
        }
      };
      await Promise.all([lane(), lane()]);
      const elapsed = (performance.now() - start) / 1000;
      return { analysedFps: frames / elapsed, frames, skipped: 0, seconds: elapsed, ...size };
    } finally {
      stop();
    }
  },
};

declare global {
  interface Window {
    poseCheck?: typeof poseCheck;
  }
}
window.poseCheck = poseCheck;
status.textContent = 'Ready';
