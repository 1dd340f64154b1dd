import { waitText } from '@movelab/shared';

/** How far an uploaded file's analysis is: the share of the video seen and an estimate of the wait left. */
export type TFileProgress = { percent: number; secondsLeft: number | null };

/** Below this share, or this time, the pace is not known well enough to estimate the rest. */
const MIN_SHARE = 0.03;
const MIN_ELAPSED_MS = 1500;

/**
 * The progress after `elapsedMs` of analysis with `share` (0..1) of the video seen. The time left
 * assumes the pace so far holds (the file plays slower when the device cannot keep up, and the
 * estimate follows it).
 */
export function fileProgress(elapsedMs: number, share: number): TFileProgress {
  const done = Math.min(1, Math.max(0, share));
  const percent = Math.floor(done * 100);
  if (done < MIN_SHARE || elapsedMs < MIN_ELAPSED_MS) return { percent, secondsLeft: null };
  return { percent, secondsLeft: (elapsedMs * (1 - done)) / done / 1000 };
}

/** "about 12 s left", "about 2 min left"; "almost done" in the last second. */
export function timeLeftText(secondsLeft: number): string {
  return secondsLeft < 1 ? 'almost done' : `${waitText(secondsLeft, 'about')} left`;
}
