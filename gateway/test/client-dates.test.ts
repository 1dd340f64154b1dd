/**
 * A time the client chose (a practice's startedAt) may run at most LIMITS.clientClockAheadMs
 * past the gateway's clock, as firestore.rules' isAppTimestamp allows in Firebase mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, LIMITS, type THistoryPage } from '@movelab/shared';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ SAVE_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

const FAR_FUTURE = '2099-01-01T00:00:00.000Z';
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
const session = (startedAt: string, id?: string) => ({ ...(id && { id }), kind: 'practice', startedAt, durationMs: 60_000, reps: 5 });
const completion = (startedAt: string) => ({ routineId: null, activityId: 'bodyweight-strength', startedAt, durationMs: 60_000, steps: [] });

/** What the user finds of their own results afterwards. */
async function stored(token: string) {
  const [sessions, completions, history] = await Promise.all([
    call<unknown[]>(gw.url, 'GET', '/api/user_stat_sessions', { token }),
    call<unknown[]>(gw.url, 'GET', '/api/routine_completion', { token }),
    call<THistoryPage>(gw.url, 'GET', '/api/history?limit=20', { token }),
  ]);
  return { sessions: sessions.body.length, completions: completions.body.length, history: history.body.items.length };
}

describe('dates the client sends', () => {
  it('refuses a practice session or routine completion started in 2099 and stores nothing', async () => {
    const user = await newUser(gw.url, 'Time Traveller');
    const refusals = await Promise.all([
      call(gw.url, 'POST', '/api/user_stat_sessions', { token: user.token, body: session(FAR_FUTURE) }),
      call(gw.url, 'POST', '/api/user_stat_sessions', { token: user.token, body: session('2099-01-01T10:00:00+14:00', 'future-session-0001') }),
      call(gw.url, 'POST', '/api/routine_completion', { token: user.token, body: completion(FAR_FUTURE) }),
    ]);
    for (const refused of refusals) {
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: APP_ERRORS.badRequest, message: expect.stringContaining('startedAt is in the future') });
    }
    expect(await stored(user.token)).toEqual({ sessions: 0, completions: 0, history: 0 });
  });

  it(`accepts a clock up to ${LIMITS.clientClockAheadMs / 60_000} minutes fast, not more; an old date is accepted as in Firebase mode`, async () => {
    const user = await newUser(gw.url, 'Fast Clock');
    const post = (path: string, body: unknown) => call(gw.url, 'POST', path, { token: user.token, body });
    const ahead = LIMITS.clientClockAheadMs;
    expect((await post('/api/user_stat_sessions', session(fromNow(ahead - 30_000)))).status).toBe(200);
    expect((await post('/api/routine_completion', completion(fromNow(ahead - 30_000)))).status).toBe(200);
    expect((await post('/api/user_stat_sessions', session(fromNow(ahead + 30_000)))).status).toBe(400);
    expect((await post('/api/routine_completion', completion(fromNow(ahead + 30_000)))).status).toBe(400);
    expect((await post('/api/user_stat_sessions', session('2001-01-01T00:00:00.000Z'))).status).toBe(200);
    expect(await stored(user.token)).toMatchObject({ sessions: 2, completions: 1 });
  });
});
