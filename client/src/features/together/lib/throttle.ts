/**
 * At most one send per interval, only of a value that changed since the last send, and the
 * latest value sent at the end of the interval (trailing): what a member's count needs, posted
 * as fast as the gateway allows and never stale.
 */
export type TTimers = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};

const realTimers: TTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export type TThrottle<T> = {
  push: (value: T) => void;
  /** Drops a value waiting to be sent (a new step: the last one's count must not land in it). */
  cancel: () => void;
  /** Forgets the last value sent: the next push is sent even if equal (a new step, a rejoin). */
  reset: () => void;
};

export function createThrottle<T>(
  intervalMs: number,
  send: (value: T) => void,
  isSame: (a: T, b: T) => boolean,
  timers: TTimers = realTimers,
): TThrottle<T> {
  /** The last value sent (null: none, or forgotten) and when the last send was: the rate holds across a reset. */
  let lastSent: { value: T } | null = null;
  let lastAt = -Infinity;
  let pending: { value: T } | null = null;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    const next = pending;
    pending = null;
    if (!next || (lastSent && isSame(next.value, lastSent.value))) return;
    lastSent = next;
    lastAt = timers.now();
    send(next.value);
  };

  return {
    push(value) {
      pending = { value };
      if (timer !== null) return;
      const wait = lastAt + intervalMs - timers.now();
      if (wait <= 0) flush();
      else timer = timers.setTimeout(flush, wait);
    },
    cancel() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      pending = null;
    },
    reset() {
      lastSent = null;
    },
  };
}
