/**
 * The video of a take, kept on this device only (never uploaded) so the result can be replayed:
 * the file itself for an upload, a MediaRecorder recording of the camera or phone stream
 * otherwise. The replay feature plays it; the analysis and practice features make it.
 */
import type { TReference, TTake } from '@movelab/shared/movescore/index';
import type { ComponentType } from 'react';

export type TTakeVideo = {
  blob: Blob;
  /** Video time (ms) of the take's time 0: the take starts at its first pose, the video before it. */
  offsetMs: number;
  /** A selfie camera is shown mirrored, as it was while recording. */
  isMirrored: boolean;
};

export type TReplayProps = { reference: TReference; take: TTake; video: TTakeVideo; title?: string };
/** A result's replay kept on this device (`kept-replays.ts`), under `<uid>/<kind>/<id>` of its history item. */
export type TKeptReplay = { key: string; uid: string; keptAt: string; replay: TReplayProps };
/** The replay player, passed in by the app (features do not import each other). */
export type TReplayView = ComponentType<TReplayProps>;

/** What is used of a MediaRecorder. */
export type TRecorderLike = Pick<MediaRecorder, 'start' | 'stop' | 'state' | 'mimeType'> & {
  addEventListener(type: 'dataavailable' | 'stop', listener: (event: { data?: Blob }) => void): void;
};

/** The first container the browser can record, VP8 WebM first (it plays everywhere MediaRecorder exists). */
function recordingType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['video/webm;codecs=vp8', 'video/webm', 'video/mp4'].find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Records a live stream from now until `stop`. `startedAt` is `performance.now()` when recording
 * began, so the take's first pose can be placed in the video. Browsers without MediaRecorder
 * record nothing (the replay is then not offered).
 */
export class StreamRecording {
  readonly startedAt: number;
  private readonly recorder: TRecorderLike | null;
  private readonly chunks: Blob[] = [];
  private readonly stopped: Promise<Blob | null>;

  constructor(stream: MediaStream, create: (stream: MediaStream, type: string | undefined) => TRecorderLike | null = defaultRecorder) {
    this.recorder = create(stream, recordingType());
    this.startedAt = performance.now();
    const recorder = this.recorder;
    this.stopped = new Promise((resolve) => {
      if (!recorder) return resolve(null);
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data && event.data.size > 0) this.chunks.push(event.data);
      });
      recorder.addEventListener('stop', () =>
        resolve(this.chunks.length > 0 ? new Blob(this.chunks, { type: recorder.mimeType || 'video/webm' }) : null),
      );
    });
    // A chunk a second: a recording cut short still has most of its video.
    recorder?.start(1000);
  }

  /** Stops and resolves with the video, or null when nothing could be recorded. */
  stop(): Promise<Blob | null> {
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    return this.stopped;
  }
}

function defaultRecorder(stream: MediaStream, type: string | undefined): TRecorderLike | null {
  if (typeof MediaRecorder === 'undefined') return null;
  try {
    return new MediaRecorder(stream, type ? { mimeType: type } : undefined) as TRecorderLike;
  } catch {
    return null;
  }
}
