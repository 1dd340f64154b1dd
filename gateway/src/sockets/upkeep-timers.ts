import type { Logger } from '../logger.js';

/**
 * The timers a session's or a group's life keeps on this gateway: one expiry per id, and delayed
 * looks-again (a host's grace, a handover). Work run from them logs its failure rather than
 * throwing, so no timer can end the process; none holds the process open; `close` clears them all.
 */
export function createUpkeepTimers(logger: Logger, what: string) {
  const expiries = new Map<string, NodeJS.Timeout>();
  const delayed = new Set<NodeJS.Timeout>();

  const run = (work: Promise<unknown>) => {
    work.catch((error: unknown) => logger.error({ err: error }, `${what} upkeep failed`));
  };

  return {
    run,
    /** Runs `work` after `delayMs`, once per id: an id already watched keeps its timer. */
    expireAfter(id: string, delayMs: number, work: () => Promise<unknown>) {
      if (expiries.has(id)) return;
      const timer = setTimeout(() => run(work()), Math.max(0, delayMs));
      timer.unref();
      expiries.set(id, timer);
    },
    cancelExpiry(id: string) {
      clearTimeout(expiries.get(id));
      expiries.delete(id);
    },
    /** Runs `work` after `delayMs`, unless closed first. */
    after(delayMs: number, work: () => Promise<unknown>) {
      const timer = setTimeout(() => {
        delayed.delete(timer);
        run(work());
      }, delayMs);
      timer.unref();
      delayed.add(timer);
    },
    close() {
      expiries.forEach((timer) => clearTimeout(timer));
      delayed.forEach((timer) => clearTimeout(timer));
      expiries.clear();
      delayed.clear();
    },
  };
}
