/**
 * firestore.rules on what users save, against the real rules engine (the Cloud Firestore
 * emulator): video analyses, routine completions and stat sessions are their owner's, hold what
 * the app's schema accepts within its caps, and only their owner deletes them.
 */
import { expect, test } from '@playwright/test';
import { LIMITS, ZTakeSource } from '@movelab/shared';
import { OWNER, alice, analysis, bob, rulesDatabase, statSession } from './rules-database.js';

const db = rulesDatabase();

test('video analyses: own, score within 0..1, with createdAt, append-only', async () => {
  expect(await db.create('users/alice/video_analysis/a1', analysis, alice)).toBe(200);
  expect(await db.create('users/alice/video_analysis/a2', { ...analysis, score: 1.5 }, alice)).toBe(403);
  expect(await db.create('users/alice/video_analysis/a3', { ...analysis, createdAt: 12 }, alice)).toBe(403);
  expect(await db.create('users/bob/video_analysis/a4', analysis, alice)).toBe(403);
  expect(await db.read('users/alice/video_analysis/a1', alice)).toBe(200);
  expect(await db.read('users/alice/video_analysis/a1', bob)).toBe(403);
  expect(await db.update('users/alice/video_analysis/a1', { score: 1 }, alice)).toBe(403);
});

test("a video analysis whose form was not judged: score null with its count and feedback, never a bad score or its reps' scores", async () => {
  const feedback = ['Form not judged: your knees and ankles were out of the picture in every rep'];
  const notJudged = { ...analysis, score: null, repCount: 4, feedback };
  expect(await db.create('users/alice/video_analysis/nj1', notJudged, alice)).toBe(200);
  expect(await db.read('users/alice/video_analysis/nj1', alice)).toBe(200);
  expect(await db.create('users/alice/video_analysis/nj2', { ...notJudged, reps: [{ score: 0.5 }] }, alice)).toBe(403);
  const { score: _score, ...withoutScore } = analysis;
  for (const [index, bad] of [{ score: 1.5 }, { score: -0.1 }, { score: 'not judged' }, withoutScore].entries()) {
    const document = 'score' in bad ? { ...analysis, ...bad } : bad;
    expect(await db.create(`users/alice/video_analysis/nj-bad${index}`, document, alice), JSON.stringify(bad).slice(0, 80)).toBe(403);
  }
});

test('the owner alone deletes an analysis or a stat session from their history', async () => {
  expect(await db.create('users/alice/video_analysis/del1', analysis, alice)).toBe(200);
  expect(await db.remove('users/alice/video_analysis/del1', bob)).toBe(403);
  expect(await db.read('users/alice/video_analysis/del1', alice)).toBe(200);
  expect(await db.remove('users/alice/video_analysis/del1', alice)).toBe(200);
  expect(await db.read('users/alice/video_analysis/del1', alice)).toBe(404);
  const at = '2026-01-02T03:04:05.000Z';
  const session = statSession(at);
  expect(await db.create('user_stat_sessions/del2', session, alice)).toBe(200);
  expect(await db.remove('user_stat_sessions/del2', bob)).toBe(403);
  expect(await db.remove('user_stat_sessions/del2', alice)).toBe(200);
  expect(await db.read('user_stat_sessions/del2', OWNER)).toBe(404);
});

test('video analyses keep extra fields within the caps of the shared schema', async () => {
  const reps = (count: number) => Array.from({ length: count }, () => ({ score: 0.5 }));
  const most = LIMITS.videoAnalysisRepsMax;
  expect(await db.create('users/alice/video_analysis/x1', { ...analysis, reps: reps(most), feedback: ['Good'], device: 'phone' }, alice)).toBe(200);
  expect(await db.create('users/alice/video_analysis/x2', { ...analysis, reps: reps(most + 1) }, alice)).toBe(403);
  expect(await db.create('users/alice/video_analysis/x3', { ...analysis, feedback: Array.from({ length: 51 }, () => 'f') }, alice)).toBe(403);
  const manyKeys = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`extra${i}`, i]));
  expect(await db.create('users/alice/video_analysis/x4', { ...analysis, ...manyKeys }, alice)).toBe(403);
  expect(await db.create('users/alice/video_analysis/x5', { ...analysis, source: 'satellite' }, alice)).toBe(403);
});

