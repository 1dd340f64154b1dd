import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_ERRORS, type TSessionCode, type TSessionJoined, type TSessionOpened, type TUser } from '@movelab/shared';
import { newUser, startGateway, type TGateway } from './helpers.js';
import {
  call,
  collect,
  errorCode,
  next,
  ok,
  open,
  openExpecting,
  pairedSession,
  pause,
  request,
  roundTrip,
  signToken,
  TOKEN_SECRET,
} from './live-sockets.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, SESSION_HOST_GRACE_SECONDS: '2', SESSION_JOIN_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

describe('handshake', () => {
  it('refuses no token, garbage, a token in the query string, an unsigned token and an expired one', async () => {
    const user = await newUser(gw.url, 'Hand');
    await expect(open(gw.url)).rejects.toThrow(SOCKET_ERRORS.unauthenticated);
    await expect(open(gw.url, { token: 'garbage' })).rejects.toThrow(SOCKET_ERRORS.unauthenticated);
    // Even a valid token is refused in the URL, where logs would keep it.
    await expect(open(gw.url, {}, { token: user.token })).rejects.toThrow(SOCKET_ERRORS.tokenInQuery);
    const [header, payload] = user.token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    await expect(open(gw.url, { token: unsigned })).rejects.toThrow(SOCKET_ERRORS.unauthenticated);
    await expect(open(gw.url, { token: `${header}.${payload}.${'A'.repeat(43)}` })).rejects.toThrow(SOCKET_ERRORS.unauthenticated);
    await expect(open(gw.url, { token: await signToken(user.user.uid, -5) })).rejects.toThrow(SOCKET_ERRORS.tokenExpired);
    await expect(open(gw.url, { token: await signToken(user.user.uid, 60, 'another-secret-0123456789abcdefghijkl') })).rejects.toThrow(
      SOCKET_ERRORS.unauthenticated,
    );
    const socket = await open(gw.url, { token: user.token });
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('lets a tokenless camera join sessions only', async () => {
    const camera = await open(gw.url, { role: 'camera' });
    expect(await errorCode(request(camera, 'session:create', {}))).toBe(SOCKET_ERRORS.unauthenticated);
    expect(await errorCode(request(camera, 'analysis:created', { analysisId: 'x' }))).toBe(SOCKET_ERRORS.unauthenticated);
    expect(await errorCode(request(camera, 'auth:refresh', { token: 'x' }))).toBe(SOCKET_ERRORS.unauthenticated);
    expect(await errorCode(request(camera, 'signal:send', { sessionId: 'a'.repeat(22), to: 'host', data: { type: 'offer' } }))).toBe(
      SOCKET_ERRORS.forbidden,
    );
    expect(await errorCode(request(camera, 'session:join', { code: '12a456' }))).toBe(SOCKET_ERRORS.badPayload);
    camera.close();
  });
});

describe('token expiry', () => {
  it('warns before expiry, then tells the client and disconnects', async () => {
    const user = await newUser(gw.url, 'Brief');
    const { socket, payload: expiring } = await openExpecting<{ expiresAt: number }>(
      gw.url,
      { token: await signToken(user.user.uid, 3) },
      'auth:expiring',
    );
    expect(expiring.expiresAt).toBeGreaterThan(Date.now());
    const expired = next(socket, 'auth:expired', 4000);
    const disconnected = next(socket, 'disconnect', 4000);
    await expired;
    expect(await disconnected).toBe('io server disconnect');
  });

  it('keeps the socket when a new token for the same user arrives, refuses another user', async () => {
    const user = await newUser(gw.url, 'Renew');
    const other = await newUser(gw.url, 'Other');
    const { socket } = await openExpecting(gw.url, { token: await signToken(user.user.uid, 3) }, 'auth:expiring');
    expect(await errorCode(request(socket, 'auth:refresh', { token: other.token }))).toBe(SOCKET_ERRORS.forbidden);
    expect(await errorCode(request(socket, 'auth:refresh', { token: 'nonsense' }))).toBe(SOCKET_ERRORS.unauthenticated);
    const refreshed = await ok(request<{ expiresAt: number }>(socket, 'auth:refresh', { token: user.token }));
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now() + 30 * 60_000);
    const expired = collect(socket, 'auth:expired');
    // A second socket whose token lapses a second after the first one's: once it is told, the
    // first token's time has passed too.
    const { socket: later } = await openExpecting(gw.url, { token: await signToken(user.user.uid, 4) }, 'auth:expiring');
    await next(later, 'auth:expired', 8000);
    expect(expired).toEqual([]);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});

describe('remote camera sessions', () => {
  it('pairs by join token, stores the session on the host record and relays signals both ways, never to another session', async () => {
    const a = await pairedSession(gw.url, gw.url, 'Ada');
    const b = await pairedSession(gw.url, gw.url, 'Bo');
    expect(a.session.sessionId).toMatch(/^[\w-]{22,}$/);
    expect(a.session.code).toMatch(/^\d{6}$/);
    expect(a.joined).toMatchObject({ sessionId: a.session.sessionId, hostName: 'Ada', iceServers: [] });
    const record = await call<TUser>(gw.url, 'GET', `/api/users/${a.user.user.uid}`, { token: a.user.token });
    expect(record.body.apiRtcConversationId).toBe(a.session.sessionId);

    const leakedToB = { host: collect(b.host, 'signal:receive'), camera: collect(b.camera, 'signal:receive') };
    const offer = { type: 'offer', sdp: 'v=0 camera offer' };
    const atHost = next(a.host, 'signal:receive');
    await ok(request(a.camera, 'signal:send', { sessionId: a.session.sessionId, to: 'host', data: offer }));
    expect(await atHost).toEqual({ sessionId: a.session.sessionId, from: a.joined.cameraId, data: offer });
    const answer = { type: 'answer', sdp: 'v=0 host answer' };
    const atCamera = next(a.camera, 'signal:receive');
    await ok(request(a.host, 'signal:send', { sessionId: a.session.sessionId, to: a.joined.cameraId, data: answer }));
    expect(await atCamera).toEqual({ sessionId: a.session.sessionId, from: 'host', data: answer });

    // Crossing sessions is refused: A's host cannot reach B's camera, A's camera cannot reach B's host.
    expect(await errorCode(request(a.host, 'signal:send', { sessionId: b.session.sessionId, to: b.joined.cameraId, data: answer }))).toBe(
      SOCKET_ERRORS.forbidden,
    );
    expect(await errorCode(request(a.host, 'signal:send', { sessionId: a.session.sessionId, to: b.joined.cameraId, data: answer }))).toBe(
      SOCKET_ERRORS.notFound,
    );
    expect(await errorCode(request(a.camera, 'signal:send', { sessionId: b.session.sessionId, to: 'host', data: offer }))).toBe(
      SOCKET_ERRORS.forbidden,
    );
    const huge = { type: 'offer', sdp: 'x'.repeat(70 * 1024) };
    expect(await errorCode(request(a.camera, 'signal:send', { sessionId: a.session.sessionId, to: 'host', data: huge }))).toBe(
      SOCKET_ERRORS.badPayload,
    );
    // A relayed signal would have been sent before its refusal, so before these round trips' answers.
    await Promise.all([roundTrip(b.host), roundTrip(b.camera)]);
    expect(leakedToB).toEqual({ host: [], camera: [] });
    [a, b].forEach(({ host, camera }) => [host, camera].forEach((socket) => socket.close()));
  });

  it('pairs by a single-use code, refuses a wrong token and a third camera', async () => {
    const user = await newUser(gw.url, 'Coder');
    const host = await open(gw.url, { token: user.token });
    const session = await ok(request<TSessionOpened>(host, 'session:create', {}));
    const first = await open(gw.url, { role: 'camera' });
    const joined = await ok(request<TSessionJoined>(first, 'session:join', { code: session.code }));
    expect(joined.sessionId).toBe(session.sessionId);
    // One camera per connection: a second join from it is refused.
    expect(await errorCode(request(first, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }))).toBe(
      SOCKET_ERRORS.forbidden,
    );
    const second = await open(gw.url, { role: 'camera' });
    expect(await errorCode(request(second, 'session:join', { code: session.code }))).toBe(SOCKET_ERRORS.invalidCode);
    expect(await errorCode(request(second, 'session:join', { sessionId: session.sessionId, joinToken: 'w'.repeat(43) }))).toBe(
      SOCKET_ERRORS.invalidJoinToken,
    );
    expect(await errorCode(request(second, 'session:join', { sessionId: 'n'.repeat(22), joinToken: session.joinToken }))).toBe(
      SOCKET_ERRORS.sessionEnded,
    );
    await ok(request(second, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }));
    const third = await open(gw.url, { role: 'camera' });
    expect(await errorCode(request(third, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }))).toBe(
      SOCKET_ERRORS.sessionFull,
    );
    [host, first, second, third].forEach((socket) => socket.close());
  });

  it('lets a camera rejoin after a reload with its rejoin token', async () => {
    const { host, session, camera, joined } = await pairedSession(gw.url, gw.url, 'Reloader');
    const away = next(host, 'session:camera-away');
    camera.close();
    expect(await away).toEqual({ sessionId: session.sessionId, cameraId: joined.cameraId });
    const reloaded = await open(gw.url, { role: 'camera' });
    expect(await errorCode(request(reloaded, 'session:rejoin', { sessionId: session.sessionId, rejoinToken: 'r'.repeat(43) }))).toBe(
      SOCKET_ERRORS.invalidJoinToken,
    );
    const back = next(host, 'session:camera-joined');
    const rejoined = await ok(request<TSessionJoined>(reloaded, 'session:rejoin', { sessionId: session.sessionId, rejoinToken: joined.rejoinToken }));
    expect(rejoined.cameraId).toBe(joined.cameraId);
    expect(await back).toEqual({ sessionId: session.sessionId, cameraId: joined.cameraId });
    const atHost = next(host, 'signal:receive');
    await ok(request(reloaded, 'signal:send', { sessionId: session.sessionId, to: 'host', data: { type: 'offer', sdp: 'again' } }));
    expect((await atHost).from).toBe(joined.cameraId);
    [host, reloaded].forEach((socket) => socket.close());
  });

  it('ends the session for the cameras when the host leaves', async () => {
    const { user, host, session, camera } = await pairedSession(gw.url, gw.url, 'Leaver');
    const ended = next(camera, 'session:ended');
    await ok(request(host, 'session:leave', { sessionId: session.sessionId }));
    expect(await ended).toEqual({ sessionId: session.sessionId, reason: 'closed' });
    const late = await open(gw.url, { role: 'camera' });
    expect(await errorCode(request(late, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }))).toBe(
      SOCKET_ERRORS.sessionEnded,
    );
    const record = await call<TUser>(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token });
    expect(record.body.apiRtcConversationId).toBeNull();
    [host, camera, late].forEach((socket) => socket.close());
  });

  it('waits for a reloading host, and ends the session when the host does not come back', async () => {
    const { user, host, session, camera, joined } = await pairedSession(gw.url, gw.url, 'Desk');
    const other = await pairedSession(gw.url, gw.url, 'Gone');
    const away = next(camera, 'session:host-away');
    host.close();
    await away;
    // Another host leaves after this one and does not come back: its session ends after this
    // one's grace would have run out.
    const otherEnded = next(other.camera, 'session:ended', 8000);
    other.host.close();
    const reloaded = await open(gw.url, { token: user.token });
    const returned = next(camera, 'session:host-returned');
    const resumed = await ok(request<TSessionOpened>(reloaded, 'session:create', {}));
    expect(resumed.sessionId).toBe(session.sessionId);
    expect(resumed.cameras).toEqual([joined.cameraId]);
    expect(resumed.joinToken).not.toBe(session.joinToken);
    await returned;
    const endedEvents = collect(camera, 'session:ended');
    await otherEnded;
    expect(endedEvents).toEqual([]);
    other.camera.close();

    const ended = next(camera, 'session:ended', 8000);
    reloaded.close();
    expect(await ended).toEqual({ sessionId: session.sessionId, reason: 'host-left' });
    camera.close();
  });

  it('lets only the same user resume a session by id', async () => {
    const { host, session, camera } = await pairedSession(gw.url, gw.url, 'Owner');
    const stranger = await newUser(gw.url, 'Stranger');
    const socket = await open(gw.url, { token: stranger.token });
    expect(await errorCode(request(socket, 'session:resume', { sessionId: session.sessionId }))).toBe(SOCKET_ERRORS.forbidden);
    [host, camera, socket].forEach((s) => s.close());
  });
});

