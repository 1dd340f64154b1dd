/**
 * One recording: the take being collected and the live rep counter fed from the same poses.
 * The counter needs the picture size, known from the first pose.
 */
import { LiveRepCounter, type TLiveUpdate, type TReference } from '@movelab/shared/movescore/index';
import type { TPoseResult } from '@/lib/pose/pose-client';
import { TakeRecorder } from '@/lib/pose/take-recorder';

export class LiveSession {
  readonly recorder = new TakeRecorder();
  private counter: LiveRepCounter | null = null;
  private readonly reference: TReference;

  constructor(reference: TReference) {
    this.reference = reference;
  }

  /** Adds a pose; returns the counter's answer, or null when the pose was refused. */
  push(result: TPoseResult): TLiveUpdate | null {
    if (!this.recorder.add(result)) return null;
    this.counter ??= new LiveRepCounter(this.reference, { width: result.width, height: result.height });
    return this.counter.push(result.frame);
  }
}
