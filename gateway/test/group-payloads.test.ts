/** "Practise together": oversized and hostile payloads on every group event, each refused clearly and changing nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_ERRORS, type TGroupBoard } from '@movelab/shared';
import { startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, createGroup, joinByCode, member, startGroup } from './group-sockets.js';
import { ok, request, TOKEN_SECRET } from './live-sockets.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, ...CATALOGUE, SESSION_JOIN_RATE_LIMIT: '1000', GROUP_COUNTDOWN_SECONDS: '0.2' });
});
afterAll(() => gw.close());

/** `levels` objects, each inside the next. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { end: true };
  for (let level = 0; level < levels; level += 1) value = { inner: value };
  return value;
}

describe('practise together: hostile payloads', () => {
  it('answers each bad payload with a clear error and leaves the board as it was', async () => {
    const [host, ben] = await Promise.all([member(gw.url, 'Host'), member(gw.url, 'Ben')]);
    const opened = await createGroup(host);
    const { groupId } = opened;
    await joinByCode(ben, opened.code);
    await startGroup(host, [host, ben], groupId);
    await ok(request(ben.socket, 'group:count', { groupId, reps: 2, score: 0.5, status: 'active' }));
    const before = await ok(request<TGroupBoard>(host.socket, 'group:rejoin', { groupId }));

    const count = { groupId, reps: 3, score: 0.5, status: 'active' };
    const bad: [string, unknown][] = [
      ['group:count', { ...count, reps: -1 }],
      ['group:count', { ...count, reps: 2.5 }],
      ['group:count', { ...count, reps: 1e9 }],
      ['group:count', { ...count, score: 1.5 }],
      ['group:count', { ...count, score: '0.5' }],
      ['group:count', { ...count, status: 'asleep' }],
      ['group:count', { ...count, groupId: 'short' }],
      ['group:count', { ...count, groupId: 'x'.repeat(129) }],
      // Large, but under the frame limit (a frame past LIMITS.socketMessageBytes closes the connection in engine.io).
      ['group:count', { ...count, groupId: 'x'.repeat(100 * 1024) }],
      ['group:count', { ...count, uid: host.uid }],
      ['group:count', JSON.parse(`{"groupId":"${groupId}","reps":3,"score":0.5,"status":"active","__proto__":{"reps":99}}`)],
      ['group:count', null],
      ['group:count', 'reps=99'],
      ['group:count', [count]],
      ['group:move', { groupId, to: 'finish' }],
      ['group:ready', { groupId, ready: 'yes' }],
      ['group:create', { plan: { routineId: 'r', stepCount: 0 } }],
      ['group:create', { plan: { routineId: 'r', stepCount: 2, movementId: 'm' } }],
      ['group:create', { plan: { movementId: 'm'.repeat(200) } }],
      ['group:join', { code: '12345' }],
      ['group:join', { code: '123456', role: 'admin' }],
      ['group:join', { groupId, joinToken: 'short' }],
    ];
    for (const [event, payload] of bad) {
      const answer = await request(ben.socket, event, payload);
      expect(answer, `${event} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.badPayload, message: expect.any(String) } });
      expect(!answer.ok && answer.error.message.length).toBeGreaterThan(0);
    }
    // Nested past the bound, the payload is refused before any schema (or the logger) reads it.
    const deep = await request(ben.socket, 'group:count', { ...count, deep: nested(40) });
    expect(deep).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.payloadTooLarge, message: expect.stringContaining('nested') } });

    const after = await ok(request<TGroupBoard>(host.socket, 'group:rejoin', { groupId }));
    expect({ ...after, now: 0 }).toEqual({ ...before, now: 0 });
    expect(ben.socket.connected).toBe(true);
    [host, ben].forEach((one) => one.socket.close());
  });
});
