// @vitest-environment node
/// <reference types="node" />
/**
 * The backend port's contract, run against the embedded adapter over a REAL gateway (a child
 * process with its own SQLite file and data folder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, AUTH_ERRORS, authErrorMessage, compareHistoryItems, type TAuthUser } from '@movelab/shared';
import { createEmbeddedBackend } from '@/lib/backend/embedded';
import { createMemoryStorage, type TKeyValueStorage } from '@/lib/backend/embedded/session';
import { createBackend, loadRuntimeConfig } from '@/lib/backend';
import { DELETED_GROUP_NAME } from '@/lib/backend/recentSessions';
import type { TBackend } from '@/lib/backend/port';
import { startGateway, type TGateway } from './gateway';
import { rejectionOf as failure, uniqueEmail } from './helpers';

const ADMIN_EMAIL = 'admin@movelab.test';
const PASSWORD = 'secret-1';
/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = () => new Blob([PNG], { type: 'image/png' });

let gateway: TGateway;
const backends: TBackend[] = [];

function newBackend(storage: TKeyValueStorage = createMemoryStorage()): TBackend {
  const backend = createEmbeddedBackend({ baseUrl: gateway.url, storage });
  backends.push(backend);
  return backend;
}


/** Signs up a new account with its user record; answers the backend and the auth user. */
async function newUser(name: string, email = uniqueEmail(name)) {
  const backend = newBackend();
  const user = await backend.identity.signUp(email, PASSWORD, name);
  await backend.users.createUser(user.uid, { displayName: name, email });
  return { backend, user, email };
}

let admin: { backend: TBackend; user: TAuthUser };

const newCategory = (name: string) => admin.backend.catalog.createCategory({ name });

/** The oobCode of the verification link the gateway logged for `uid`. */
async function loggedVerificationCode(uid: string): Promise<string> {
  const line = await gateway.waitForLog((entry) => entry.msg === 'email verification link' && entry.uid === uid);
  return new URL(String(line.link)).searchParams.get('oobCode') ?? '';
}

beforeAll(async () => {
  gateway = await startGateway({ env: { ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: '1000' } });
  // ADMIN_EMAILS trusts the address once its owner followed the verification link.
  const backend = newBackend();
  const user = await backend.identity.signUp(ADMIN_EMAIL, PASSWORD, 'Admin');
  expect(user.emailVerified).toBe(false);
  await backend.identity.confirmEmailVerification(await loggedVerificationCode(user.uid));
  expect(backend.identity.currentUser()?.emailVerified).toBe(true);
  expect((await backend.users.createUser(user.uid, { displayName: 'Admin', email: ADMIN_EMAIL })).roles).toEqual(['ADMIN']);
  admin = { backend, user };
}, 90_000);

afterAll(async () => {
  for (const backend of backends) backend.dispose?.();
  await gateway?.stop();
}, 30_000);

describe('runtime configuration', () => {
  it('loads the embedded configuration and builds that backend', async () => {
    const config = await loadRuntimeConfig({ baseUrl: gateway.url });
    expect(config.backend).toBe('embedded');
    const backend = await createBackend(config, { baseUrl: gateway.url, storage: createMemoryStorage() });
    expect(backend.kind).toBe('embedded');
    expect(backend.identity.currentUser()).toBeNull();
  });
});

