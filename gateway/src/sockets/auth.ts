import { AUTH_EXPIRING_LEAD_MS, isAdmin, MovelabError, ROOMS, SOCKET_ERRORS, ZAuthRefresh } from '@movelab/shared';
import { onRequest, refuse, socketAuthCode } from './ack.js';
import type { TRealtimeContext, TSocket } from './types.js';

/** setTimeout's ceiling (about 24.8 days); later expiries are rescheduled when it fires. */
const MAX_DELAY = 2 ** 31 - 1;

export function requireUser(socket: TSocket) {
  const { user } = socket.data;
  if (!user) throw refuse(SOCKET_ERRORS.unauthenticated, 'Sign in first: a camera connection cannot do this');
  return user;
}

/**
 * Token lifetime on a live socket: `auth:expiring` shortly before the token's expiry, then
 * `auth:expired` and a disconnect unless `auth:refresh` brought a newer token for the same user.
 */
export function registerAuthHandlers(ctx: TRealtimeContext, socket: TSocket): void {
  let timers: NodeJS.Timeout[] = [];
  const clear = () => {
    timers.forEach((timer) => clearTimeout(timer));
    timers = [];
  };
  const schedule = (expiresAt: number) => {
    clear();
    const untilExpiry = expiresAt - ctx.now();
    if (untilExpiry > MAX_DELAY) {
      timers.push(setTimeout(() => schedule(expiresAt), MAX_DELAY));
      return;
    }
    timers.push(setTimeout(() => socket.emit('auth:expiring', { expiresAt }), Math.max(0, untilExpiry - AUTH_EXPIRING_LEAD_MS)));
    timers.push(
      setTimeout(() => {
        socket.emit('auth:expired');
        socket.disconnect(true);
      }, Math.max(0, untilExpiry)),
    );
  };

  if (socket.data.user) schedule(socket.data.user.expiresAt);
  socket.on('disconnect', clear);

  onRequest(socket, 'auth:refresh', ZAuthRefresh, ctx.logger, async ({ token }) => {
    const current = requireUser(socket);
    const next = await ctx.verifier.verify(token).catch((error: unknown) => {
      throw new MovelabError(socketAuthCode(error), 'The new token is not valid');
    });
    if (next.uid !== current.uid) throw refuse(SOCKET_ERRORS.forbidden, 'The new token belongs to another user');
    socket.data.user = next;
    // A token of another sign-in (after a password change): signing that one out must reach this socket.
    if (current.signInId !== next.signInId) {
      if (current.signInId) await socket.leave(ROOMS.signIn(current.signInId));
      if (next.signInId) await socket.join(ROOMS.signIn(next.signInId));
    }
    // Roles may have changed since the connection: admins join or leave the admins room.
    if (isAdmin(next.roles)) await socket.join(ROOMS.admins);
    else await socket.leave(ROOMS.admins);
    schedule(next.expiresAt);
    return { expiresAt: next.expiresAt };
  });
}
