/**
 * A video file analysed without playing it: mediabunny demuxes the MP4, MOV, WebM or MKV file
 * and the browser decodes its frames with WebCodecs. A frame is kept whenever the next tick of
 * the analysis rate is due (`keepAtRate`), before anything else is done with it: the others are
 * closed at once. A kept frame is transferred as it is (a VideoFrame, no canvas or copy on the
 * page) to the least busy pose worker of the pool (one a core), which scales it down to the
 * model's input, so the file is analysed as fast as the cores allow rather than at its playing
 * speed. Poses come back in the video's order, with the video's own times (ms), like a played
 * file's; every `pictureEveryMs` one comes with its picture (a clone of the frame, the caller
 * closes it), for a preview that costs no seeking or second decoding.
 *
 * Where the browser has no WebCodecs, or cannot demux or decode the file, `analyseFile` throws
 * `FileDecodeUnsupported` and the caller plays the file instead.
 */
import { ALL_FORMATS, BlobSource, CanvasSink, Input, VideoSampleSink, type InputVideoTrack } from 'mediabunny';
import { keepAtRate } from '@movelab/shared/pose/frame-rate';
import type { PoseEstimator, TPoseImage, TPoseResult } from './pose-client';

export class FileDecodeUnsupported extends Error {}

export type TFileAnalysis = { frames: number; durationS: number; wallMs: number };

type TOptions = {
  /** Frames a second at most (`fileAnalysisFps` of the movement's kind). */
  fps: number;
  onPose: (result: TPoseResult, picture: VideoFrame | null) => void;
  /** How often (wall time) a pose comes with its picture; never without it. */
  pictureEveryMs?: number;
  /** Share of the video analysed, 0..1, after each pose handed on. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
};

/** Frames waiting for each worker beside the one it runs: the next is there when it is done. */
const QUEUED_PER_WORKER = 1;

/** Whether this browser can decode files itself (WebCodecs), rather than play them. */
export const canDecodeFiles = () => typeof VideoDecoder === 'function' && typeof VideoFrame === 'function';

/** Results put back in the order they were sent, whatever order the workers answer in. */
class InOrder {
  private readonly done = new Map<number, TPoseResult | null>();
  private readonly pictures = new Map<number, VideoFrame>();
  private nextOut = 0;
  constructor(private readonly emit: (result: TPoseResult, picture: VideoFrame | null) => void) {}

  /** The picture to hand on with frame `index`'s pose. */
  keep(index: number, picture: VideoFrame): void {
    this.pictures.set(index, picture);
  }

  settle(index: number, result: TPoseResult | null): void {
    this.done.set(index, result);
    while (this.done.has(this.nextOut)) {
      const ready = this.done.get(this.nextOut);
      const picture = this.pictures.get(this.nextOut) ?? null;
      this.done.delete(this.nextOut);
      this.pictures.delete(this.nextOut);
      this.nextOut += 1;
      if (ready) this.emit(ready, picture);
      else picture?.close();
    }
  }

  /** Closes the pictures not handed on (an analysis stopped half-way). */
  dispose(): void {
    this.pictures.forEach((picture) => picture.close());
    this.pictures.clear();
  }
}

/**
 * The kept frames and their times (ms). An upright track's frames go out as the decoder's
 * VideoFrames; a track stored rotated is drawn upright first (CanvasSink), as a video element
 * shows it.
 */
async function* keptFrames(track: InputVideoTrack, keep: (timeMs: number) => boolean): AsyncGenerator<{ image: TPoseImage; t: number }> {
  const time = (seconds: number) => Math.round(seconds * 100_000) / 100;
  if (track.rotation !== 0) {
    for await (const wrapped of new CanvasSink(track, { poolSize: 2 }).canvases()) {
      if (keep(time(wrapped.timestamp))) yield { image: await createImageBitmap(wrapped.canvas), t: time(wrapped.timestamp) };
    }
    return;
  }
  for await (const sample of new VideoSampleSink(track).samples()) {
    try {
      if (keep(time(sample.timestamp))) yield { image: sample.toVideoFrame(), t: time(sample.timestamp) };
    } finally {
      sample.close();
    }
  }
}

async function videoTrack(input: Input): Promise<InputVideoTrack> {
  const track = await input.getPrimaryVideoTrack().catch(() => null);
  if (!track || !(await track.canDecode())) throw new FileDecodeUnsupported('This browser cannot decode this video itself');
  return track;
}

export async function analyseFile(file: Blob, pool: readonly PoseEstimator[], options: TOptions): Promise<TFileAnalysis> {
  if (!canDecodeFiles()) throw new FileDecodeUnsupported('This browser has no WebCodecs');
  const started = performance.now();
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const track = await videoTrack(input);
    const [first, duration, stats] = await Promise.all([track.getFirstTimestamp(), track.computeDuration(), track.computePacketStats(120)]);
    const span = Math.max(0.001, duration - first);
    const keep = keepAtRate(options.fps, stats.averagePacketRate || 30);
    const inFlight = pool.map(() => 0);
    let freed: (() => void) | null = null;
    let failure: Error | null = null;
    let sent = 0;
    let analysed = 0;
    let pictureAt = Number.NEGATIVE_INFINITY;
    const order = new InOrder((result, picture) => {
      analysed += 1;
      options.onPose(result, picture);
      options.onProgress?.(Math.min(1, Math.max(0, (result.frame.t / 1000 - first) / span)));
    });
    const idleWorker = () => {
      let best = -1;
      inFlight.forEach((count, index) => {
        if (count <= QUEUED_PER_WORKER && (best < 0 || count < inFlight[best]!)) best = index;
      });
      return best;
    };
    const waitForWorker = async () => {
      for (let index = idleWorker(); ; index = idleWorker()) {
        if (failure) throw failure;
        if (index >= 0) return index;
        await new Promise<void>((resolve) => (freed = resolve));
      }
    };

    const sendAll = async () => {
      for await (const { image, t } of keptFrames(track, keep)) {
        if (options.signal?.aborted || failure) {
          image.close();
          break;
        }
        const worker = await waitForWorker().catch((error: unknown) => {
          image.close();
          throw error;
        });
        const index = sent;
        sent += 1;
        inFlight[worker]! += 1;
        if (options.pictureEveryMs !== undefined && image instanceof VideoFrame && performance.now() - pictureAt >= options.pictureEveryMs) {
          pictureAt = performance.now();
          order.keep(index, image.clone());
        }
        pool[worker]!.estimateBitmap(image, t)
          .then((result) => order.settle(index, result))
          .catch((error: unknown) => {
            failure ??= error instanceof Error ? error : new Error(String(error));
            order.settle(index, null);
          })
          .finally(() => {
            inFlight[worker]! -= 1;
            freed?.();
            freed = null;
          });
      }
    };
    try {
      await sendAll();
      // The last answers.
      while (inFlight.some((count) => count > 0)) await new Promise<void>((resolve) => (freed = resolve));
    } catch (error) {
      // A file whose first frame cannot be decoded is played instead; a failure later is reported.
      if (error !== failure && sent === 0) throw new FileDecodeUnsupported('This browser cannot decode this video itself');
      throw error;
    } finally {
      order.dispose();
    }
    if (failure) throw failure;
    return { frames: analysed, durationS: span, wallMs: performance.now() - started };
  } finally {
    input.dispose();
  }
}
