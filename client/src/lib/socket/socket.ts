/**
 * Typed Socket.IO connections to the gateway (protocol in shared/src/socket.ts). The token
 * travels in the handshake `auth` field, asked for again on every (re)connection, so a
 * reconnect always carries a fresh one. Websocket transport only: no long-polling requests
 * that would need sticky sessions behind several gateways.
 */
import type { TAck, TAckResult, TClientToServerEvents, TServerToClientEvents } from '@movelab/shared';
import { SOCKET_ERRORS } from '@movelab/shared/socket-errors';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type TClientSocket = Socket<TServerToClientEvents, TClientToServerEvents>;
export type TGetToken = (forceRefresh?: boolean) => Promise<string | null>;

/** The client-side code for an acknowledgement that never came. */
export const SOCKET_TIMEOUT = 'socket/timeout';
const ACK_TIMEOUT_MS = 10_000;

type TConnectOptions = { url?: string };

const baseOptions = (): Partial<ManagerOptions & SocketOptions> => ({ transports: ['websocket'], autoConnect: false });

/**
 * A signed-in user's connection: `auth.token` from `getToken`, `auth:expiring` answered with
 * `auth:refresh` and a fresh token, and a refused or expired handshake retried once with a
 * forced refresh (Socket.IO does not retry a connection its middleware refused).
 */
export function createUserSocket(getToken: TGetToken, options: TConnectOptions = {}): TClientSocket {
  let mustRefresh = false;
  const socket: TClientSocket = io(options.url ?? '', {
    ...baseOptions(),
    auth: (send) => {
      const force = mustRefresh;
      mustRefresh = false;
      getToken(force).then(
        (token) => send({ token: token ?? '' }),
        () => send({ token: '' }),
      );
    },
  });

  socket.on('auth:expiring', () => {
    void getToken(true).then((token) => {
      if (token) void emitWithAck(socket, 'auth:refresh', { token });
    });
  });
  socket.on('auth:expired', () => {
    mustRefresh = true;
    socket.disconnect().connect();
  });
  let retries = 0;
  socket.on('connect', () => {
    retries = 0;
  });
  socket.on('connect_error', (error) => {
    const isTokenProblem = error.message === SOCKET_ERRORS.tokenExpired || error.message === SOCKET_ERRORS.unauthenticated;
    if (socket.active || !isTokenProblem || retries >= 3) return;
    retries += 1;
    mustRefresh = true;
    setTimeout(() => socket.connect(), 500 * retries);
  });
  socket.connect();
  return socket;
}

/** The phone's anonymous connection: it may only join, rejoin, leave and signal. */
export function createCameraSocket(options: TConnectOptions = {}): TClientSocket {
  const socket: TClientSocket = io(options.url ?? '', { ...baseOptions(), auth: { role: 'camera' } });
  socket.connect();
  return socket;
}

/** What an event's acknowledgement carries when it succeeds. */
export type TAckData<E extends keyof TClientToServerEvents> =
  Parameters<TClientToServerEvents[E]>[1] extends TAck<infer T> ? T : never;

type TLooseSocket = {
  timeout(ms: number): { emitWithAck(event: string, payload: unknown): Promise<unknown> };
};

/**
 * Emits a request and resolves with its acknowledgement's result union; a missing answer
 * (offline, gateway gone) resolves as a `socket/timeout` failure, never a rejection.
 */
export async function emitWithAck<E extends keyof TClientToServerEvents>(
  socket: TClientSocket,
  event: E,
  payload: Parameters<TClientToServerEvents[E]>[0],
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<TAckResult<TAckData<E>>> {
  try {
    // The typed overloads of emitWithAck cannot follow a generic event name.
    const result = await (socket as unknown as TLooseSocket).timeout(timeoutMs).emitWithAck(event, payload);
    return result as TAckResult<TAckData<E>>;
  } catch {
    return { ok: false, error: { code: SOCKET_TIMEOUT, message: 'The server did not answer in time.' } };
  }
}