describe('identity', () => {
  it('signs up, out and in, telling the listeners each time', async () => {
    const backend = newBackend();
    const seen: (string | null)[] = [];
    backend.identity.onAuthStateChanged((user) => seen.push(user?.email ?? null));
    const email = uniqueEmail('ada');
    const user = await backend.identity.signUp(email, PASSWORD, 'Ada');
    expect(user.email).toBe(email);
    expect(backend.identity.currentUser()?.uid).toBe(user.uid);
    expect(await backend.identity.getIdToken()).toMatch(/\S{20,}/);

    await backend.identity.signOut();
    expect(backend.identity.currentUser()).toBeNull();
    expect(await backend.identity.getIdToken()).toBeNull();

    const again = await backend.identity.signIn(email, PASSWORD);
    expect(again.uid).toBe(user.uid);
    expect(seen).toEqual([null, email, null, email]);
  });

  it('stays signed in across a reload (a new adapter over the same storage)', async () => {
    const storage = createMemoryStorage();
    const first = newBackend(storage);
    const email = uniqueEmail('reload');
    const user = await first.identity.signUp(email, PASSWORD);
    await first.users.createUser(user.uid, { displayName: 'Reload', email });
    first.dispose?.();

    const reloaded = newBackend(storage);
    expect(reloaded.identity.currentUser()?.uid).toBe(user.uid);
    expect((await reloaded.users.getUser(user.uid))?.email).toBe(email);
    // A forced refresh rotates the refresh token and still works.
    expect(await reloaded.identity.getIdToken(true)).toMatch(/\S{20,}/);
  });

  it('a sign-out revokes the refresh token another copy of the session still holds', async () => {
    const storage = createMemoryStorage();
    const backend = newBackend(storage);
    await backend.identity.signUp(uniqueEmail('revoke'), PASSWORD);
    const copy = createMemoryStorage();
    for (const key of ['movelab.session']) copy.setItem(key, storage.getItem(key) ?? '');
    await backend.identity.signOut();

    const stale = newBackend(copy);
    const seen: (string | null)[] = [];
    stale.identity.onAuthStateChanged((user) => seen.push(user?.uid ?? null));
    await failure(stale.identity.getIdToken(true));
    expect(stale.identity.currentUser()).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });

  it('maps the §8 error codes to the catalogue messages', async () => {
    const backend = newBackend();
    const email = uniqueEmail('codes');
    await backend.identity.signUp(email, PASSWORD);
    await backend.identity.signOut();
    const message = async (promise: Promise<unknown>) => {
      const error = await failure(promise);
      return authErrorMessage(error.code, error.message);
    };
    expect(await message(backend.identity.signIn(email, 'wrong-password'))).toBe('Email or password is incorrect');
    expect(await message(backend.identity.signIn(uniqueEmail('nobody'), PASSWORD))).toBe('Email or password is incorrect');
    expect(await message(backend.identity.signUp(uniqueEmail('weak'), '12345'))).toBe(
      'Password should be at least 6 characters long',
    );
    expect(await message(backend.identity.signUp('not-an-email', PASSWORD))).toBe('Not a valid email');
    expect(await message(backend.identity.signUp(email, PASSWORD))).toBe(
      'This email is already used. Please login or reset your password',
    );
    expect(await message(backend.identity.signIn(email, ''))).toBe('Password is missing');
    expect(await message(backend.identity.signIn('', PASSWORD))).toBe('Email is missing');
    expect(backend.identity.currentUser()).toBeNull();
  });

  it('resets a password with the link from the gateway log, once', async () => {
    const { backend, user, email } = await newUser('reset');
    await backend.identity.signOut();
    await backend.identity.sendPasswordReset(email);
    const line = await gateway.waitForLog((l) => l.msg === 'password reset link' && l.uid === user.uid);
    const oobCode = new URL(String(line.link)).searchParams.get('oobCode') ?? '';
    expect(oobCode).not.toBe('');

    await backend.identity.confirmPasswordReset(oobCode, 'new-secret-1');
    expect((await failure(backend.identity.confirmPasswordReset(oobCode, 'other-secret'))).code).toBe(
      AUTH_ERRORS.invalidActionCode,
    );
    await failure(backend.identity.signIn(email, PASSWORD));
    expect((await backend.identity.signIn(email, 'new-secret-1')).uid).toBe(user.uid);
  });

  it('a reset for an unknown e-mail answers like a known one (no account enumeration)', async () => {
    await expect(newBackend().identity.sendPasswordReset(uniqueEmail('ghost'))).resolves.toBeUndefined();
  });

  it('updates display name, e-mail and password', async () => {
    const { backend, user } = await newUser('changer');
    await backend.identity.updateDisplayName('Changed Name');
    expect(backend.identity.currentUser()?.displayName).toBe('Changed Name');

    const newEmail = uniqueEmail('changed');
    await backend.identity.updateEmail(newEmail);
    expect(backend.identity.currentUser()?.email).toBe(newEmail);
    await backend.identity.updatePassword('another-secret');
    await backend.identity.signOut();
    expect((await backend.identity.signIn(newEmail, 'another-secret')).uid).toBe(user.uid);
    expect(authErrorMessage((await failure(backend.identity.updatePassword('12345'))).code)).toBe(
      'Password should be at least 6 characters long',
    );
  });

  it('deletes the account: signed out, and the e-mail no longer signs in', async () => {
    const { backend, email } = await newUser('leaver');
    const seen: (string | null)[] = [];
    backend.identity.onAuthStateChanged((user) => seen.push(user?.uid ?? null));
    await backend.identity.deleteAccount();
    expect(backend.identity.currentUser()).toBeNull();
    expect(seen.at(-1)).toBeNull();
    const error = await failure(newBackend().identity.signIn(email, PASSWORD));
    expect(authErrorMessage(error.code)).toBe('Email or password is incorrect');
  });

  it('signs out a disabled user on the next refresh (user-disabled) and refuses sign-in', async () => {
    const { backend, user, email } = await newUser('disabled');
    const seen: (string | null)[] = [];
    backend.identity.onAuthStateChanged((u) => seen.push(u?.uid ?? null));
    const updated = await admin.backend.users.setDisabled(user.uid, true);
    expect(updated.disabled).toBe(true);

    // Disabling revokes the sessions: the refresh is refused either way.
    const error = await failure(backend.identity.getIdToken(true));
    expect([AUTH_ERRORS.userDisabled, AUTH_ERRORS.invalidRefreshToken]).toContain(error.code);
    expect(backend.identity.currentUser()).toBeNull();
    expect(seen.at(-1)).toBeNull();
    expect((await failure(newBackend().identity.signIn(email, PASSWORD))).code).toBe(AUTH_ERRORS.userDisabled);

    await admin.backend.users.setDisabled(user.uid, false);
    expect((await newBackend().identity.signIn(email, PASSWORD)).uid).toBe(user.uid);
  });
});