test('stored results hold what the app’s schema accepts: dates as the app writes them and not ahead, integers, ranges, lengths', async () => {
  const now = new Date().toISOString();
  const fresh = { ...analysis, createdAt: now };
  const lines = (count: number, chars: number) => Array.from({ length: count }, () => 'f'.repeat(chars));
  expect(
    await db.create(
      'users/alice/video_analysis/p1',
      { ...fresh, repCount: 3, reps: [{ score: 0.5 }, { score: 1 }], feedback: lines(50, 300) },
      alice,
    ),
  ).toBe(200);
  expect(await db.create('users/alice/video_analysis/p1b', { ...fresh, feedback: ['Knees out\nslower', 'über', ''] }, alice)).toBe(200);
  expect(await db.create('users/alice/video_analysis/p1c', { ...fresh, feedback: [] }, alice)).toBe(200);
  const refused: Record<string, unknown>[] = [
    { createdAt: '9999-12-31T23:59:59.999Z' },
    { createdAt: 'zzzzzzzzzzzzzzzzzzzzzzzz' },
    { createdAt: new Date(Date.now() + 3_600_000).toISOString() },
    { createdAt: '2026-01-02T03:04:05Z' },
    { createdAt: '2026-13-02T03:04:05.000Z' },
    { repCount: 2.5 },
    { repCount: -1 },
    { reps: [{ score: 42 }] },
    { reps: [{ score: 0.5 }, { score: 0.5 }, 'x'] },
    { reps: [{ score: 0.5 }, { score: 'x' }, { score: 0.5 }] },
    { feedback: ['f'.repeat(5000)] },
    { feedback: ['ok', 'f'.repeat(301), 'ok'] },
    { feedback: ['ok', 7] },
    { feedback: [true] },
    { feedback: [{ line: 'nested' }] },
    { feedback: ['f'.repeat(200) + '\u001f' + 'f'.repeat(200)] },
    { groupId: '' },
  ];
  for (const [index, bad] of refused.entries()) {
    expect(await db.create(`users/alice/video_analysis/bad${index}`, { ...fresh, ...bad }, alice), JSON.stringify(bad).slice(0, 80)).toBe(403);
  }

  const completion = { userId: 'alice', activityId: 'a', routineId: null, startedAt: now, durationMs: 60_000, completedAt: now };
  const step = { movementId: 'm', reps: 10, seconds: 30, score: 0.5 };
  expect(
    await db.create('routine_completion/p2', { ...completion, steps: [step, { movementId: 'm', reps: 0, seconds: 0, targetSeconds: 30 }] }, alice),
  ).toBe(200);
  for (const [index, bad] of [
    { completedAt: '9999-12-31T23:59:59.999Z' },
    { startedAt: 'zzzzzzzzzzzzzzzzzzzzzzzzzz' },
    { durationMs: 2.5 },
    { steps: [{ ...step, reps: 2.5 }] },
    { steps: [step, { ...step, score: 42 }] },
    { steps: [{ ...step, cheat: true }] },
  ].entries()) {
    expect(await db.create(`routine_completion/bad${index}`, { ...completion, steps: [step], ...bad }, alice), JSON.stringify(bad)).toBe(403);
  }

  const session = statSession(now);
  expect(await db.create('user_stat_sessions/p3', session, alice)).toBe(200);
  for (const [index, bad] of [
    { createdAt: '9999-12-31T23:59:59.999Z' },
    { startedAt: '2999-01-01T00:00:00.000Z' },
    { reps: 2.5 },
    { durationMs: 0.5 },
  ].entries()) {
    expect(await db.create(`user_stat_sessions/bad${index}`, { ...session, ...bad }, alice), JSON.stringify(bad)).toBe(403);
  }
});

