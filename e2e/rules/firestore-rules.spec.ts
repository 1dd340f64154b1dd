/**
 * firestore.rules against the real rules engine (the Cloud Firestore emulator of the Google
 * Cloud SDK). Skipped, saying why, on machines without the emulator; under CI that fails instead.
 */
import { expect, test } from '@playwright/test';
import { LIMITS, ZTakeSource } from '@movelab/shared';
import {
  OWNER,
  emulatorToken,
  firestoreRest,
  firestoreEmulatorHere,
  startFirestoreEmulator,
  type TEmulator,
  type TFirestoreRest,
} from '../fixtures/firestore-emulator.js';

test.skip(!firestoreEmulatorHere('the firestore.rules specs'), 'the Cloud Firestore emulator (Google Cloud SDK) is not installed');
test.describe.configure({ mode: 'serial' });

const alice = emulatorToken('alice', { email: 'alice@x.test' });
const bob = emulatorToken('bob');
const admin = emulatorToken('admin', { roles: ['ADMIN'] });
const claimAdmin = emulatorToken('claim-admin', { roles: ['ADMIN'] });
/** Stored roles without the claim: what a demoted admin holds after writing their roles back. */
const storedAdmin = emulatorToken('stored-admin');
const newUser = (name: string) => ({ displayName: name, displayNameLowercase: name.toLowerCase(), email: `${name}@x.test`, roles: [] });
const analysis = { score: 0.5, groupId: 'g1', movementId: 'm1', perspectiveId: 'p1', createdAt: '2026-01-02T03:04:05.000Z' };

let emulator: TEmulator;
let db: TFirestoreRest;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  emulator = await startFirestoreEmulator();
  db = firestoreRest(emulator.baseUrl);
  // Seeded past the rules: bob, an admin (claim and its copy), and ADMIN stored without the claim.
  expect(await db.create('users/bob', newUser('Bob'), OWNER)).toBe(200);
  expect(await db.create('users/admin', { ...newUser('Admin'), roles: ['ADMIN'] }, OWNER)).toBe(200);
  expect(await db.create('users/stored-admin', { ...newUser('Stored'), roles: ['ADMIN'] }, OWNER)).toBe(200);
  expect(await db.create('movescore-groups/g1', { name: 'Squats', coverUrl: '', movementCount: 0 }, OWNER)).toBe(200);
});

test.afterAll(async () => {
  await emulator?.stop();
});

test('a user creates their own record only with empty roles, and never another one', async () => {
  expect(await db.create('users/alice', { ...newUser('Alice'), roles: ['ADMIN'] }, alice)).toBe(403);
  expect(await db.create('users/alice', { ...newUser('Alice'), isPremium: true }, alice)).toBe(403);
  expect(await db.create('users/carol', newUser('Carol'), alice)).toBe(403);
  expect(await db.create('users/alice', { ...newUser('Alice'), disabled: false }, alice)).toBe(403);
  // The e-mail on one's record is the account's, not any address.
  expect(await db.create('users/alice', { ...newUser('Alice'), email: 'ceo@x.test' }, alice)).toBe(403);
  expect(await db.create('users/alice', newUser('Alice'), alice)).toBe(200);
});

test("a user cannot put someone else's e-mail or an over-long lowercase name on their record", async () => {
  expect(await db.update('users/alice', { email: 'ceo@x.test' }, alice)).toBe(403);
  expect(await db.update('users/alice', { email: 'ALICE@x.test' }, alice)).toBe(200);
  const dotted = '\u0130'.repeat(80);
  expect(await db.update('users/alice', { displayName: dotted, displayNameLowercase: dotted.toLowerCase() }, alice)).toBe(200);
  expect(await db.update('users/alice', { displayNameLowercase: 'x'.repeat(161) }, alice)).toBe(403);
});

