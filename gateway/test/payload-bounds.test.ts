import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, LIMITS, SOCKET_ERRORS, type TAckResult } from '@movelab/shared';
import { call, newUser, startGateway, type TGateway } from './helpers.js';
import { errorCode, next, ok, open, pairedSession, request, TOKEN_SECRET } from './live-sockets.js';

/** `[[[…[value]…]]]` as JSON text, `depth` arrays deep: the test process's own JSON.stringify would overflow. */
const nested = (depth: number, value = '1') => `${'['.repeat(depth)}${value}${']'.repeat(depth)}`;

let rawAckId = 1000;
/**
 * Sends an event as a hand-written Socket.IO frame, as an attacker's client would, and resolves
 * with its acknowledgement (read from the raw engine messages).
 */
function sendRaw(socket: Socket, event: string, payloadJson: string): Promise<TAckResult<unknown>> {
  rawAckId += 1;
  const id = String(rawAckId);
  return new Promise((resolve, reject) => {
    const engine = socket.io.engine;
    const timer = setTimeout(() => reject(new Error(`no ack for ${event}`)), 5000);
    const onMessage = (data: unknown) => {
      if (typeof data !== 'string' || !data.startsWith(`3${id}[`)) return;
      clearTimeout(timer);
      engine.off('message', onMessage);
      resolve((JSON.parse(data.slice(1 + id.length)) as [TAckResult<unknown>])[0]);
    };
    engine.on('message', onMessage);
    engine.send(`2${id}[${JSON.stringify(event)},${payloadJson}]`);
  });
}

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, SESSION_JOIN_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

async function isHealthy(): Promise<boolean> {
  const health = await call(gw.url, 'GET', '/healthz');
  return health.status === 200;
}

describe('socket payload bounds', () => {
  it('refuses a signal nested 5,000 deep from a tokenless camera and stays up', async () => {
    const attacker = await open(gw.url, { role: 'camera' });
    const answer = await sendRaw(attacker, 'signal:send', `{"sessionId":"${'a'.repeat(22)}","to":"host","data":{"x":${nested(5000)}}}`);
    expect(answer).toEqual({
      ok: false,
      error: {
        code: SOCKET_ERRORS.payloadTooLarge,
        message: expect.stringContaining('nested'),
      },
    });
    // Every event is bounded, not only signals; the same connection still gets answers.
    expect(await errorCode(sendRaw(attacker, 'session:join', nested(200, '{"code":"123456"}')))).toBe(SOCKET_ERRORS.payloadTooLarge);
    expect(await errorCode(sendRaw(attacker, 'auth:refresh', `{"token":${nested(5000, '"x"')}}`))).toBe(SOCKET_ERRORS.payloadTooLarge);
    expect(await errorCode(request(attacker, 'session:join', { code: '12a456' }))).toBe(SOCKET_ERRORS.badPayload);
    attacker.close();

    expect(await isHealthy()).toBe(true);
    expect(gw.logs.some((line) => line.msg === 'socket payload refused' && line.level === 40)).toBe(true);
    // Another pair still signals normally.
    const { host, camera, session } = await pairedSession(gw.url);
    const received = next<{ data: unknown }>(host, 'signal:receive');
    await ok(
      request(camera, 'signal:send', {
        sessionId: session.sessionId,
        to: 'host',
        data: { type: 'offer', sdp: 'v=0' },
      }),
    );
    expect((await received).data).toEqual({ type: 'offer', sdp: 'v=0' });
    host.close();
    camera.close();
  });

  it('refuses a signal whose data is nested past the limit but small, and one too large', async () => {
    const { host, camera, session } = await pairedSession(gw.url);
    const deep = await sendRaw(camera, 'signal:send', `{"sessionId":"${session.sessionId}","to":"host","data":{"x":${nested(LIMITS.jsonDepthMax)}}}`);
    expect(deep.ok).toBe(false);
    const large = await request(camera, 'signal:send', {
      sessionId: session.sessionId,
      to: 'host',
      data: { sdp: 'x'.repeat(LIMITS.signalDataBytes + 1) },
    });
    expect(large.ok).toBe(false);
    // Past Socket.IO's message limit the connection itself is closed, not the server.
    const closed = next<string>(camera, 'disconnect');
    camera.emit('signal:send', {
      sessionId: session.sessionId,
      to: 'host',
      data: { sdp: 'x'.repeat(LIMITS.socketMessageBytes + 1) },
    });
    expect(await closed).toBe('transport close');
    expect(await isHealthy()).toBe(true);
    host.close();
  });
});

describe('REST body bounds', () => {
  it('answers 400 app/payload-too-deep to a body nested 5,000 deep, stores nothing and stays up', async () => {
    const user = await newUser(gw.url, 'Deep');
    const before = await call(gw.url, 'GET', `/api/users/${user.user.uid}`, {
      token: user.token,
    });
    const deep = await call(gw.url, 'PUT', `/api/users/${user.user.uid}`, {
      token: user.token,
      body: `{"displayName":"Changed","email":"${user.email}","extra":${nested(5000)}}`,
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({
      error: { code: APP_ERRORS.payloadTooDeep, message: expect.any(String) },
    });
    const signIn = await call(gw.url, 'POST', '/api/auth/sign-in', {
      body: `{"email":${nested(5000, '"a@b.c"')},"password":"x"}`,
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.code).toBe(APP_ERRORS.payloadTooDeep);

    expect(await isHealthy()).toBe(true);
    const after = await call(gw.url, 'GET', `/api/users/${user.user.uid}`, {
      token: user.token,
    });
    expect(after.body).toEqual(before.body);
  });
});
