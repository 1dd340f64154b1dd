/**
 * One signed-in account cannot take the gateway for itself: its open sockets are capped per
 * gateway (SOCKETS_PER_USER) and the results it stores are rated per window and capped per day
 * (SAVE_RATE_LIMIT, SAVE_DAILY_LIMIT), every path that stores one; other accounts go on as usual.
 * The admin's latest analyses are read through an index, not by sorting every analysis.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_ERRORS, COLLECTIONS, LIMIT_MESSAGES, SOCKET_ERRORS } from '@movelab/shared';
import { openDatabase } from '../src/db/database.js';
import { DocumentStore, LATEST_IN_GROUP_SQL } from '../src/db/documents.js';
import { call, newUser, startGateway, type TGateway } from './helpers.js';
import { open, TOKEN_SECRET } from './live-sockets.js';
import { startRedis } from '@movelab/test-tools';

const started: TGateway[] = [];
const cleanups: (() => void)[] = [];
async function gateway(env: Record<string, string> = {}): Promise<TGateway> {
  const gw = await startGateway({ TOKEN_SECRET, ...env });
  started.push(gw);
  return gw;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((gw) => gw.close()));
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

type TRefusal = Error & { data?: { code: string; message: string } };

/** Opens `count` sockets at once: the connected ones and the refusals. */
async function openMany(url: string, token: string, count: number): Promise<{ sockets: Socket[]; refusals: TRefusal[] }> {
  const outcomes = await Promise.allSettled(Array.from({ length: count }, () => open(url, { token })));
  const sockets = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  cleanups.push(() => sockets.forEach((socket) => socket.close()));
  return { sockets, refusals: outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as TRefusal] : [])) };
}

let serial = 0;
const analysis = () => ({ id: `flood-${Date.now()}-${(serial += 1)}-abcdefgh`, score: 0.5, groupId: 'g', movementId: 'm', perspectiveId: 'p', repCount: 3 });
const startedAt = '2026-01-02T10:00:00.000Z';

async function saveAnalysis(gw: TGateway, user: { token: string; user: { uid: string } }, body: object = analysis()) {
  return call(gw.url, 'POST', `/api/users/${user.user.uid}/video_analysis`, { token: user.token, body });
}

async function storedAnalyses(gw: TGateway, user: { token: string; user: { uid: string } }): Promise<string[]> {
  const listed = await call<{ id: string }[]>(gw.url, 'GET', `/api/users/${user.user.uid}/video_analysis?limit=200`, { token: user.token });
  return listed.body.map((entry) => entry.id);
}

