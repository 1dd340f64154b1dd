import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_ERRORS, type TSessionCode, type TSessionJoined, type TSessionOpened } from '@movelab/shared';
import { adapterClient } from '../src/realtime/adapter-client.js';
import { newRedisClient } from '../src/realtime/redis-registry.js';
import { capturedLogger, newUser, startGateway, type TGateway } from './helpers.js';
import { cameraFrom, collect, errorCode, guessUntilRefused, next, ok, open, request, TOKEN_SECRET, wrongCodes } from './live-sockets.js';
import { startRedis } from '@movelab/test-tools';

/** Wrong codes one address may type per window, on both gateways together. */
const WRONG_CODES = 4;
let redis: Awaited<ReturnType<typeof startRedis>>;
let a: TGateway;
let b: TGateway;
// One data folder for both, as several gateways would share one user store (Firestore in production).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-redis-'));
beforeAll(async () => {
  redis = await startRedis();
  const env = {
    TOKEN_SECRET,
    REDIS_URL: redis.url,
    SESSION_HOST_GRACE_SECONDS: '3',
    TRUST_PROXY: '1',
    SESSION_CODE_FAILURE_LIMIT: String(WRONG_CODES),
    DATA_DIR: dataDir,
  };
  a = await startGateway(env);
  b = await startGateway(env);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  redis?.process.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('two gateways sharing Redis', () => {
  it('pairs a camera on B with a host on A by code and relays signals both ways', async () => {
    const user = await newUser(a.url, 'Spread');
    const host = await open(a.url, { token: user.token });
    const session = await ok(request<TSessionOpened>(host, 'session:create', {}));
    const camera = await open(b.url, { role: 'camera' });
    const joinedNotice = next(host, 'session:camera-joined');
    const joined = await ok(request<TSessionJoined>(camera, 'session:join', { code: session.code }));
    expect(joined).toMatchObject({ sessionId: session.sessionId, hostName: 'Spread' });
    expect(await joinedNotice).toEqual({ sessionId: session.sessionId, cameraId: joined.cameraId });

    // The code is single use across gateways too.
    const second = await open(a.url, { role: 'camera' });
    expect(await errorCode(request(second, 'session:join', { code: session.code }))).toBe(SOCKET_ERRORS.invalidCode);

    const offer = { type: 'offer', sdp: 'from B' };
    const atHost = next(host, 'signal:receive');
    await ok(request(camera, 'signal:send', { sessionId: session.sessionId, to: 'host', data: offer }));
    expect(await atHost).toEqual({ sessionId: session.sessionId, from: joined.cameraId, data: offer });
    const answer = { type: 'answer', sdp: 'from A' };
    const atCamera = next(camera, 'signal:receive');
    await ok(request(host, 'signal:send', { sessionId: session.sessionId, to: joined.cameraId, data: answer }));
    expect(await atCamera).toEqual({ sessionId: session.sessionId, from: 'host', data: answer });

    // A desktop reload lands on B: same session, the camera is told to reconnect.
    const returned = next(camera, 'session:host-returned');
    host.close();
    const reloaded = await open(b.url, { token: user.token });
    const resumed = await ok(request<TSessionOpened>(reloaded, 'session:resume', { sessionId: session.sessionId }));
    expect(resumed.cameras).toEqual([joined.cameraId]);
    await returned;

    const ended = next(camera, 'session:ended');
    await ok(request(reloaded, 'session:leave', { sessionId: session.sessionId }));
    expect(await ended).toEqual({ sessionId: session.sessionId, reason: 'closed' });
    [reloaded, camera, second].forEach((socket) => socket.close());
  });

  it("counts a stranger's wrong codes on both gateways against the stranger alone: refused after the allowance, the host's code still pairs", async () => {
    const user = await newUser(a.url, 'Guessed');
    const host = await open(a.url, { token: user.token });
    const session = await ok(request<TSessionOpened>(host, 'session:create', {}));
    const codeEnded = collect(host, 'session:code-ended');
    // One address, a socket on each gateway, its guesses taking turns: the allowance is counted once, in Redis.
    const guessers = [await cameraFrom(a.url, '203.0.113.9'), await cameraFrom(b.url, '203.0.113.9')];
    const { wrong, answer } = await guessUntilRefused(guessers, wrongCodes(2 * WRONG_CODES + 4, session.code));

    const phone = await cameraFrom(b.url, '198.51.100.22');
    const joinedNotice = next(host, 'session:camera-joined');
    expect((await ok(request<TSessionJoined>(phone, 'session:join', { code: session.code }))).sessionId).toBe(session.sessionId);
    await joinedNotice;
    expect(codeEnded).toEqual([]);
    expect(wrong).toBe(WRONG_CODES);
    expect(answer).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.tooManyWrongCodes, retryAfterSeconds: expect.any(Number) } });

    // The used code is gone; only the host may ask for another, which pairs a second phone.
    const stranger = await open(b.url, { token: (await newUser(b.url, 'Stranger')).token });
    expect(await errorCode(request(stranger, 'session:new-code', { sessionId: session.sessionId }))).toBe(SOCKET_ERRORS.forbidden);
    const renewed = await ok(request<TSessionCode>(host, 'session:new-code', { sessionId: session.sessionId }));
    expect(renewed.code).toMatch(/^\d{6}$/);
    expect(renewed.codeExpiresAt).toBeGreaterThan(Date.now());
    const second = await cameraFrom(a.url, '198.51.100.23');
    expect((await ok(request<TSessionJoined>(second, 'session:join', { code: renewed.code }))).sessionId).toBe(session.sessionId);
    [host, phone, second, stranger, ...guessers].forEach((socket) => socket.close());
  });

  it('a PUBLISH the Socket.IO adapter sends as its gateway closes Redis fails quietly: logged, not an unhandled rejection', async () => {
    // The adapter drops the promise of its fire-and-forget PUBLISH (a fetchSockets request); one
    // sent just after the gateway closed its connection (a presence update or a host's grace check
    // still running) rejects: a full unit run with two workers failed on that rejection.
    const { logs, logger } = capturedLogger();
    const client = newRedisClient(redis.url);
    await client.connect();
    const seen = adapterClient(client, logger);
    await client.close();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      void seen.publish('movelab:test', 'late');
      // The failure is logged once it is handled: a rejection left unhandled is reported by then.
      await expect.poll(() => logs).toContainEqual(expect.objectContaining({ msg: 'redis publish failed' }));
      expect(unhandled).toEqual([]);
      // Whoever awaits the PUBLISH still learns that it failed.
      await expect(seen.publish('movelab:test', 'late')).rejects.toThrow('The client is closed');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
