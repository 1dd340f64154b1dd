import type http from 'node:http';
import { Server } from 'socket.io';
import {
  AUTH_ERRORS,
  isAdmin,
  ROOMS,
  SOCKET_ERRORS,
  isMovelabError,
  type TClientToServerEvents,
  type TLiveAnalysis,
  type TServerToClientEvents,
} from '@movelab/shared';
import type { TTokenVerifier, TVerifiedToken } from './identity/verifier.js';

export type TSocketData = { user: TVerifiedToken };
export type TIo = Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;

const SOCKET_CODES: Record<string, string> = {
  [AUTH_ERRORS.userTokenExpired]: SOCKET_ERRORS.tokenExpired,
  [AUTH_ERRORS.userDisabled]: SOCKET_ERRORS.userDisabled,
};

/**
 * Socket.IO on the gateway's http server. The handshake carries the token in `auth.token`
 * and is checked with the same TokenVerifier as REST; a connected socket sits in its user's
 * room and, for admins, in `admins`.
 */
export function createSocketServer(server: http.Server, verifier: TTokenVerifier): TIo {
  const io: TIo = new Server(server, { serveClient: false, maxHttpBufferSize: 256 * 1024 });
  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error(SOCKET_ERRORS.unauthenticated));
    verifier.verify(token).then(
      (user) => {
        socket.data.user = user;
        next();
      },
      (error: unknown) => {
        const code = isMovelabError(error) ? (SOCKET_CODES[error.code] ?? SOCKET_ERRORS.unauthenticated) : SOCKET_ERRORS.internal;
        next(new Error(code));
      },
    );
  });
  io.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join(ROOMS.user(user.uid));
    if (isAdmin(user.roles)) void socket.join(ROOMS.admins);
  });
  return io;
}

/** A new analysis goes to the user's other devices and to the admins watching live. */
export function publishAnalysis(io: TIo, live: TLiveAnalysis): void {
  io.to([ROOMS.user(live.userId), ROOMS.admins]).emit('analysis:created', live);
}
