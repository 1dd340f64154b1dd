/**
 * Time as a dependency: the session and transfer code wait on this instead of the globals,
 * so tests drive refresh schedules and back-off with a fake clock instead of waiting.
 */
export type TTimerId = unknown;

export type TClock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): TTimerId;
  clearTimeout(id: TTimerId): void;
};

export const systemClock: TClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export function sleep(clock: TClock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimeout(resolve, ms));
}

/** Delay for retry number `attempt` (0-based): start, doubling, capped at max. */
export function backoffDelay(attempt: number, startMs: number, maxMs: number): number {
  return Math.min(startMs * 2 ** attempt, maxMs);
}
