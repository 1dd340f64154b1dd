/**
 * A practice done together (Practise together) keeps who else was in it with the member's own
 * stat session: the gateway stores the `together` record and returns it in the session list, the
 * history page and the history item; a record outside shared ZTogetherRecord is refused, saving nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, type THistoryDetails, type THistoryPage } from '@movelab/shared';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ SAVE_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

const together = {
  groupId: 'grp-123',
  people: [
    { uid: 'ann-uid', name: 'Ann' },
    { uid: 'bo-uid', name: 'Bo' },
  ],
};
const session = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'practice',
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  durationMs: 60_000,
  reps: 12,
  ...extra,
});
const people = (count: number) => Array.from({ length: count }, (_, i) => ({ uid: `friend-${i}`, name: `Friend ${i}` }));

describe('a practice done together', () => {
  it('comes back with who else practised: in the sessions, the history page and the history item', async () => {
    const user = await newUser(gw.url, 'Together Saver');
    const saved = await call(gw.url, 'POST', '/api/user_stat_sessions', { token: user.token, body: session('with-friends-session', { together }) });
    expect(saved.status).toBe(200);
    expect(saved.body.together).toEqual(together);
    expect((await call(gw.url, 'POST', '/api/user_stat_sessions', { token: user.token, body: session('practised-alone-session') })).status).toBe(200);

    const sessions = await call<{ id: string; together?: unknown }[]>(gw.url, 'GET', '/api/user_stat_sessions', { token: user.token });
    expect(Object.fromEntries(sessions.body.map((s) => [s.id, s.together]))).toEqual({
      'with-friends-session': together,
      'practised-alone-session': undefined,
    });

    const page = await call<THistoryPage>(gw.url, 'GET', '/api/history?kind=practice', { token: user.token });
    expect(page.body.items.find((item) => item.id === 'with-friends-session')?.together).toEqual(together);
    expect(page.body.items.find((item) => item.id === 'practised-alone-session')).not.toHaveProperty('together');

    const details = await call<THistoryDetails>(gw.url, 'GET', '/api/history/practice/with-friends-session', { token: user.token });
    expect(details.body.item.together).toEqual(together);
  });

  it.each([
    ['8 other people', { ...together, people: people(8) }, 'people'],
    ['an extra key on the record', { ...together, room: 'A' }, 'room'],
    ['an extra key on a person', { ...together, people: [{ uid: 'ann-uid', name: 'Ann', email: 'ann@x.test' }] }, 'email'],
    ['a name over 100 characters', { ...together, people: [{ uid: 'ann-uid', name: 'A'.repeat(101) }] }, 'name'],
    ['a group id over 128 characters', { ...together, groupId: 'g'.repeat(129) }, 'groupId'],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_case, bad, field) => {
    const user = await newUser(gw.url, 'Bad Together');
    const refused = await call(gw.url, 'POST', '/api/user_stat_sessions', {
      token: user.token,
      body: session('bad-together-1-session', { together: bad }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: APP_ERRORS.badRequest, message: expect.stringContaining(field) });
    expect((await call<unknown[]>(gw.url, 'GET', '/api/user_stat_sessions', { token: user.token })).body).toEqual([]);
    expect((await call<THistoryPage>(gw.url, 'GET', '/api/history', { token: user.token })).body.items).toEqual([]);
  });
});
