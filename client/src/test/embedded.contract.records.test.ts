// @vitest-environment node
/// <reference types="node" />
/**
 * The backend port's user records, run against the embedded adapter over a REAL gateway: the
 * signed-in user's own record, sets, avatar and history, kept from other users; and the admin's
 * user list.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { compareHistoryItems } from '@movelab/shared';
import { loadOrCreateUser } from '@/app/session';
import { ADMIN_EMAIL, PASSWORD, png, embeddedGatewaySuite } from './embedded-suite';
import { rejectionOf as failure, uniqueEmail } from './helpers';

const suite = embeddedGatewaySuite();
const { newBackend, newUser, newCategory } = suite;

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

  it('starts a new sign-up without asking for the record it does not have yet (no 404), and keeps an existing one', async () => {
    const answers: string[] = [];
    const realFetch = globalThis.fetch.bind(globalThis);
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      answers.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname} ${response.status}`);
      return response;
    });
    try {
      const backend = newBackend();
      const authUser = await backend.identity.signUp(uniqueEmail('start'), PASSWORD, 'Ada');
      const started = await loadOrCreateUser(backend, new QueryClient(), authUser);
      expect(started).toMatchObject({ uid: authUser.uid, displayName: 'Ada', roles: [] });
      const userRequests = answers.filter((answer) => answer.includes(`/api/users/${authUser.uid}`));
      expect(userRequests).toEqual([`PUT /api/users/${authUser.uid} 200`]);
      expect(answers.filter((answer) => answer.endsWith(' 404'))).toEqual([]);
      // The next start-up answers the record as it is now, never a new one.
      await backend.users.updateProfile(authUser.uid, { height: 181 });
      expect((await loadOrCreateUser(backend, new QueryClient(), authUser)).height).toBe(181);
    } finally {
      spy.mockRestore();
    }
  });

  it('adds and removes activities, subscribes to routines, saves the conversation id', async () => {
    const { backend, user } = await newUser('sets');
    const category = await newCategory('Strength');
    const activity = await suite.admin.backend.catalog.createActivity({ name: 'Squats', categoryId: category.id });
    const routine = await suite.admin.backend.catalog.createRoutine({
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
    await a.backend.catalog.createUserStatSession({
      kind: 'practice',
      activityId: null,
      routineId: null,
      startedAt: new Date().toISOString(),
      durationMs: 1000,
      reps: 9,
      score: null,
    });
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

describe('administration of users', () => {
  it('counts, filters with cursors, and sets roles', async () => {
    const users = suite.admin.backend.users;
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
