/**
 * Collects the pose worker's answers into a take (the engine's format). The frame rate is what
 * was really analysed, not the camera's nominal one: skipped pictures lower it.
 */
import { TAKE_LIMITS, type TFrame, type TTake } from '@movelab/shared/movescore/index';
import type { TPoseResult } from '@/lib/pose/pose-client';

export class TakeRecorder {
  private frames: TFrame[] = [];
  private size = { width: 0, height: 0 };
  /** performance.now() minus a pose's time, at its least: when a live pump's clock started (plus the quickest answer). */
  private clockOrigin = Number.POSITIVE_INFINITY;

  get frameCount(): number {
    return this.frames.length;
  }

  /** Time of the first frame as the pump gave it (a file's own time; ms since the pump started for a camera). */
  get firstTime(): number {
    return this.frames[0]?.t ?? 0;
  }

  get durationMs(): number {
    return this.frames.length < 2 ? 0 : this.frames.at(-1)!.t - this.frames[0]!.t;
  }

  /** Adds a result; out-of-order or repeated times and a change of picture size are refused. */
  add(result: TPoseResult): boolean {
    const last = this.frames.at(-1);
    if (last && result.frame.t <= last.t) return false;
    if (this.frames.length >= TAKE_LIMITS.maxFrames) return false;
    if (this.frames.length === 0) this.size = { width: result.width, height: result.height };
    if (result.width !== this.size.width || result.height !== this.size.height) return false;
    this.frames.push(result.frame);
    this.clockOrigin = Math.min(this.clockOrigin, performance.now() - result.frame.t);
    return true;
  }

  /**
   * Where the take's time 0 is in its video, ms: a file's own time of the first pose, or for a
   * live source recorded from `recordingStartedAt` (performance.now()), how long after that the first pose was seen.
   */
  videoOffsetMs(recordingStartedAt: number | null): number {
    if (recordingStartedAt === null) return this.firstTime;
    return Math.max(0, this.clockOrigin + this.firstTime - recordingStartedAt);
  }

  /** The take so far, its times starting at 0; null before there are two frames. */
  toTake(): TTake | null {
    if (this.frames.length < 2) return null;
    const start = this.frames[0]!.t;
    const frames = this.frames.map((frame) => ({ t: Math.round((frame.t - start) * 100) / 100, keypoints: frame.keypoints }));
    const fps = Math.min(TAKE_LIMITS.maxFps, Math.max(1, ((frames.length - 1) * 1000) / frames.at(-1)!.t));
    return { width: this.size.width, height: this.size.height, fps: Math.round(fps * 10) / 10, frames };
  }
}
