import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, compareHistoryItems, type THistoryItem, type THistoryPage } from '@movelab/shared';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
let alice: Awaited<ReturnType<typeof newUser>>;
let bob: Awaited<ReturnType<typeof newUser>>;

const analysis = (groupId: string, movementId: string, score: number) => ({
  score,
  groupId,
  movementId,
  perspectiveId: 'front',
  repCount: 2,
  reps: [
    { score, rangeRatio: 0.8, depthDeg: 90 },
    { score, rangeRatio: 1, depthDeg: 80 },
  ],
});
const session = (kind: 'practice' | 'movescore', reps: number) => ({ kind, startedAt: new Date().toISOString(), durationMs: 60_000, reps });

async function post(user: typeof alice, path: string, body: unknown) {
  const created = await call(gw.url, 'POST', path, { token: user.token, body });
  if (created.status !== 200) throw new Error(`seeding failed: ${JSON.stringify(created.body)}`);
}

const history = (user: typeof alice, query: Record<string, string | number>) =>
  call<THistoryPage>(gw.url, 'GET', `/api/history?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, {
    token: user.token,
  });

/** Every item of a query, following nextCursor page by page. */
async function allPages(user: typeof alice, query: Record<string, string | number>): Promise<{ items: THistoryItem[]; pages: number }> {
  const items: THistoryItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await history(user, cursor ? { ...query, cursor } : query);
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { items, pages };
}

beforeAll(async () => {
  gw = await startGateway();
  alice = await newUser(gw.url, 'Alice');
  bob = await newUser(gw.url, 'Bob');
  // Posted back to back, several land on the same millisecond: the id breaks those ties.
  for (const score of [0.5, 0.6, 0.7]) await post(alice, `/api/users/${alice.user.uid}/video_analysis`, analysis('squats', 'air-squat', score));
  for (const score of [0.8, 0.9]) await post(alice, `/api/users/${alice.user.uid}/video_analysis`, analysis('lunges', 'forward', score));
  for (const reps of [10, 12, 14]) await post(alice, '/api/user_stat_sessions', session('practice', reps));
  // The stat session written beside each analysis is the analysis itself: not listed twice.
  await post(alice, '/api/user_stat_sessions', session('movescore', 2));
  await post(bob, `/api/users/${bob.user.uid}/video_analysis`, analysis('squats', 'air-squat', 0.3));
  await post(bob, '/api/user_stat_sessions', session('practice', 7));
});
afterAll(() => gw.close());

describe('GET /api/history', () => {
  it('pages through every analysis and practice session once, newest first', async () => {
    const { items, pages } = await allPages(alice, { limit: 3 });
    expect(pages).toBe(3);
    expect(items).toHaveLength(8);
    expect(new Set(items.map((item) => item.id)).size).toBe(8);
    expect([...items].sort(compareHistoryItems)).toEqual(items);
    expect(items.filter((item) => item.kind === 'analysis')).toHaveLength(5);
    expect(
      items
        .filter((item) => item.kind === 'practice')
        .map((item) => item.reps)
        .sort(),
    ).toEqual([10, 12, 14]);
    const squat = items.find((item) => item.kind === 'analysis' && item.groupId === 'squats');
    expect(squat).toMatchObject({ reps: 2, rangeOfMotion: 0.9, depthDeg: 85, movementId: 'air-squat' });
  });

  it('answers one page with no next cursor when everything fits', async () => {
    const page = await history(alice, { limit: 20 });
    expect(page.body.items).toHaveLength(8);
    expect(page.body.nextCursor).toBeNull();
  });

  it('filters by group and movement (analyses only) and by kind', async () => {
    const lunges = await allPages(alice, { groupId: 'lunges', limit: 1 });
    expect(lunges.items.map((item) => item.score).sort()).toEqual([0.8, 0.9]);
    const squats = await history(alice, { groupId: 'squats', movementId: 'air-squat' });
    expect(squats.body.items.map((item) => item.score).sort()).toEqual([0.5, 0.6, 0.7]);
    expect((await history(alice, { groupId: 'squats', movementId: 'forward' })).body.items).toEqual([]);
    const practice = await allPages(alice, { kind: 'practice', limit: 2 });
    expect(practice.items.map((item) => item.kind)).toEqual(['practice', 'practice', 'practice']);
    const analyses = await history(alice, { kind: 'analysis' });
    expect(analyses.body.items.every((item) => item.kind === 'analysis')).toBe(true);
    expect(analyses.body.items).toHaveLength(5);
  });

  it("gives another user's token only that user's own sessions", async () => {
    const page = await history(bob, { limit: 50 });
    expect(page.status).toBe(200);
    expect(page.body.items.map((item) => [item.kind, item.score ?? item.reps])).toEqual(
      expect.arrayContaining([
        ['analysis', 0.3],
        ['practice', 7],
      ]),
    );
    expect(page.body.items).toHaveLength(2);
    // Alice's cursor walks Bob's history, never Alice's: the owner is the token's.
    const aliceFirst = await history(alice, { limit: 1 });
    const withAliceCursor = await history(bob, { cursor: aliceFirst.body.nextCursor!, limit: 50 });
    expect(withAliceCursor.status).toBe(200);
    const aliceIds = new Set((await history(alice, { limit: 50 })).body.items.map((item) => item.id));
    expect(withAliceCursor.body.items.some((item) => aliceIds.has(item.id))).toBe(false);
  });

  it('refuses bad cursors, limits and parameters with 400, and no token with 401', async () => {
    const cases: Record<string, string | number>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: '0041' },
      { cursor: 'f'.repeat(2000) },
      { limit: 0 },
      { limit: 201 },
      { limit: 'ten' },
      { kind: 'everything' },
      { uid: bob.user.uid },
    ];
    for (const query of cases) {
      const refused = await history(alice, query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: APP_ERRORS.badRequest } });
    }
    const anonymous = await call(gw.url, 'GET', '/api/history');
    expect(anonymous.status).toBe(401);
    // Still up and nothing lost.
    expect((await history(alice, { limit: 50 })).body.items).toHaveLength(8);
  });
});
