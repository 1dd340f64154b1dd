/** Timeouts kept together, so that a teardown cancels every one still pending. */
export type TTimer = ReturnType<typeof setTimeout>;

export type TTimers = {
  /** Runs `run` after `ms` unless cleared first. */
  later: (ms: number, run: () => void) => TTimer;
  cancel: (id: TTimer | undefined) => void;
  clear: () => void;
};

export function createTimers(): TTimers {
  const timers = new Set<TTimer>();
  return {
    later: (ms, run) => {
      const id = setTimeout(() => {
        timers.delete(id);
        run();
      }, ms);
      timers.add(id);
      return id;
    },
    cancel: (id) => {
      clearTimeout(id);
      if (id !== undefined) timers.delete(id);
    },
    clear: () => {
      for (const id of timers) clearTimeout(id);
      timers.clear();
    },
  };
}