describe('requires recent login', () => {
  let shifted: TGateway;
  let shiftFile: string;

  beforeAll(async () => {
    shiftFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-clock-')), 'shift');
    fs.writeFileSync(shiftFile, '0');
    const preload = new URL('./clock-shift.mjs', import.meta.url).href;
    shifted = await startGateway({
      env: { MOVELAB_CLOCK_SHIFT_FILE: shiftFile, NODE_OPTIONS: `--import=${preload}` },
    });
  }, 90_000);

  afterAll(async () => {
    await shifted?.stop();
    fs.rmSync(path.dirname(shiftFile), { recursive: true, force: true });
  });

  it('refuses e-mail and password changes 6 minutes after sign-in, allows them after signing in again', async () => {
    const backend = createEmbeddedBackend({ baseUrl: shifted.url, storage: createMemoryStorage() });
    backends.push(backend);
    const email = uniqueEmail('recent');
    await backend.identity.signUp(email, PASSWORD);
    fs.writeFileSync(shiftFile, String(6 * 60_000));

    const error = await failure(backend.identity.updatePassword('fresh-secret'));
    expect(error.code).toBe(AUTH_ERRORS.requiresRecentLogin);
    expect(authErrorMessage(error.code)).toBe('Please login again before changing your password');
    expect((await failure(backend.identity.updateEmail(uniqueEmail('late')))).code).toBe(AUTH_ERRORS.requiresRecentLogin);
    // A display name is not sensitive: still allowed.
    await backend.identity.updateDisplayName('Still Fine');

    await backend.identity.signIn(email, PASSWORD);
    await backend.identity.updatePassword('fresh-secret');
    await backend.identity.signOut();
    await expect(backend.identity.signIn(email, 'fresh-secret')).resolves.toMatchObject({ email });
  });
});