describe('open sockets per account', () => {
  it('with the default cap, one account flooding 30 sockets gets 20, the rest refused with a clear error; another account still connects', async () => {
    const gw = await gateway();
    const [flooder, other] = [await newUser(gw.url, 'Flooder'), await newUser(gw.url, 'Other')];
    const flood = await openMany(gw.url, flooder.token, 30);
    expect(flood.sockets).toHaveLength(20);
    expect(flood.refusals).toHaveLength(10);
    for (const refusal of flood.refusals) {
      expect(refusal.message).toBe(SOCKET_ERRORS.tooManyConnections);
      expect(refusal.data).toEqual({ code: SOCKET_ERRORS.tooManyConnections, message: LIMIT_MESSAGES.tooManySockets(20) });
    }
    const others = await openMany(gw.url, other.token, 3);
    expect(others.sockets).toHaveLength(3);
  });

  it('SOCKETS_PER_USER sets the cap, and a closed socket gives its slot back', async () => {
    const gw = await gateway({ SOCKETS_PER_USER: '2' });
    const user = await newUser(gw.url, 'Two');
    const { sockets } = await openMany(gw.url, user.token, 2);
    await expect(open(gw.url, { token: user.token })).rejects.toThrow(SOCKET_ERRORS.tooManyConnections);

    sockets[0]!.close();
    const serverSide = gw.app.io.of('/').sockets;
    // Bounded wait for the gateway to see the close.
    for (let i = 0; i < 100 && serverSide.size > 1; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await open(gw.url, { token: user.token });
    cleanups.push(() => again.close());
    expect(again.connected).toBe(true);
  });
});

describe('stored results per account', () => {
  it('one account flooding analysis saves gets 429 after the rate, nothing stored beyond it; another account still saves', async () => {
    const gw = await gateway({ SAVE_RATE_LIMIT: '5' });
    const [flooder, other] = [await newUser(gw.url, 'Flooder'), await newUser(gw.url, 'Other')];
    const answers = await Promise.all(Array.from({ length: 12 }, () => saveAnalysis(gw, flooder)));
    const saved = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(saved).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(answer.body.error.code).toBe(APP_ERRORS.rateLimited);
      const { retryAfterSeconds } = answer.body.error.details as { retryAfterSeconds: number };
      expect(retryAfterSeconds).toBeGreaterThan(0);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(answer.body.error.message).toBe(LIMIT_MESSAGES.tooManySaves(retryAfterSeconds));
      expect(answer.headers.get('retry-after')).toBe(String(retryAfterSeconds));
    }
    expect((await storedAnalyses(gw, flooder)).sort()).toEqual(saved.map((answer) => answer.body.id).sort());

    // A practice is stored the same way, so it is refused too and leaves nothing behind.
    const completion = await call(gw.url, 'POST', '/api/routine_completion', {
      token: flooder.token,
      body: { routineId: null, activityId: 'a', startedAt, durationMs: 1000, steps: [] },
    });
    expect(completion.status).toBe(429);
    const session = await call(gw.url, 'POST', '/api/user_stat_sessions', {
      token: flooder.token,
      body: { kind: 'practice', startedAt, durationMs: 1000, reps: 1 },
    });
    expect(session.status).toBe(429);
    expect((await call(gw.url, 'GET', '/api/routine_completion', { token: flooder.token })).body).toEqual([]);
    expect((await call(gw.url, 'GET', '/api/user_stat_sessions', { token: flooder.token })).body).toEqual([]);

    // A result already stored, sent again (an outbox replay), still answers it.
    const replay = await saveAnalysis(gw, flooder, { ...analysis(), id: saved[0]!.body.id });
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(saved[0]!.body.id);

    const otherSave = await saveAnalysis(gw, other);
    expect(otherSave.status).toBe(200);
    expect(await storedAnalyses(gw, other)).toEqual([otherSave.body.id]);
  });

  it('routine completions and stat sessions share the budget: a flood of either is refused past it', async () => {
    const gw = await gateway({ SAVE_RATE_LIMIT: '4' });
    const user = await newUser(gw.url, 'Practice');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => [
        call(gw.url, 'POST', '/api/routine_completion', {
          token: user.token,
          body: { routineId: null, activityId: `a${index}`, startedAt, durationMs: 1000, steps: [] },
        }),
        call(gw.url, 'POST', '/api/user_stat_sessions', { token: user.token, body: { kind: 'movescore', startedAt, durationMs: 1000, reps: index } }),
      ]).flat(),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    const completions = (await call<unknown[]>(gw.url, 'GET', '/api/routine_completion', { token: user.token })).body;
    const sessions = (await call<unknown[]>(gw.url, 'GET', '/api/user_stat_sessions', { token: user.token })).body;
    expect(completions.length + sessions.length).toBe(4);
  });

  it('SAVE_DAILY_LIMIT caps a day even when each window allows more', async () => {
    const gw = await gateway({ SAVE_RATE_LIMIT: '100', SAVE_DAILY_LIMIT: '3' });
    const user = await newUser(gw.url, 'Daily');
    for (let i = 0; i < 3; i += 1) expect((await saveAnalysis(gw, user)).status).toBe(200);
    const refused = await saveAnalysis(gw, user);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe(APP_ERRORS.rateLimited);
    expect((refused.body.error.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3600);
    expect(refused.body.error.message).toMatch(/: try again in about \d+ h$/);
    expect(await storedAnalyses(gw, user)).toHaveLength(3);
  });

  it('two gateways on one Redis share an account’s budget', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.process.kill());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-limits-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { REDIS_URL: redis.url, SAVE_RATE_LIMIT: '3', DATA_DIR: dataDir };
    const a = await gateway(env);
    const b = await gateway(env);
    const user = await newUser(a.url, 'Shared');
    expect((await saveAnalysis(a, user)).status).toBe(200);
    expect((await saveAnalysis(b, user)).status).toBe(200);
    expect((await saveAnalysis(a, user)).status).toBe(200);
    expect((await saveAnalysis(b, user)).status).toBe(429);
    expect(await storedAnalyses(a, user)).toHaveLength(3);
  });
});

describe("the admin's latest analyses", () => {
  it('are read through the documents_group_created index, newest first, without sorting every analysis', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-plan-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = openDatabase(dataDir);
    cleanups.unshift(() => db.close());
    const docs = new DocumentStore(db);
    for (let i = 0; i < 30; i += 1) {
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      docs.put(COLLECTIONS.videoAnalysis, { id: `a${String(i).padStart(2, '0')}`, createdAt }, `${COLLECTIONS.users}/user${i % 3}`);
    }
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${LATEST_IN_GROUP_SQL}`).all(COLLECTIONS.videoAnalysis, 10) as { detail: string }[]).map(
      (row) => row.detail,
    );
    expect(plan).toEqual([expect.stringContaining('USING INDEX documents_group_created')]);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);

    const latest = docs.latestInGroup<{ id: string }>(COLLECTIONS.videoAnalysis, 3);
    expect(latest.map(({ parentPath, document }) => [parentPath, document.id])).toEqual([
      ['users/user2', 'a29'],
      ['users/user1', 'a28'],
      ['users/user0', 'a27'],
    ]);
  });
});
