import { ROOMS } from '@movelab/shared';
import type { TSessionRecord } from '../realtime/registry.js';
import type { TRealtimeContext } from './types.js';

type TEndReason = 'host-left' | 'expired' | 'closed';

/**
 * Session life on this gateway: expiry timers for the sessions it has seen, the host's grace
 * period after a disconnect, and ending a session (once, whichever gateway gets there first).
 */
export function createSessionLifecycle(ctx: TRealtimeContext) {
  const { io, registry } = ctx;
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  const graceTimers = new Set<NodeJS.Timeout>();

  const end = async (session: Pick<TSessionRecord, 'id' | 'hostUid'>, reason: TEndReason) => {
    clearTimeout(expiryTimers.get(session.id));
    expiryTimers.delete(session.id);
    if (!(await registry.end(session.id))) return;
    const rooms = [ROOMS.sessionHost(session.id), ROOMS.sessionCameras(session.id)];
    io.to(rooms).emit('session:ended', { sessionId: session.id, reason });
    io.in(rooms).socketsLeave(rooms);
    await ctx.people.setRemoteSession(session.hostUid, null);
    ctx.presenceChanged();
    ctx.logger.info({ sessionId: session.id, reason }, 'remote session ended');
  };

  const run = (work: Promise<void>) => {
    work.catch((error: unknown) => ctx.logger.error({ err: error }, 'remote session upkeep failed'));
  };

  const watchExpiry = (session: TSessionRecord) => {
    if (expiryTimers.has(session.id)) return;
    const timer = setTimeout(() => run(end(session, 'expired')), Math.max(0, session.expiresAt - ctx.now()));
    timer.unref();
    expiryTimers.set(session.id, timer);
  };

  /** The host's last socket went away: the session waits for a reload, then ends. */
  const hostGone = async (sessionId: string) => {
    const hostRoom = ROOMS.sessionHost(sessionId);
    if ((await io.in(hostRoom).fetchSockets()).length > 0) return;
    const session = await registry.get(sessionId);
    if (!session) return;
    await registry.setHostConnected(sessionId, false);
    io.to(ROOMS.sessionCameras(sessionId)).emit('session:host-away', { sessionId });
    ctx.presenceChanged();
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      run(
        (async () => {
          if ((await io.in(hostRoom).fetchSockets()).length > 0) return;
          await end(session, 'host-left');
        })(),
      );
    }, ctx.config.hostGraceMs);
    graceTimers.add(timer);
  };

  return {
    end,
    run,
    watchExpiry,
    hostGone,
    close() {
      expiryTimers.forEach((timer) => clearTimeout(timer));
      graceTimers.forEach((timer) => clearTimeout(timer));
      expiryTimers.clear();
      graceTimers.clear();
    },
  };
}

export type TSessionLifecycle = ReturnType<typeof createSessionLifecycle>;
