/**
 * The gateway's clock on this device, so that a countdown ends at the same moment on every
 * screen. A board carries the gateway's `now` as it was sent; it arrives a network trip later,
 * so `now - receivedAt` is the true offset minus that delay: the largest recent sample is the
 * closest (the least delayed). Only the last few count, so a clock that was set meanwhile is followed.
 */
import type { TGroupBoard, TGroupPhase } from '@movelab/shared';

/** Samples kept (boards come on every change: a few minutes' worth in a session). */
export const CLOCK_SAMPLES = 8;

export function addClockSample(samples: readonly number[], gatewayNow: number, receivedAt: number): number[] {
  return [...samples, gatewayNow - receivedAt].slice(-CLOCK_SAMPLES);
}

/** Milliseconds to add to this device's clock to read the gateway's (0 before any board). */
export function clockOffset(samples: readonly number[]): number {
  return samples.length === 0 ? 0 : Math.max(...samples);
}

/** Whole seconds left until `startsAt` (gateway clock), rounded up: 5, 4, … 1, then 0. */
export function secondsLeft(startsAt: number, offset: number, localNow: number): number {
  return Math.max(0, Math.ceil((startsAt - (localNow + offset)) / 1000));
}

/**
 * The phase as it is now: the gateway says `countdown` until `startsAt` but sends no board when
 * it passes, so each screen turns it to `running` itself, by the gateway's clock.
 */
export function phaseNow(board: Pick<TGroupBoard, 'phase' | 'startsAt'>, offset: number, localNow: number): TGroupPhase {
  if (board.phase !== 'countdown' || board.startsAt === null) return board.phase;
  return localNow + offset >= board.startsAt ? 'running' : 'countdown';
}