describe('limits and expiry', () => {
  it('gives the host a new code on request: the last one stops working, the new one pairs', async () => {
    const host = await open(gw.url, { token: (await newUser(gw.url, 'Renewed')).token });
    const session = await ok(request<TSessionOpened>(host, 'session:create', {}));
    const renewed = await ok(request<TSessionCode>(host, 'session:new-code', { sessionId: session.sessionId }));
    expect(renewed.code).not.toBe(session.code);
    const phone = await open(gw.url, { role: 'camera' });
    expect(await errorCode(request(phone, 'session:join', { code: session.code }))).toBe(SOCKET_ERRORS.invalidCode);
    expect((await ok(request<TSessionJoined>(phone, 'session:join', { code: renewed.code }))).sessionId).toBe(session.sessionId);
    [host, phone].forEach((socket) => socket.close());
  });

  it("tells the cameras the host's perspective view, from the host only, and refuses a bad view", async () => {
    const { host, session, camera } = await pairedSession(gw.url, gw.url, 'Placer');
    const heard = collect<{ sessionId: string; view: string | null }>(camera, 'session:perspective');
    const stranger = await open(gw.url, { token: (await newUser(gw.url, 'Stranger')).token });
    expect(await errorCode(request(stranger, 'session:perspective', { sessionId: session.sessionId, view: 'front' }))).toBe(SOCKET_ERRORS.forbidden);
    expect(await errorCode(request(camera, 'session:perspective', { sessionId: session.sessionId, view: 'front' }))).toBe(
      SOCKET_ERRORS.unauthenticated,
    );
    expect(await errorCode(request(host, 'session:perspective', { sessionId: session.sessionId, view: 'above' }))).toBe(SOCKET_ERRORS.badPayload);
    expect(await errorCode(request(host, 'session:perspective', { sessionId: session.sessionId }))).toBe(SOCKET_ERRORS.badPayload);
    await ok(request(host, 'session:perspective', { sessionId: session.sessionId, view: 'side' }));
    await ok(request(host, 'session:perspective', { sessionId: session.sessionId, view: null }));
    // Each view went to the camera before the host's answer, so before this round trip's.
    await roundTrip(camera);
    expect(heard).toEqual([
      { sessionId: session.sessionId, view: 'side' },
      { sessionId: session.sessionId, view: null },
    ]);
    [host, camera, stranger].forEach((socket) => socket.close());
  });

  it('expires unused codes and rate-limits joins per address', async () => {
    const small = await startGateway({ TOKEN_SECRET, SESSION_CODE_TTL_SECONDS: '0.5', SESSION_JOIN_RATE_LIMIT: '3' });
    try {
      const user = await newUser(small.url, 'Limits');
      const host = await open(small.url, { token: user.token });
      const session = await ok(request<TSessionOpened>(host, 'session:create', {}));
      expect(session.codeExpiresAt - Date.now()).toBeLessThanOrEqual(500);
      await pause(700);
      const camera = await open(small.url, { role: 'camera' });
      expect(await errorCode(request(camera, 'session:join', { code: session.code }))).toBe(SOCKET_ERRORS.invalidCode);
      expect(await errorCode(request(camera, 'session:join', { code: '000000' }))).toBe(SOCKET_ERRORS.invalidCode);
      // The join token still works; then the address is out of attempts, even with a good token.
      await ok(request(camera, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }));
      const other = await open(small.url, { role: 'camera' });
      expect(await errorCode(request(other, 'session:join', { sessionId: session.sessionId, joinToken: session.joinToken }))).toBe(
        SOCKET_ERRORS.rateLimited,
      );
      [host, camera, other].forEach((socket) => socket.close());
    } finally {
      await small.close();
    }
  });

  it('ends a session at the end of its lifetime', async () => {
    const short = await startGateway({ TOKEN_SECRET, SESSION_LIFETIME_MINUTES: '0.05' });
    try {
      const { host, session, camera } = await pairedSession(short.url, short.url, 'Short');
      const atCamera = next(camera, 'session:ended', 10_000);
      const atHost = next(host, 'session:ended', 10_000);
      expect(await atCamera).toEqual({ sessionId: session.sessionId, reason: 'expired' });
      expect(await atHost).toEqual({ sessionId: session.sessionId, reason: 'expired' });
      [host, camera].forEach((socket) => socket.close());
    } finally {
      await short.close();
    }
  });
});
