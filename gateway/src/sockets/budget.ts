import { SOCKET_ERRORS } from '@movelab/shared';
import type { Logger } from '../logger.js';
import type { TEventBudget } from '../realtime/config.js';
import { packetAck } from './bounds.js';
import type { TSocket } from './types.js';

/** A token bucket: `take` spends one token if there is one, refilling by the time passed. */
export function tokenBucket(perSecond: number, burst: number, now: () => number = performance.now.bind(performance)) {
  let tokens = burst;
  let refilledAt = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - refilledAt) / 1000) * perSecond);
      refilledAt = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    /** True while less than half the burst is left: the sender is still pressing on the budget. */
    isLow: () => tokens < burst / 2,
  };
}

/**
 * The first middleware of every socket: each event it sends spends a token of its own bucket.
 * An event past the budget is answered `socket/event-rate-limited` and reaches no handler; a
 * socket refused `strikes` times before its bucket is half full again is disconnected, so a flood costs the gateway a few
 * hundred packets, not the tens of thousands its sender queued.
 */
export function budgetEvents(socket: TSocket, budget: TEventBudget, logger: Logger): void {
  const bucket = tokenBucket(budget.perSecond, budget.burst);
  let strikes = 0;
  socket.use((packet, next) => {
    if (bucket.take()) {
      // A token that trickled in mid-flood does not forgive the strikes; a quiet spell does.
      if (!bucket.isLow()) strikes = 0;
      return next();
    }
    strikes += 1;
    if (strikes === budget.strikes) {
      logger.warn({ socket: socket.id, address: socket.data.address, uid: socket.data.user?.uid }, 'socket over its event budget: disconnected');
      // After this packet's refusal is written. A server disconnect (not a cut connection) tells
      // Socket.IO clients not to reconnect by themselves.
      setImmediate(() => socket.disconnect(true));
    }
    if (strikes > budget.strikes) return;
    packetAck(packet)?.({
      ok: false,
      error: { code: SOCKET_ERRORS.eventRateLimited, message: `Too many messages: at most ${budget.perSecond} a second (${budget.burst} at once)` },
    });
  });
}
