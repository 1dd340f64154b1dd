import type http from 'node:http';
import { Server } from 'socket.io';
import {
  isMovelabError,
  LIMIT_MESSAGES,
  LIMITS,
  ROOMS,
  SOCKET_ERRORS,
  SOCKET_ROLES,
  type TLiveAnalysis,
  type TLivePractice,
} from '@movelab/shared';
import { clientAddress } from '../http/client-address.js';
import type { TTokenVerifier } from '../identity/verifier.js';
import { socketAuthCode } from './ack.js';
import type { TIo, TSocket } from './types.js';

export type { TIo, TSocket, TSocketData } from './types.js';
export { attachRealtime, type TRealtime } from './realtime.js';

export type TSocketServerOptions = { trustProxy: boolean | number; camerasPerAddress: number; socketsPerUser: number };

/**
 * Open sockets per key (an address, an account) on this gateway, at most `limit` each. A slot is
 * given back once, when the socket disconnects or its connection closes (a connection closed
 * while the handshake was still being checked never emits `disconnect`).
 */
function openSockets(limit: number) {
  const open = new Map<string, number>();
  return (key: string, socket: TSocket): boolean => {
    // A connection that closed while its handshake was checked is dropped by Socket.IO: nothing to hold.
    if (socket.conn.readyState !== 'open') return true;
    const count = open.get(key) ?? 0;
    if (count >= limit) return false;
    open.set(key, count + 1);
    let isReleased = false;
    const release = () => {
      if (isReleased) return;
      isReleased = true;
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    };
    socket.on('disconnect', release);
    socket.conn.once('close', release);
    return true;
  };
}

/** A handshake refusal: the client's connect_error has `message` = code and `data.message` for people. */
function refusal(code: string, message: string): Error {
  return Object.assign(new Error(code), { data: { code, message } });
}

/**
 * Socket.IO on the gateway's http server. The handshake carries the token in `auth.token`
 * and is checked with the same TokenVerifier as REST. A phone camera connects with
 * `auth.role === 'camera'` and no token; it can then only join a remote session.
 */
export function createSocketServer(
  server: http.Server,
  verifier: TTokenVerifier,
  options: TSocketServerOptions = { trustProxy: false, camerasPerAddress: 10, socketsPerUser: 20 },
): TIo {
  const io: TIo = new Server(server, { serveClient: false, maxHttpBufferSize: LIMITS.socketMessageBytes });
  const takeCameraSlot = openSockets(options.camerasPerAddress);
  const takeUserSlot = openSockets(options.socketsPerUser);
  io.use((socket, next) => {
    socket.data.hosting = [];
    socket.data.address = clientAddress(socket.request, options.trustProxy);
    // A token in the URL ends up in proxy and server logs: refused even when valid.
    if (socket.handshake.query.token !== undefined) {
      return next(refusal(SOCKET_ERRORS.tokenInQuery, 'Send the token in the handshake auth.token, never in the URL'));
    }
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; role?: unknown };
    const isCamera = auth.role === SOCKET_ROLES.camera;
    if ((auth.token === undefined || auth.token === '') && isCamera) {
      // Tokenless sockets cost nothing to open: an address gets a few, counted on this gateway.
      if (!takeCameraSlot(socket.data.address, socket)) {
        return next(refusal(SOCKET_ERRORS.tooManyConnections, `At most ${options.camerasPerAddress} camera connections per address`));
      }
      return next();
    }
    if (typeof auth.token !== 'string' || auth.token.length === 0) {
      return next(refusal(SOCKET_ERRORS.unauthenticated, 'Sign in first: the handshake has no token'));
    }
    verifier.verify(auth.token).then(
      (user) => {
        // Each socket holds the account's rooms and timers on this gateway: one account gets a few.
        if (!takeUserSlot(user.uid, socket)) {
          return next(refusal(SOCKET_ERRORS.tooManyConnections, LIMIT_MESSAGES.tooManySockets(options.socketsPerUser)));
        }
        socket.data.user = user;
        next();
      },
      (error: unknown) => {
        const code = socketAuthCode(error);
        next(refusal(code, isMovelabError(error) ? error.message : 'The token could not be checked'));
      },
    );
  });
  return io;
}

/** A new analysis goes to the user's other devices and to the admins watching live. */
export function publishAnalysis(io: TIo, live: TLiveAnalysis): void {
  io.to([ROOMS.user(live.userId), ROOMS.admins]).emit('analysis:created', live);
}

/** A finished practice goes the same way. */
export function publishPractice(io: TIo, live: TLivePractice): void {
  io.to([ROOMS.user(live.userId), ROOMS.admins]).emit('practice:created', live);
}