test('routine completions and stat sessions belong to their userId', async () => {
  const at = '2026-01-02T03:04:05.000Z';
  const completion = { userId: 'alice', activityId: 'a', routineId: null, startedAt: at, durationMs: 60_000, steps: [], completedAt: at };
  expect(await db.create('routine_completion/c1', completion, alice)).toBe(200);
  expect(await db.create('routine_completion/c2', { ...completion, userId: 'bob' }, alice)).toBe(403);
  expect(await db.query('routine_completion', alice, { field: 'userId', value: 'alice' })).toBe(200);
  expect(await db.query('routine_completion', alice)).toBe(403);
  const session = statSession(at, { durationMs: 60_000, reps: 12, score: 0.7 });
  expect(await db.create('user_stat_sessions/s1', session, alice)).toBe(200);
  expect(await db.create('user_stat_sessions/s2', { ...session, score: 2 }, alice)).toBe(403);
  expect(await db.read('user_stat_sessions/s1', bob)).toBe(403);
});

test('routine completions and stat sessions take only their schema fields, within its caps', async () => {
  const at = '2026-01-02T03:04:05.000Z';
  const completion = { userId: 'alice', activityId: 'a', routineId: 'r', startedAt: at, durationMs: 1000, steps: [], completedAt: at };
  expect(await db.create('routine_completion/c3', { ...completion, isVerified: true }, alice)).toBe(403);
  expect(await db.create('routine_completion/c4', { ...completion, steps: Array.from({ length: 101 }, () => ({ reps: 1 })) }, alice)).toBe(403);
  expect(await db.create('routine_completion/c5', { ...completion, durationMs: 86_400_001 }, alice)).toBe(403);
  expect(await db.create('routine_completion/c6', { ...completion, activityId: 'a'.repeat(129) }, alice)).toBe(403);
  const session = statSession(at, { kind: 'movescore' });
  expect(await db.create('user_stat_sessions/s3', session, alice)).toBe(200);
  expect(await db.create('user_stat_sessions/s4', { ...session, padding: 'x'.repeat(10_000) }, alice)).toBe(403);
  expect(await db.create('user_stat_sessions/s5', { ...session, kind: 'cheat' }, alice)).toBe(403);
  expect(await db.create('user_stat_sessions/s6', { ...session, reps: 100_001 }, alice)).toBe(403);
});

test('a stat session’s source is one the app films from (or none), and only its owner writes it, once', async () => {
  const at = '2026-01-02T03:04:05.000Z';
  const session = statSession(at, { reps: 2 });
  // Every source the shared schema knows (a practice filmed by a paired phone is 'remote'), and none.
  for (const source of ZTakeSource.options) {
    expect(await db.create(`user_stat_sessions/src-${source}`, { ...session, source }, alice), source).toBe(200);
  }
  expect(await db.create('user_stat_sessions/src-none', session, alice)).toBe(200);
  for (const [index, source] of ['phone', 'Remote', '', null, 1, ['remote'], { kind: 'remote' }].entries()) {
    expect(await db.create(`user_stat_sessions/src-bad${index}`, { ...session, source }, alice), JSON.stringify(source)).toBe(403);
  }
  // Another user's session: not written in their name, not changed, not deleted, not read.
  expect(await db.create('user_stat_sessions/src-forged', { ...session, source: 'remote', userId: 'alice' }, bob)).toBe(403);
  expect(await db.create('user_stat_sessions/src-forged', { ...session, source: 'remote', userId: 'bob' }, bob)).toBe(200);
  expect(await db.update('user_stat_sessions/src-remote', { source: 'camera' }, bob)).toBe(403);
  expect(await db.remove('user_stat_sessions/src-remote', bob)).toBe(403);
  expect(await db.read('user_stat_sessions/src-remote', bob)).toBe(403);
  // Nor by the owner once saved: a session's source is what filmed it.
  expect(await db.update('user_stat_sessions/src-remote', { source: 'camera' }, alice)).toBe(403);
  expect(await db.update('user_stat_sessions/src-remote', { userId: 'bob' }, alice)).toBe(403);
  // Overwriting an existing id is an update, refused too.
  expect(await db.create('user_stat_sessions/src-remote', { ...session, source: 'file' }, alice)).toBe(409);
  expect(await db.read('user_stat_sessions/src-remote', alice)).toBe(200);
});
