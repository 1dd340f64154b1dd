import { ROOMS } from '@movelab/shared';
import type { TSessionRecord } from '../realtime/registry.js';
import type { TRealtimeContext } from './types.js';
import { createUpkeepTimers } from './upkeep-timers.js';

type TEndReason = 'host-left' | 'expired' | 'closed';

/**
 * Session life on this gateway: expiry timers for the sessions it has seen, the host's grace
 * period after a disconnect, and ending a session (once, whichever gateway gets there first).
 */
export function createSessionLifecycle(ctx: TRealtimeContext) {
  const { io, registry } = ctx;
  const timers = createUpkeepTimers(ctx.logger, 'remote session');

  const end = async (session: Pick<TSessionRecord, 'id' | 'hostUid'>, reason: TEndReason) => {
    timers.cancelExpiry(session.id);
    if (!(await registry.end(session.id))) return;
    const rooms = [ROOMS.sessionHost(session.id), ROOMS.sessionCameras(session.id)];
    io.to(rooms).emit('session:ended', { sessionId: session.id, reason });
    io.in(rooms).socketsLeave(rooms);
    await ctx.people.setRemoteSession(session.hostUid, null);
    ctx.presenceChanged();
    ctx.logger.info({ sessionId: session.id, reason }, 'remote session ended');
  };

  const watchExpiry = (session: TSessionRecord) => timers.expireAfter(session.id, session.expiresAt - ctx.now(), () => end(session, 'expired'));

  /** The host's last socket went away: the session waits for a reload, then ends. */
  const hostGone = async (sessionId: string) => {
    const hostRoom = ROOMS.sessionHost(sessionId);
    if ((await io.in(hostRoom).fetchSockets()).length > 0) return;
    const session = await registry.get(sessionId);
    if (!session) return;
    await registry.setHostConnected(sessionId, false);
    io.to(ROOMS.sessionCameras(sessionId)).emit('session:host-away', { sessionId });
    ctx.presenceChanged();
    timers.after(ctx.config.hostGraceMs, async () => {
      if ((await io.in(hostRoom).fetchSockets()).length > 0) return;
      await end(session, 'host-left');
    });
  };

  return { end, run: timers.run, watchExpiry, hostGone, close: timers.close };
}

export type TSessionLifecycle = ReturnType<typeof createSessionLifecycle>;
