/**
 * One recording: the take being collected and the live rep counter fed from the same poses.
 * The counter needs the picture size, known from the first pose.
 */
import { LiveRepCounter, type TLiveUpdate, type TReference } from '@movelab/shared/movescore/index';
import type { TPoseResult } from '@/lib/pose/pose-client';
import { TakeRecorder } from './take-recorder';

export class LiveSession {
  readonly recorder = new TakeRecorder();
  private counter: LiveRepCounter | null = null;
  private readonly reference: TReference;
  /** performance.now() minus a pose's time, at its least: when a live pump's clock started (plus the quickest answer). */
  private clockOrigin = Number.POSITIVE_INFINITY;

  constructor(reference: TReference) {
    this.reference = reference;
  }

  /** Adds a pose; returns the counter's answer, or null when the pose was refused. */
  push(result: TPoseResult): TLiveUpdate | null {
    if (!this.recorder.add(result)) return null;
    this.clockOrigin = Math.min(this.clockOrigin, performance.now() - result.frame.t);
    this.counter ??= new LiveRepCounter(this.reference, { width: result.width, height: result.height });
    return this.counter.push(result.frame);
  }

  /**
   * Where the take's time 0 is in its video, ms: a file's own time of the first pose, or for a
   * live source recorded from `recordingStartedAt` (performance.now()), how long after that the first pose was seen.
   */
  videoOffsetMs(recordingStartedAt: number | null): number {
    if (recordingStartedAt === null) return this.recorder.firstTime;
    return Math.max(0, this.clockOrigin + this.recorder.firstTime - recordingStartedAt);
  }
}
