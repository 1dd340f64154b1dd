/**
 * The pose pipeline driven from a page (`window.poseCheck`), for the browser tests and the pose
 * benchmarks: the app's /pose-check.html runs it on the app's own worker, the model comparison
 * (`npm run bench:models`) on a worker that serves the other models through the same code.
 */
import type { TFrame, TKeypoint, TTake } from '@movelab/shared/movescore/index';
import { fileAnalysisFps } from '@movelab/shared/pose/frame-rate';
import { openCamera } from './camera';
import { analyseFile } from './file-analysis';
import { filePacer, startFramePump } from './frame-pump';
import type { PoseEstimator } from './pose-client';
import type { TPoseAssets, TPoseModelName } from './protocol';
import { TakeRecorder } from './take-recorder';

type TPipelineRun = { analysedFps: number; frames: number; skipped: number; seconds: number; width: number; height: number };
/** A video file's poses at a fixed frame rate, each frame seeked to, as fast as the worker answers. */
type TVideoTake = { width: number; height: number; fps: number; frames: TFrame[]; durationS: number; wallS: number; inferenceMs: number };

/** A file analysed: its length, the wall time, the poses and the take they make. */
type TFileRun = { durationS: number; wallS: number; frames: number; take: TTake | null };

async function fileBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.blob();
}

const imageBitmap = async (url: string): Promise<ImageBitmap> => createImageBitmap(await fileBlob(url));

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

async function seek(video: HTMLVideoElement, seconds: number): Promise<void> {
  const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
  video.currentTime = seconds;
  await seeked;
}

async function fileVideo(url: string): Promise<HTMLVideoElement> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  const loaded = new Promise((resolve, reject) => {
    video.addEventListener('loadeddata', resolve, { once: true });
    video.addEventListener('error', () => reject(new Error(`${url}: this browser cannot play it`)), { once: true });
  });
  video.src = url;
  document.body.append(video);
  await loaded;
  return video;
}

/** The file played once with the analysis screen's frame pump on it, slowed when the model falls behind (the fallback path). */
async function playedFile(url: string, estimator: PoseEstimator): Promise<TFileRun> {
  const video = await fileVideo(url);
  const recorder = new TakeRecorder();
  const pace = filePacer(video);
  try {
    const start = performance.now();
    const pump = startFramePump(video, estimator, {
      clock: 'media',
      onPose: (result) => {
        pace(result.frame.t);
        recorder.add(result);
      },
      onError: () => undefined,
    });
    await new Promise((resolve) => {
      video.addEventListener('ended', resolve, { once: true });
      void video.play();
    });
    pump.stop();
    return { durationS: video.duration, wallS: (performance.now() - start) / 1000, frames: recorder.frameCount, take: recorder.toTake() };
  } finally {
    video.remove();
  }
}

/**
 * The file decoded and analysed on the pool of workers, not played (the analysis screen's path).
 * The wall time includes loading the model in the pool's other workers, as a page's first file does.
 */
async function decodedFile(url: string, pool: () => Promise<PoseEstimator[]>, fps: number): Promise<TFileRun> {
  const blob = await fileBlob(url);
  const start = performance.now();
  const workers = await pool();
  const recorder = new TakeRecorder();
  const run = await analyseFile(blob, workers, { fps, onPose: (result) => recorder.add(result) });
  return { durationS: run.durationS, wallS: (performance.now() - start) / 1000, frames: recorder.frameCount, take: recorder.toTake() };
}

/** `pool`: the workers a decoded file is analysed on (the app's pool; the estimator alone without it). */
export function createPoseCheck(estimator: PoseEstimator, assets?: TPoseAssets, pool = async () => [estimator]) {
  return {
    /** Loads the model (the app's unless named); resolves with the TF.js backend's name. */
    load: (model?: TPoseModelName) => estimator.load(undefined, model, assets),
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
    /**
     * A video file (this origin) analysed as the analysis screen does for `kind`: 'decoded'
     * (WebCodecs, thinned to the kind's analysis rate, the pool of workers) or 'played' (played
     * and analysed as it plays, the fallback where the browser cannot decode it).
     */
    analyseFile(url: string, path: 'decoded' | 'played', kind?: string): Promise<TFileRun> {
      return path === 'decoded' ? decodedFile(url, pool, fileAnalysisFps(kind)) : playedFile(url, estimator);
    },
    /** The video file at `url` (this origin) at `fps`, each frame seeked to and sent as soon as the worker has room (two in flight). */
    async videoTake(url: string, fps: number): Promise<TVideoTake> {
      const video = await fileVideo(url);
      const frames: TFrame[] = [];
      const inFlight = new Set<Promise<void>>();
      let inferenceMs = 0;
      const start = performance.now();
      try {
        for (let t = 0; t < video.duration; t += 1 / fps) {
          await seek(video, t);
          const bitmap = await createImageBitmap(video);
          const sent = estimator.estimateBitmap(bitmap, Math.round(t * 100_000) / 100).then((result) => {
            frames.push(result.frame);
            inferenceMs += result.inferenceMs;
          });
          inFlight.add(sent);
          const done = () => inFlight.delete(sent);
          sent.then(done, done);
          if (inFlight.size >= 2) await Promise.race(inFlight);
        }
        await Promise.all(inFlight);
      } finally {
        video.remove();
      }
      frames.sort((a, b) => a.t - b.t);
      const wallS = (performance.now() - start) / 1000;
      return { width: video.videoWidth, height: video.videoHeight, fps, frames, durationS: video.duration, wallS, inferenceMs: inferenceMs / frames.length };
    },
  };
}

export type TPoseCheck = ReturnType<typeof createPoseCheck>;
