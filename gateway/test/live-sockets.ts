import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_ERRORS, type TAckResult, type TSessionJoined, type TSessionOpened } from '@movelab/shared';
import { call, newUser } from './helpers.js';

export const TOKEN_SECRET = 'live-test-secret-0123456789abcdefghijklmnop';

/** A connected socket.io-client (websocket only, no automatic reconnection). */
export function open(
  url: string,
  auth: Record<string, unknown> = {},
  query?: Record<string, string>,
  extraHeaders?: Record<string, string>,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { auth, query, extraHeaders, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/**
 * Connects and waits for the first `event`, listening before the connection opens: the gateway
 * may emit it in the same packet batch as the connection itself.
 */
export async function openExpecting<T = any>(
  url: string,
  auth: Record<string, unknown>,
  event: string,
  ms = 4000,
): Promise<{ socket: Socket; payload: T }> {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true, autoConnect: false });
  const payload = next<T>(socket, event, ms);
  socket.connect();
  return { socket, payload: await payload };
}

/** Emits a request and returns its acknowledgement. */
export function request<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<TAckResult<T>> {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<TAckResult<T>>;
}

/** The data of a successful acknowledgement; throws with the error code otherwise. */
export async function ok<T>(result: Promise<TAckResult<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

/** The error code of an acknowledgement (undefined when it succeeded). */
export async function errorCode(result: Promise<TAckResult<unknown>>): Promise<string | undefined> {
  const answer = await result;
  return answer.ok ? undefined : answer.error.code;
}

/** Resolves with the next `event` payload; rejects after `ms`. */
export function next<T = any>(socket: Socket, event: string, ms = 4000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, listener);
  });
}

/** Collects every `event` payload a socket receives from now on. */
export function collect<T = any>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request answered on `socket`'s own connection (one the gateway refuses as a bad payload, so
 * nothing changes): one connection keeps its order, so whatever the gateway sent the socket before
 * that answer has then arrived. What a test waits for before checking that something did not.
 */
export async function roundTrip(socket: Socket): Promise<void> {
  await request(socket, 'session:perspective', {});
}

/** A token signed with the gateway's secret, with the given lifetime (negative: already expired). */
export async function signToken(uid: string, seconds: number, secret = TOKEN_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ auth_time: now })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setIssuer('movelab')
    .setIssuedAt(now - 60)
    .setExpirationTime(now + seconds)
    .sign(new TextEncoder().encode(secret));
}

/** A signed-in host with a live session and a camera paired through the join token. */
export async function pairedSession(hostUrl: string, cameraUrl = hostUrl, name = 'Host') {
  const user = await newUser(hostUrl, name);
  const host = await open(hostUrl, { token: user.token });
  const session = await ok(request<TSessionOpened>(host, 'session:create', {}));
  const camera = await open(cameraUrl, { role: 'camera' });
  const joinedNotice = next(host, 'session:camera-joined');
  const joined = await ok(request<TSessionJoined>(camera, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }));
  await joinedNotice;
  return { user, host, session, camera, joined };
}

/** A tokenless camera socket as if from `address` behind a proxy (the gateway must trust one hop: TRUST_PROXY=1). */
export const cameraFrom = (url: string, address: string) => open(url, { role: 'camera' }, undefined, { 'x-forwarded-for': address });

/** `count` well-formed codes that are none of `live`. */
export function wrongCodes(count: number, ...live: string[]): string[] {
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n += 1) {
    const code = String(n * 111_111 + 7)
      .padStart(6, '0')
      .slice(-6);
    if (!live.includes(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/**
 * Tries `codes` in turn (round the `sockets`) until an answer is anything but a wrong code: how
 * many were answered as wrong, and that answer (undefined when every one was).
 */
export async function guessUntilRefused(sockets: Socket[], codes: string[]): Promise<{ wrong: number; answer?: TAckResult<unknown> }> {
  for (const [index, code] of codes.entries()) {
    const answer = await request(sockets[index % sockets.length]!, 'session:join', { code });
    if (answer.ok || answer.error.code !== SOCKET_ERRORS.invalidCode) return { wrong: index, answer };
  }
  return { wrong: codes.length };
}

export { call };
