/**
 * Creates that a device may send again (an offline outbox replayed after a lost answer): an
 * analysis, a routine completion and a stat session created with the client's id are stored
 * once however often they are sent; another user cannot take or read one through its id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;

beforeAll(async () => {
  gw = await startGateway();
});

afterAll(async () => {
  await gw.close();
});

const clientId = (label: string) => `${label}-${Date.now()}-abcdefghijkl`;
const startedAt = '2026-01-02T10:00:00.000Z';

describe('create with a client id', () => {
  it('stores a video analysis once when the same create is sent three times', async () => {
    const user = await newUser(gw.url, 'Repeat');
    const id = clientId('analysis');
    const body = { id, score: 0.8, groupId: 'squat', movementId: 'bodyweight-squat', perspectiveId: 'front', repCount: 3 };
    const path = `/api/users/${user.user.uid}/video_analysis`;
    const answers = await Promise.all([1, 2, 3].map(() => call(gw.url, 'POST', path, { token: user.token, body })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id, score: 0.8, repCount: 3 });
    }
    expect(new Set(answers.map((answer) => answer.body.createdAt)).size).toBe(1);
    const listed = await call<{ id: string }[]>(gw.url, 'GET', path, { token: user.token });
    expect(listed.body.map((analysis) => analysis.id)).toEqual([id]);
  });

  it('stores a routine completion and a stat session once each', async () => {
    const user = await newUser(gw.url, 'Practice');
    const completion = { id: clientId('completion'), routineId: null, activityId: 'bodyweight-strength', startedAt, durationMs: 60_000, steps: [] };
    const session = { id: clientId('session'), kind: 'practice', activityId: 'bodyweight-strength', startedAt, durationMs: 60_000, reps: 12 };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const saved = await call(gw.url, 'POST', '/api/routine_completion', { token: user.token, body: completion });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ id: completion.id, userId: user.user.uid });
      const stat = await call(gw.url, 'POST', '/api/user_stat_sessions', { token: user.token, body: session });
      expect(stat.status).toBe(200);
      expect(stat.body).toMatchObject({ id: session.id, userId: user.user.uid, reps: 12 });
    }
    const completions = await call<{ id: string }[]>(gw.url, 'GET', '/api/routine_completion', { token: user.token });
    expect(completions.body.map((entry) => entry.id)).toEqual([completion.id]);
    const sessions = await call<{ id: string }[]>(gw.url, 'GET', '/api/user_stat_sessions', { token: user.token });
    expect(sessions.body.map((entry) => entry.id)).toEqual([session.id]);
  });

  it("refuses another user's id with 409, without showing or changing the stored document", async () => {
    const owner = await newUser(gw.url, 'Owner');
    const other = await newUser(gw.url, 'Other');
    const session = { id: clientId('taken'), kind: 'movescore', startedAt, durationMs: 1000, reps: 2, score: 0.5 };
    expect((await call(gw.url, 'POST', '/api/user_stat_sessions', { token: owner.token, body: session })).status).toBe(200);

    const stolen = await call(gw.url, 'POST', '/api/user_stat_sessions', { token: other.token, body: { ...session, reps: 99 } });
    expect(stolen.status).toBe(409);
    expect(stolen.body).toEqual({ error: { code: 'app/conflict', message: expect.stringContaining('already taken') } });
    expect(JSON.stringify(stolen.body)).not.toContain(owner.user.uid);

    const ownerSessions = await call<{ id: string; reps: number }[]>(gw.url, 'GET', '/api/user_stat_sessions', { token: owner.token });
    expect(ownerSessions.body).toEqual([expect.objectContaining({ id: session.id, reps: 2 })]);
    const otherSessions = await call<unknown[]>(gw.url, 'GET', '/api/user_stat_sessions', { token: other.token });
    expect(otherSessions.body).toEqual([]);
  });

  it('refuses a malformed client id with 400 and stores nothing', async () => {
    const user = await newUser(gw.url, 'Malformed');
    const path = `/api/users/${user.user.uid}/video_analysis`;
    for (const id of ['short', '../../users/x-abcdefghijklmnop', 'a'.repeat(65)]) {
      const answer = await call(gw.url, 'POST', path, {
        token: user.token,
        body: { id, score: 0.5, groupId: 'g', movementId: 'm', perspectiveId: 'p' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('app/bad-request');
    }
    expect((await call<unknown[]>(gw.url, 'GET', path, { token: user.token })).body).toEqual([]);
  });
});