test('the lowercase name admins search by is always the name’s own: never another, never missing', async () => {
  expect(await db.update('users/alice', { displayName: 'Alice', displayNameLowercase: 'alice' }, alice)).toBe(200);
  expect(await db.update('users/alice', { displayNameLowercase: 'aaaa first in the list' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Mallory', displayNameLowercase: 'alice' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Mallory' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayNameLowercase: undefined }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Sam', displayNameLowercase: '\u017Fam' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Zoë', displayNameLowercase: 'zoe' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Zoë', displayNameLowercase: 'ZOË' }, alice)).toBe(403);
  expect(
    await db.create(
      'users/erin',
      { ...newUser('Erin'), email: 'erin@x.test', displayNameLowercase: 'zz' },
      emulatorToken('erin', { email: 'erin@x.test' }),
    ),
  ).toBe(403);
  // JavaScript's toLowerCase, which the app writes with, for names beyond ASCII.
  for (const name of ['Ölçü ÅSA', 'ΟΔΟΣ Σοφία', 'Straße İstanbul', 'ǅemal ＡＢＣ']) {
    expect(await db.update('users/alice', { displayName: name, displayNameLowercase: name.toLowerCase() }, alice), name).toBe(200);
  }
  expect(await db.update('users/alice', { displayName: 'Alice', displayNameLowercase: 'alice' }, alice)).toBe(200);
});

test('a user reads and updates their own record but cannot change their roles', async () => {
  expect(await db.read('users/alice', alice)).toBe(200);
  expect(await db.read('users/bob', alice)).toBe(403);
  expect(await db.read('users/alice', null)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Alice B', displayNameLowercase: 'alice b', height: 170 }, alice)).toBe(200);
  expect(await db.update('users/alice', { height: 20 }, alice)).toBe(403);
  expect(await db.update('users/alice', { roles: ['ADMIN'] }, alice)).toBe(403);
  expect(await db.update('users/bob', { displayName: 'Hacked' }, alice)).toBe(403);
  expect(await db.query('users', alice)).toBe(403);
});

test('`disabled` is the gateway’s: a user never changes it, and still edits a record that has it', async () => {
  expect(await db.update('users/bob', { disabled: false }, OWNER)).toBe(200);
  expect(await db.update('users/bob', { height: 180 }, bob)).toBe(200);
  expect(await db.update('users/bob', { disabled: true }, bob)).toBe(403);
});

test('admins by claim read all users; roles stored on a record prove nothing', async () => {
  expect(await db.query('users', admin)).toBe(200);
  expect(await db.read('users/bob', claimAdmin)).toBe(200);
  expect(await db.query('users', storedAdmin)).toBe(403);
  expect(await db.read('users/bob', storedAdmin)).toBe(403);
  expect(await db.update('movescore-groups/g1', { movementCount: 9 }, storedAdmin)).toBe(403);
});

test('no client writes roles, an admin neither: they are the gateway’s copy of the claim', async () => {
  expect(await db.update('users/bob', { roles: ['ADMIN'] }, admin)).toBe(403);
  expect(await db.update('users/bob', { roles: [] }, claimAdmin)).toBe(403);
  // A demoted admin, still holding a token with the claim, writes ADMIN back on their own record.
  expect(await db.update('users/admin', { roles: ['ADMIN', 'COACH'] }, admin)).toBe(403);
  expect(await db.update('users/admin', { roles: [] }, admin)).toBe(403);
  expect(await db.create('users/zed', { ...newUser('Zed'), roles: ['ADMIN'] }, admin)).toBe(403);
  expect(await db.update('users/bob', { disabled: true }, admin)).toBe(403);
});

test('a demoted admin’s token issued before the demotion proves ADMIN no more', async () => {
  const now = Math.floor(Date.now() / 1000);
  const before = emulatorToken('demoted', { roles: ['ADMIN'], iat: now - 60, auth_time: now - 60 });
  expect(await db.create('users/demoted', { ...newUser('Demoted'), roles: ['ADMIN'] }, OWNER)).toBe(200);
  expect(await db.query('users', before)).toBe(200);
  // The gateway, demoting: the claim goes, and the guard says when.
  expect(await db.create('account_guards/demoted', { adminValidAfter: now - 30 }, OWNER)).toBe(200);
  expect(await db.query('users', before)).toBe(403);
  expect(await db.update('movescore-groups/g1', { movementCount: 9 }, before)).toBe(403);
  expect(await db.read('users/bob', before)).toBe(403);
  // Still a user: their own record.
  expect(await db.read('users/demoted', before)).toBe(200);
  // A token issued after (promoted again) is an admin's.
  expect(await db.query('users', emulatorToken('demoted', { roles: ['ADMIN'] }))).toBe(200);
});

test('a disabled account’s unexpired token reads and writes nothing', async () => {
  const dora = emulatorToken('dora', { email: 'dora@x.test' });
  const doraAdmin = emulatorToken('dora', { email: 'dora@x.test', roles: ['ADMIN'] });
  expect(await db.create('users/dora', { ...newUser('Dora'), email: 'dora@x.test' }, dora)).toBe(200);
  expect(await db.create('users/dora/video_analysis/d1', analysis, dora)).toBe(200);
  expect(await db.read('users/dora', dora)).toBe(200);
  // The gateway, disabling (its own guard document, which no client can write).
  expect(await db.create('account_guards/dora', { disabled: true }, dora)).toBe(403);
  expect(await db.create('account_guards/dora', { disabled: true }, OWNER)).toBe(200);
  expect(await db.read('users/dora', dora)).toBe(403);
  expect(await db.update('users/dora', { height: 170 }, dora)).toBe(403);
  expect(await db.read('users/dora/video_analysis/d1', dora)).toBe(403);
  expect(await db.create('users/dora/video_analysis/d2', analysis, dora)).toBe(403);
  expect(await db.read('movescore-groups/g1', dora)).toBe(403);
  expect(await db.query('users', doraAdmin)).toBe(403);
  expect(await db.remove('users/dora', dora)).toBe(403);
  // Enabled again: the same token works.
  expect(await db.update('account_guards/dora', { disabled: false }, OWNER)).toBe(200);
  expect(await db.read('users/dora', dora)).toBe(200);
  expect(await db.update('account_guards/dora', { disabled: false }, dora)).toBe(403);
  expect(await db.read('account_guards/dora', dora)).toBe(403);
});

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
  const session = { userId: 'alice', kind: 'practice', activityId: null, routineId: null, startedAt: at, durationMs: 1000, reps: 3, score: null, createdAt: at };
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

  const session = {
    userId: 'alice',
    kind: 'practice',
    activityId: null,
    routineId: null,
    startedAt: now,
    durationMs: 1000,
    reps: 3,
    score: null,
    createdAt: now,
  };
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
  const session = {
    userId: 'alice',
    kind: 'practice',
    activityId: null,
    routineId: null,
    startedAt: at,
    durationMs: 60_000,
    reps: 12,
    score: 0.7,
    createdAt: at,
  };
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
  const session = {
    userId: 'alice',
    kind: 'movescore',
    activityId: null,
    routineId: null,
    startedAt: at,
    durationMs: 1000,
    reps: 3,
    score: null,
    createdAt: at,
  };
  expect(await db.create('user_stat_sessions/s3', session, alice)).toBe(200);
  expect(await db.create('user_stat_sessions/s4', { ...session, padding: 'x'.repeat(10_000) }, alice)).toBe(403);
  expect(await db.create('user_stat_sessions/s5', { ...session, kind: 'cheat' }, alice)).toBe(403);
  expect(await db.create('user_stat_sessions/s6', { ...session, reps: 100_001 }, alice)).toBe(403);
});

test('a stat session’s source is one the app films from (or none), and only its owner writes it, once', async () => {
  const at = '2026-01-02T03:04:05.000Z';
  const session = { userId: 'alice', kind: 'practice', activityId: null, routineId: null, startedAt: at, durationMs: 1000, reps: 2, score: null, createdAt: at };
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

test('signed-in users read the catalogue; only admins write it', async () => {
  expect(await db.read('movescore-groups/g1', alice)).toBe(200);
  expect(await db.read('movescore-groups/g1', null)).toBe(403);
  expect(await db.query('activities', alice)).toBe(200);
  expect(await db.update('movescore-groups/g1', { movementCount: 9 }, alice)).toBe(403);
  expect(await db.create('movescore-groups/g1/movements/m1', { name: 'Air squat', perspectiveCount: 0 }, alice)).toBe(403);
  expect(await db.create('movescore-groups/g1/movements/m1', { name: 'Air squat', perspectiveCount: 0 }, admin)).toBe(200);
  expect(await db.read('movescore-groups/g1/movements/m1/perspectives/p1', alice)).toBe(404);
  // An activity needs its category, a movement or routine its activity (as the embedded gateway answers).
  expect(await db.create('activities/yoga', { name: 'Yoga', categoryId: 'calm' }, claimAdmin)).toBe(403);
  expect(await db.create('activity_categories/calm', { name: 'Calm' }, claimAdmin)).toBe(200);
  expect(await db.create('activities/yoga', { name: 'Yoga', categoryId: 'calm' }, claimAdmin)).toBe(200);
  expect(await db.create('routines/r1', { name: 'Flow', activityId: 'nowhere' }, claimAdmin)).toBe(403);
  expect(await db.create('routines/r1', { name: 'Flow', activityId: 'yoga' }, claimAdmin)).toBe(200);
});

test('everything else is denied, even to admins', async () => {
  expect(await db.create('secrets/s', { value: 1 }, admin)).toBe(403);
  expect(await db.read('secrets/s', alice)).toBe(403);
});
