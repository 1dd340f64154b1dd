/**
 * firestore.rules against the real rules engine (the Cloud Firestore emulator of the Google
 * Cloud SDK). Skipped, saying why, on machines without the emulator.
 */
import { expect, test } from '@playwright/test';
import {
  OWNER,
  emulatorToken,
  firestoreRest,
  hasFirestoreEmulator,
  startFirestoreEmulator,
  type TEmulator,
  type TFirestoreRest,
} from '../fixtures/firestore-emulator.js';

test.skip(!hasFirestoreEmulator(), 'the Cloud Firestore emulator (Google Cloud SDK) is not installed');
test.describe.configure({ mode: 'serial' });

const alice = emulatorToken('alice');
const bob = emulatorToken('bob');
const admin = emulatorToken('admin');
const claimAdmin = emulatorToken('claim-admin', { roles: ['ADMIN'] });
const newUser = (name: string) => ({ displayName: name, displayNameLowercase: name.toLowerCase(), email: `${name}@x.test`, roles: [] });
const analysis = { score: 0.5, groupId: 'g1', movementId: 'm1', perspectiveId: 'p1', createdAt: '2026-01-02T03:04:05.000Z' };

let emulator: TEmulator;
let db: TFirestoreRest;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  emulator = await startFirestoreEmulator();
  db = firestoreRest(emulator.baseUrl);
  // Seeded past the rules: bob, and an admin by stored role.
  expect(await db.create('users/bob', newUser('Bob'), OWNER)).toBe(200);
  expect(await db.create('users/admin', { ...newUser('Admin'), roles: ['ADMIN'] }, OWNER)).toBe(200);
  expect(await db.create('movescore-groups/g1', { name: 'Squats', coverUrl: '', movementCount: 0 }, OWNER)).toBe(200);
});

test.afterAll(async () => {
  await emulator?.stop();
});

test('a user creates their own record only with empty roles, and never another one', async () => {
  expect(await db.create('users/alice', { ...newUser('Alice'), roles: ['ADMIN'] }, alice)).toBe(403);
  expect(await db.create('users/alice', { ...newUser('Alice'), isPremium: true }, alice)).toBe(403);
  expect(await db.create('users/carol', newUser('Carol'), alice)).toBe(403);
  expect(await db.create('users/alice', newUser('Alice'), alice)).toBe(200);
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

test('admins, by stored role or by claim, read all users and change roles', async () => {
  expect(await db.query('users', admin)).toBe(200);
  expect(await db.read('users/bob', claimAdmin)).toBe(200);
  expect(await db.update('users/bob', { roles: ['ADMIN'] }, admin)).toBe(200);
  expect(await db.update('users/bob', { roles: [] }, claimAdmin)).toBe(200);
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

test('routine completions and stat sessions belong to their userId', async () => {
  const completion = { userId: 'alice', activityId: 'a', completedAt: '2026-01-02T03:04:05.000Z' };
  expect(await db.create('routine_completion/c1', completion, alice)).toBe(200);
  expect(await db.create('routine_completion/c2', { ...completion, userId: 'bob' }, alice)).toBe(403);
  expect(await db.query('routine_completion', alice, { field: 'userId', value: 'alice' })).toBe(200);
  expect(await db.query('routine_completion', alice)).toBe(403);
  const session = { userId: 'alice', kind: 'practice', score: 0.7, createdAt: '2026-01-02T03:04:05.000Z' };
  expect(await db.create('user_stat_sessions/s1', session, alice)).toBe(200);
  expect(await db.create('user_stat_sessions/s2', { ...session, score: 2 }, alice)).toBe(403);
  expect(await db.read('user_stat_sessions/s1', bob)).toBe(403);
});

test('signed-in users read the catalogue; only admins write it', async () => {
  expect(await db.read('movescore-groups/g1', alice)).toBe(200);
  expect(await db.read('movescore-groups/g1', null)).toBe(403);
  expect(await db.query('activities', alice)).toBe(200);
  expect(await db.update('movescore-groups/g1', { movementCount: 9 }, alice)).toBe(403);
  expect(await db.create('movescore-groups/g1/movements/m1', { name: 'Air squat', perspectiveCount: 0 }, alice)).toBe(403);
  expect(await db.create('movescore-groups/g1/movements/m1', { name: 'Air squat', perspectiveCount: 0 }, admin)).toBe(200);
  expect(await db.read('movescore-groups/g1/movements/m1/perspectives/p1', alice)).toBe(404);
  expect(await db.create('activities/yoga', { name: 'Yoga' }, claimAdmin)).toBe(200);
});

test('everything else is denied, even to admins', async () => {
  expect(await db.create('secrets/s', { value: 1 }, admin)).toBe(403);
  expect(await db.read('secrets/s', alice)).toBe(403);
});
