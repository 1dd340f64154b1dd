import type http from 'node:http';
import { Server } from 'socket.io';
import {
  isMovelabError,
  LIMIT_MESSAGES,
  LIMITS,
  SOCKET_ERRORS,
  SOCKET_ROLES,
} from '@movelab/shared';
import { AddressCount } from '../http/address-count.js';
import { clientAddress } from '../http/client-address.js';
import type { TOriginCheck } from '../http/origin.js';
import type { TTokenVerifier } from '../identity/verifier.js';
import { socketAuthCode } from './ack.js';
import type { TIo, TSocket } from './types.js';

export type { TIo, TSocket, TSocketData } from './types.js';
export { attachRealtime, type TRealtime } from './realtime.js';
export { publishAnalysis, publishPractice } from './publish.js';

export type TSocketServerOptions = {
  trustProxy: boolean | number;
  /** Tokenless (camera) sockets per address, and engine sessions per address that have not connected yet. */
  camerasPerAddress: number;
  /** Signed-in sockets per account. */
  socketsPerUser: number;
  /** A session that sends no Socket.IO CONNECT within this is closed. */
  connectTimeoutMs: number;
  isAllowedOrigin: TOriginCheck;
};

const DEFAULT_OPTIONS: TSocketServerOptions = {
  trustProxy: false,
  camerasPerAddress: 10,
  socketsPerUser: 20,
  connectTimeoutMs: 10_000,
  isAllowedOrigin: () => true,
};

/**
 * Open sockets per key (an address, an account) on this gateway, at most `limit` each. A slot is
 * given back once, when the socket disconnects or its connection closes (a connection closed
 * while the handshake was still being checked never emits `disconnect`).
 */
function openSockets(limit: number) {
  const open = new AddressCount(limit);
  return (key: string, socket: TSocket): boolean => {
    // A connection that closed while its handshake was checked is dropped by Socket.IO: nothing to hold.
    if (socket.conn.readyState !== 'open') return true;
    if (open.isFull(key)) return false;
    const release = open.hold(key);
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
 *
 * Before any of that, at the engine (transport) level: a page outside the origin allow-list is
 * refused, and an address holds at most `camerasPerAddress` sessions that have not sent their
 * Socket.IO CONNECT (those cost memory and prove nothing); each is closed after `connectTimeoutMs`.
 */
export function createSocketServer(server: http.Server, verifier: TTokenVerifier, options: TSocketServerOptions = DEFAULT_OPTIONS): TIo {
  const waiting = new AddressCount(options.camerasPerAddress);
  const io: TIo = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: LIMITS.socketMessageBytes,
    connectTimeout: options.connectTimeoutMs,
    allowRequest: (req, callback) => {
      if (!options.isAllowedOrigin(req)) return callback(SOCKET_ERRORS.originNotAllowed, false);
      if (waiting.isFull(clientAddress(req, options.trustProxy))) return callback(SOCKET_ERRORS.tooManyConnections, false);
      callback(null, true);
    },
  });
  /** Engine sessions still waiting for their first CONNECT, each with the release of its slot. */
  const unconnected = new WeakMap<object, () => void>();
  io.engine.on('connection', (conn: { request: http.IncomingMessage; once(event: 'close', listener: () => void): void }) => {
    const slot = waiting.hold(clientAddress(conn.request, options.trustProxy));
    // At connectTimeout Socket.IO closes the session, but a polling one that stopped polling
    // lingers up to 30 s more before its transport closes: its slot is given back at once.
    const timer = setTimeout(slot, options.connectTimeoutMs);
    const release = () => {
      clearTimeout(timer);
      slot();
    };
    unconnected.set(conn, release);
    conn.once('close', release);
  });
  const takeCameraSlot = openSockets(options.camerasPerAddress);
  const takeUserSlot = openSockets(options.socketsPerUser);
  /** Sockets open on each engine session: one whose last socket left is closed rather than kept alive uncounted. */
  const socketsOn = new WeakMap<object, number>();
  io.on('connection', (socket) => {
    const { conn } = socket;
    unconnected.get(conn)?.();
    socketsOn.set(conn, (socketsOn.get(conn) ?? 0) + 1);
    socket.on('disconnect', () => {
      const left = (socketsOn.get(conn) ?? 1) - 1;
      socketsOn.set(conn, left);
      if (left === 0) conn.close();
    });
  });
  io.use((socket, next) => {
    socket.data.hosting = [];
    socket.data.groups = [];
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