describe('user records', () => {
  it('gets, creates and updates the signed-in user record', async () => {
    const backend = newBackend();
    const email = uniqueEmail('record');
    const user = await backend.identity.signUp(email, PASSWORD);
    expect(await backend.users.getUser(user.uid)).toBeNull();

    const created = await backend.users.createUser(user.uid, { displayName: 'Grace Hopper', email });
    expect(created).toMatchObject({ id: user.uid, displayName: 'Grace Hopper', displayNameLowercase: 'grace hopper', email, roles: [] });

    const updated = await backend.users.updateProfile(user.uid, { displayName: 'Grace H', height: 170, gender: 'female' });
    expect(updated).toMatchObject({ displayName: 'Grace H', displayNameLowercase: 'grace h', height: 170, gender: 'female' });
    expect(await backend.users.getUser(user.uid)).toMatchObject({ height: 170, gender: 'female' });

    const bad = await failure(backend.users.updateProfile(user.uid, { height: 10 }));
    expect(bad.status).toBe(400);
    expect((await backend.users.getUser(user.uid))?.height).toBe(170);
  });

  it('adds and removes activities, subscribes to routines, saves the conversation id', async () => {
    const { backend, user } = await newUser('sets');
    const category = await newCategory('Strength');
    const activity = await admin.backend.catalog.createActivity({ name: 'Squats', categoryId: category.id });
    const routine = await admin.backend.catalog.createRoutine({
      activityId: activity.id,
      name: 'Ten squats',
      steps: [{ movementId: 'm1', reps: 10 }],
    });

    expect((await backend.users.addActivity(user.uid, activity.id)).activities).toEqual([activity.id]);
    expect((await backend.users.addActivity(user.uid, activity.id)).activities).toEqual([activity.id]);
    expect((await backend.users.removeActivity(user.uid, activity.id)).activities).toEqual([]);
    expect((await backend.users.addRoutineSubscription(user.uid, routine.id)).routineSubscriptions).toEqual([routine.id]);
    expect((await backend.users.saveConversationId(user.uid, 'conv-123')).apiRtcConversationId).toBe('conv-123');
    expect((await backend.users.saveConversationId(user.uid, null)).apiRtcConversationId ?? null).toBeNull();
  });

  it("answers '' for a missing avatar, uploads one with progress, then answers its URL", async () => {
    const { backend, user } = await newUser('avatar');
    expect(await backend.users.getAvatarUrl(user.uid)).toBe('');
    const progress: number[] = [];
    const url = await backend.users.uploadAvatar(user.uid, png(), (fraction) => progress.push(fraction));
    expect(url).not.toBe('');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(await backend.users.getAvatarUrl(user.uid)).toBe(url);

    const refused = await failure(backend.users.uploadAvatar(user.uid, new Blob(['<svg/>'], { type: 'image/svg+xml' })));
    expect(refused.status).toBe(415);
  });

  it('keeps one user out of another user’s data', async () => {
    const a = await newUser('owner');
    const b = await newUser('intruder');
    await a.backend.users.createVideoAnalysis(a.user.uid, { score: 0.5, groupId: 'g', movementId: 'm', perspectiveId: 'p' });

    const attempts = [
      () => b.backend.users.getUser(a.user.uid),
      () => b.backend.users.loadVideoAnalyses(a.user.uid, 3),
      () => b.backend.users.updateProfile(a.user.uid, { displayName: 'Hacked' }),
      () => b.backend.users.uploadAvatar(a.user.uid, png()),
      () => b.backend.users.createVideoAnalysis(a.user.uid, { score: 1, groupId: 'g', movementId: 'm', perspectiveId: 'p' }),
    ];
    for (const attempt of attempts) expect((await failure(attempt())).status).toBe(403);
    expect((await a.backend.users.getUser(a.user.uid))?.displayName).toBe('owner');
    expect(await a.backend.users.loadVideoAnalyses(a.user.uid, 10)).toHaveLength(1);
    expect(await a.backend.users.getAvatarUrl(a.user.uid)).toBe('');
  });

  it('pages the signed-in user’s own history, analyses and practice merged, by cursor', async () => {
    const a = await newUser('historian');
    const b = await newUser('neighbour');
    const analysis = (score: number) => ({ score, groupId: 'g', movementId: 'm', perspectiveId: 'p' });
    for (const score of [0.1, 0.2, 0.3]) await a.backend.users.createVideoAnalysis(a.user.uid, analysis(score));
    await a.backend.catalog.createUserStatSession({ kind: 'practice', activityId: null, routineId: null, startedAt: new Date().toISOString(), durationMs: 1000, reps: 9, score: null });
    await b.backend.users.createVideoAnalysis(b.user.uid, analysis(0.9));

    const first = await a.backend.catalog.listHistory({ limit: 3 });
    expect(first.items).toHaveLength(3);
    const second = await a.backend.catalog.listHistory({ limit: 3, cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(all.map((item) => item.score ?? item.reps).sort()).toEqual([0.1, 0.2, 0.3, 9]);
    expect([...all].sort(compareHistoryItems)).toEqual(all);
    expect((await a.backend.catalog.listHistory({ kind: 'practice' })).items.map((item) => item.reps)).toEqual([9]);
    expect((await failure(a.backend.catalog.listHistory({ cursor: 'not-a-cursor' }))).status).toBe(400);
  });
});

describe('movescore', () => {
  it('creates, reads, updates and deletes groups, movements and perspectives, keeping counts', async () => {
    const m = admin.backend.movescore;
    const before = await m.countGroups();
    const group = await m.createGroup({ name: 'Zeta squats', coverUrl: '', description: '' });
    expect(group.movementCount).toBe(0);
    expect(await m.countGroups()).toBe(before + 1);
    expect((await m.listGroups({ prefix: 'Zeta' })).map((g) => g.id)).toContain(group.id);
    expect(await m.listGroups({ prefix: 'Zzz-none' })).toEqual([]);
    expect((await m.getGroupsByIds([group.id, 'missing-id'])).map((g) => g.id)).toEqual([group.id]);

    const movement = await m.createMovement(group.id, { name: 'Deep squat', description: '' });
    const second = await m.createMovement(group.id, { name: 'Air squat', description: '' });
    expect((await m.getGroup(group.id))?.movementCount).toBe(2);
    expect((await m.listMovements(group.id)).map((x) => x.name)).toEqual(['Air squat', 'Deep squat']);

    const perspective = await m.createPerspective(group.id, movement.id, { name: 'Front', view: 'front', instructions: '' });
    expect((await m.getMovement(group.id, movement.id))?.perspectiveCount).toBe(1);
    expect(await m.listPerspectives(group.id, movement.id)).toEqual([perspective]);
    expect((await m.updatePerspective(group.id, movement.id, perspective.id, { name: 'Front view' })).name).toBe('Front view');
    expect((await m.getPerspective(group.id, movement.id, perspective.id))?.name).toBe('Front view');
    expect((await m.updateMovement(group.id, movement.id, { name: 'Deep squats' })).name).toBe('Deep squats');
    expect((await m.updateGroup(group.id, { description: 'Legs' })).description).toBe('Legs');

    expect((await failure(m.deleteMovement(group.id, movement.id))).code).toBe(APP_ERRORS.hasChildren);
    await m.deletePerspective(group.id, movement.id, perspective.id);
    expect(await m.getPerspective(group.id, movement.id, perspective.id)).toBeNull();
    expect((await m.getMovement(group.id, movement.id))?.perspectiveCount).toBe(0);
    await m.deleteMovement(group.id, movement.id);
    expect(await m.getMovement(group.id, movement.id)).toBeNull();
    expect((await m.recountGroup(group.id)).movementCount).toBe(1);
    expect((await m.recountMovement(group.id, second.id)).perspectiveCount).toBe(0);

    const progress: number[] = [];
    const covered = await m.uploadGroupCover(group.id, png(), (f) => progress.push(f));
    expect(covered.coverUrl).not.toBe('');
    expect(progress.at(-1)).toBe(1);

    expect((await failure(m.deleteGroup(group.id))).code).toBe(APP_ERRORS.hasChildren);
    await m.deleteGroup(group.id, 'cascade');
    expect(await m.getGroup(group.id)).toBeNull();
    expect(await m.getMovement(group.id, second.id)).toBeNull();
    expect(await m.countGroups()).toBe(before);
  });

  it('lists video analyses newest first and joins recent sessions with their group, even a deleted one', async () => {
    const { backend, user } = await newUser('analyst');
    const kept = await admin.backend.movescore.createGroup({ name: 'Kept group', coverUrl: '/covers/kept.png', description: '' });
    const doomed = await admin.backend.movescore.createGroup({ name: 'Doomed group', coverUrl: '/covers/d.png', description: '' });
    const entry = (groupId: string, score: number) => ({ score, groupId, movementId: 'mv', perspectiveId: 'pv', source: 'camera' as const });
    await backend.users.createVideoAnalysis(user.uid, entry(kept.id, 0.1));
    await backend.users.createVideoAnalysis(user.uid, entry(kept.id, 0.2));
    await backend.users.createVideoAnalysis(user.uid, entry(doomed.id, 0.3));
    const last = await backend.users.createVideoAnalysis(user.uid, { ...entry(kept.id, 0.4), extra: 'kept as passed' });
    expect(last).toMatchObject({ score: 0.4, extra: 'kept as passed' });

    const three = await backend.users.loadVideoAnalyses(user.uid, 3);
    expect(three.map((a) => a.score)).toEqual([0.4, 0.3, 0.2]);

    await admin.backend.movescore.deleteGroup(doomed.id, 'cascade');
    const sessions = await backend.movescore.recentSessions(user.uid);
    expect(sessions.map((s) => [s.score, s.groupName, s.coverUrl])).toEqual([
      [0.4, 'Kept group', '/covers/kept.png'],
      [0.3, DELETED_GROUP_NAME, ''],
      [0.2, 'Kept group', '/covers/kept.png'],
    ]);
    expect(await newUser('fresh').then(({ backend: b, user: u }) => b.movescore.recentSessions(u.uid))).toEqual([]);
  });

  it('refuses admin writes to a non-admin (403) and changes nothing', async () => {
    const { backend, user } = await newUser('plain');
    const before = await backend.movescore.countGroups();
    const group = await admin.backend.movescore.createGroup({ name: 'Guarded', coverUrl: '', description: '' });
    const attempts: (() => Promise<unknown>)[] = [
      () => backend.movescore.createGroup({ name: 'Mine now', coverUrl: '', description: '' }),
      () => backend.movescore.updateGroup(group.id, { name: 'Renamed' }),
      () => backend.movescore.deleteGroup(group.id, 'cascade'),
      () => backend.movescore.createMovement(group.id, { name: 'Sneaky', description: '' }),
      () => backend.movescore.uploadGroupCover(group.id, png()),
      () => backend.users.setRoles(user.uid, ['ADMIN']),
      () => backend.users.setDisabled(admin.user.uid, true),
      () => backend.users.countUsers(),
      () => backend.users.filterUsers({}),
      () => backend.catalog.createActivity({ name: 'Nope', categoryId: 'c' }),
    ];
    for (const attempt of attempts) expect((await failure(attempt())).status).toBe(403);
    expect(await backend.movescore.countGroups()).toBe(before + 1);
    expect(await backend.movescore.getGroup(group.id)).toMatchObject({ name: 'Guarded', movementCount: 0, coverUrl: '' });
    expect((await backend.users.getUser(user.uid))?.roles).toEqual([]);
    expect(await admin.backend.identity.getIdToken(true)).not.toBeNull();
  });
});

describe('administration of users', () => {
  it('counts, filters with cursors, and sets roles', async () => {
    const users = admin.backend.users;
    for (const name of ['Pager Alpha', 'Pager Beta', 'Pager Gamma']) await newUser(name);
    expect(await users.countUsers()).toBeGreaterThanOrEqual(4);

    const first = await users.filterUsers({ name: 'pager', limit: 2 });
    expect(first.items.map((u) => u.displayName)).toEqual(['Pager Alpha', 'Pager Beta']);
    expect(first.prevCursor).toBeNull();
    const second = await users.filterUsers({ name: 'pager', limit: 2, startAfter: first.nextCursor ?? '' });
    expect(second.items.map((u) => u.displayName)).toEqual(['Pager Gamma']);
    expect(second.nextCursor).toBeNull();
    const back = await users.filterUsers({ name: 'pager', limit: 2, endBefore: second.prevCursor ?? '' });
    expect(back.items.map((u) => u.displayName)).toEqual(['Pager Alpha', 'Pager Beta']);

    const byEmail = await users.filterUsers({ email: ADMIN_EMAIL });
    expect(byEmail.items.map((u) => u.email)).toEqual([ADMIN_EMAIL]);

    const target = await newUser('Promoted');
    expect((await users.setRoles(target.user.uid, ['ADMIN'])).roles).toEqual(['ADMIN']);
    expect(await target.backend.users.countUsers()).toBeGreaterThan(0);
    expect((await users.setRoles(target.user.uid, [])).roles).toEqual([]);
  });
});

describe('activity catalogue', () => {
  it('reads and writes categories, activities, movements, routines, completions and stat sessions', async () => {
    const { backend } = await newUser('practiser');
    const c = admin.backend.catalog;
    const category = await newCategory('Mobility');
    expect((await backend.catalog.listCategories()).map((x) => x.id)).toContain(category.id);
    const categoryId = category.id;
    const activity = await c.createActivity({ name: 'Yoga Flow', categoryId, description: 'Calm' });
    expect(activity.nameLowercase).toBe('yoga flow');
    expect(await backend.catalog.getActivity(activity.id)).toMatchObject({ name: 'Yoga Flow' });
    expect(await backend.catalog.getActivity('missing')).toBeNull();
    expect((await backend.catalog.listActivities({ prefix: 'yoga' })).map((a) => a.id)).toContain(activity.id);
    expect((await backend.catalog.listActivities({ categoryId })).map((a) => a.id)).toContain(activity.id);
    expect(await backend.catalog.countActivities()).toBeGreaterThan(0);
    expect((await c.updateActivity(activity.id, { description: 'Calmer' })).description).toBe('Calmer');
    const imaged = await c.uploadActivityImage(activity.id, png());
    expect(imaged.imageUrl).not.toBe('');

    const movement = await c.createMovement({ activityId: activity.id, name: 'Sun salute' });
    expect(await backend.catalog.listMovements(activity.id)).toEqual([movement]);
    expect((await c.updateMovement(movement.id, { name: 'Sun salutation' })).name).toBe('Sun salutation');
    expect((await backend.catalog.getMovement(movement.id))?.name).toBe('Sun salutation');

    const routine = await c.createRoutine({
      activityId: activity.id,
      name: 'Morning',
      steps: [{ movementId: movement.id, seconds: 30 }],
    });
    expect((await backend.catalog.listRoutines(activity.id)).map((r) => r.id)).toEqual([routine.id]);
    expect((await backend.catalog.getRoutine(routine.id))?.name).toBe('Morning');
    expect((await c.updateRoutine(routine.id, { name: 'Evening' })).name).toBe('Evening');

    const completion = await backend.catalog.createRoutineCompletion({
      routineId: routine.id,
      activityId: activity.id,
      startedAt: new Date().toISOString(),
      durationMs: 30_000,
      steps: [{ movementId: movement.id, reps: 0, seconds: 30 }],
    });
    expect(await backend.catalog.listRoutineCompletions()).toEqual([completion]);
    const stat = await backend.catalog.createUserStatSession({
      kind: 'practice',
      activityId: activity.id,
      startedAt: new Date().toISOString(),
      durationMs: 30_000,
      reps: 12,
    });
    expect(await backend.catalog.listUserStatSessions()).toEqual([stat]);

    expect((await failure(c.deleteActivity(activity.id))).code).toBe(APP_ERRORS.hasChildren);
    await c.deleteRoutine(routine.id);
    await c.deleteMovement(movement.id);
    await c.deleteActivity(activity.id);
    expect(await backend.catalog.getActivity(activity.id)).toBeNull();
  });
});

