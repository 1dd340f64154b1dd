/**
 * Feeds a playing video to the pose worker, one new picture at a time, keeping up to
 * `maxInFlight` frames in the pipe: while the worker runs the model on one, the next is
 * already grabbed and transferred, so the model never waits on the page. Pictures that come
 * while the pipe is full are skipped (the take then has a lower frame rate, never a backlog).
 */
import type { PoseEstimator, TPoseResult } from './pose-client';

export type TPumpClock = 'wall' | 'media';
export type TPumpOptions = {
  /** 'media': t is the video's own time (a file); 'wall': ms since the pump started (a camera). */
  clock: TPumpClock;
  maxInFlight?: number;
  onPose: (result: TPoseResult) => void;
  onError: (error: Error) => void;
};
export type TFramePump = { stop(): void; readonly analysed: number; readonly skipped: number };

type TFrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: (now: number, metadata: { mediaTime: number }) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/** The frame's time for the take: strictly after `previous`, or null to skip it. */
export function frameTime(clock: TPumpClock, mediaTimeS: number, wallMs: number, startMs: number, previous: number): number | null {
  const t = clock === 'media' ? Math.round(mediaTimeS * 100_000) / 100 : Math.round((wallMs - startMs) * 100) / 100;
  return t > previous ? t : null;
}

export function startFramePump(video: HTMLVideoElement, estimator: PoseEstimator, options: TPumpOptions): TFramePump {
  const element = video as TFrameVideo;
  const maxInFlight = options.maxInFlight ?? 2;
  const startMs = performance.now();
  let isStopped = false;
  let previous = -1;
  let handle = 0;
  let analysed = 0;
  let skipped = 0;
  let inFlight = 0;

  const onFrame = (mediaTimeS: number) => {
    if (isStopped) return;
    schedule();
    if (video.readyState < 2 || video.videoWidth === 0) return;
    if (inFlight >= maxInFlight) {
      skipped += 1;
      return;
    }
    const t = frameTime(options.clock, mediaTimeS, performance.now(), startMs, previous);
    if (t === null) return;
    previous = t;
    inFlight += 1;
    estimator
      .estimate(video, t)
      .then((result) => {
        analysed += 1;
        if (!isStopped) options.onPose(result);
      })
      .catch((error: unknown) => {
        if (!isStopped) options.onError(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => {
        inFlight -= 1;
      });
  };

  const schedule = () => {
    handle = element.requestVideoFrameCallback
      ? element.requestVideoFrameCallback((_now, metadata) => onFrame(metadata.mediaTime))
      : requestAnimationFrame(() => onFrame(video.currentTime));
  };
  schedule();

  return {
    stop() {
      isStopped = true;
      if (element.cancelVideoFrameCallback) element.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
    },
    get analysed() {
      return analysed;
    },
    get skipped() {
      return skipped;
    },
  };
}

/** Poses per second of video under which a played file slows down, to at most a quarter of its speed. */
const MIN_FILE_FPS = 10;
const MIN_FILE_RATE = 0.25;

/**
 * For a file played while it is analysed (where the browser cannot decode it itself): when the
 * model cannot keep up (a slow or busy device), the video plays slower so its reps are still
 * seen in enough frames (the take's times are the video's own). Call it with each pose's time.
 */
export function filePacer(video: HTMLVideoElement): (t: number) => void {
  let since = 0;
  let frames = 0;
  return (t) => {
    if (video.playbackRate <= MIN_FILE_RATE) return;
    if (frames === 0) since = t;
    frames += 1;
    const seconds = (t - since) / 1000;
    if (seconds < 1) return;
    if (frames / seconds < MIN_FILE_FPS) video.playbackRate = Math.max(MIN_FILE_RATE, video.playbackRate / 2);
    frames = 0;
  };
}
