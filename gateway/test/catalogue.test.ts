import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, SOCKET_ERRORS, type TLiveAnalysis, type TLivePractice, type TMovescoreGroup, type TPerspective, type TUser } from '@movelab/shared';
import { buildReference, generateTake } from '@movelab/shared/movescore/index';
import { call, newListedAdmin, newUser, startGateway, type TGateway } from './helpers.js';
import { roundTrip } from './live-sockets.js';

const run = promisify(execFile);
let gw: TGateway;
let admin: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  gw = await startGateway({ SEED_DEMO: 'true', ADMIN_EMAILS: 'chief@example.com' });
  admin = await newListedAdmin(gw, 'chief@example.com', 'Chief');
});
afterAll(() => gw.close());

describe('movescore counts', () => {
  it('keeps movementCount and perspectiveCount right through creates and deletes', async () => {
    const token = admin.token;
    const group = (await call<TMovescoreGroup>(gw.url, 'POST', '/api/movescore-groups', { token, body: { name: 'Hinge' } })).body;
    const base = `/api/movescore-groups/${group.id}`;
    const m1 = (await call(gw.url, 'POST', `${base}/movements`, { token, body: { name: 'Deadlift' } })).body;
    await call(gw.url, 'POST', `${base}/movements`, { token, body: { name: 'Good morning' } });
    expect((await call(gw.url, 'GET', base, { token })).body.movementCount).toBe(2);
    await call(gw.url, 'POST', `${base}/movements/${m1.id}/perspectives`, { token, body: { name: 'Side', view: 'side' } });
    const p2 = (await call(gw.url, 'POST', `${base}/movements/${m1.id}/perspectives`, { token, body: { name: 'Front' } })).body;
    expect((await call(gw.url, 'GET', `${base}/movements/${m1.id}`, { token })).body.perspectiveCount).toBe(2);
    await call(gw.url, 'DELETE', `${base}/movements/${m1.id}/perspectives/${p2.id}`, { token });
    expect((await call(gw.url, 'GET', `${base}/movements/${m1.id}`, { token })).body.perspectiveCount).toBe(1);
    const blocked = await call(gw.url, 'DELETE', `${base}/movements/${m1.id}`, { token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe(APP_ERRORS.hasChildren);
    expect((await call(gw.url, 'DELETE', `${base}/movements/${m1.id}?children=cascade`, { token })).status).toBe(204);
    expect((await call(gw.url, 'GET', base, { token })).body.movementCount).toBe(1);
    expect((await call(gw.url, 'DELETE', base, { token })).status).toBe(409);
    expect((await call(gw.url, 'DELETE', `${base}?children=cascade`, { token })).status).toBe(204);
    expect((await call(gw.url, 'GET', base, { token })).status).toBe(404);
  });

  it('loads groups by ids in the order asked, skipping missing ones; a PATCH keeps unsent fields', async () => {
    const token = admin.token;
    const found = await call<TMovescoreGroup[]>(gw.url, 'POST', '/api/movescore-groups/by-ids', {
      token,
      body: { ids: ['push-up', 'gone', 'squat'] },
    });
    expect(found.body.map((group) => group.id)).toEqual(['push-up', 'squat']);
    const patched = await call(gw.url, 'PATCH', '/api/movescore-groups/lunge', { token, body: { name: 'Lunges' } });
    expect(patched.body).toMatchObject({ name: 'Lunges', coverUrl: '/media/covers/lunge.svg', movementCount: 2 });
  });
});

describe('perspective kind', () => {
  it('stores the movement kind an admin picks, refuses an unknown one, and keeps it equal to the kind its reference was built as', async () => {
    const token = admin.token;
    const group = (await call<TMovescoreGroup>(gw.url, 'POST', '/api/movescore-groups', { token, body: { name: 'Kinds' } })).body;
    const movement = (await call(gw.url, 'POST', `/api/movescore-groups/${group.id}/movements`, { token, body: { name: 'Press-up' } })).body;
    const base = `/api/movescore-groups/${group.id}/movements/${movement.id}/perspectives`;
    const created = await call<TPerspective>(gw.url, 'POST', base, { token, body: { name: 'Side', view: 'side', kind: 'push-up' } });
    expect(created.status).toBe(200);
    expect((await call<TPerspective>(gw.url, 'GET', `${base}/${created.body.id}`, { token })).body.kind).toBe('push-up');
    const unknown = await call(gw.url, 'POST', base, { token, body: { name: 'Front', kind: 'dance' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe(APP_ERRORS.badRequest);
    expect(unknown.body.error.message).toMatch(/kind/);
    const badPatch = await call(gw.url, 'PATCH', `${base}/${created.body.id}`, { token, body: { kind: 'Squat' } });
    expect(badPatch.status).toBe(400);
    expect((await call<TPerspective>(gw.url, 'PATCH', `${base}/${created.body.id}`, { token, body: { kind: 'lunge' } })).body.kind).toBe('lunge');

    // A reference built as a squat: the perspective is a squat, and its kind cannot drift from it.
    const reference = buildReference(generateTake({ movement: 'squat', reps: 2, seed: 7 }), { kind: 'squat' });
    const mixed = await call(gw.url, 'POST', base, { token, body: { name: 'Back', kind: 'push-up', reference } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toMatch(/built as “Squat”, not “Push-up”/);
    const recorded = await call<TPerspective>(gw.url, 'PATCH', `${base}/${created.body.id}`, { token, body: { kind: 'squat', reference } });
    expect(recorded.status).toBe(200);
    const drift = await call(gw.url, 'PATCH', `${base}/${created.body.id}`, { token, body: { kind: 'curl' } });
    expect(drift.status).toBe(409);
    expect(drift.body.error).toMatchObject({ code: APP_ERRORS.conflict, message: expect.stringMatching(/record the reference again as “Biceps curl”/) });
    const kept = (await call<TPerspective>(gw.url, 'GET', `${base}/${created.body.id}`, { token })).body;
    expect(kept.kind).toBe('squat');
    expect(kept.reference).toEqual(reference);
    // Other fields still save, and the list counts only what was created.
    expect((await call<TPerspective>(gw.url, 'PATCH', `${base}/${created.body.id}`, { token, body: { name: 'Side view' } })).body).toMatchObject({ name: 'Side view', kind: 'squat' });
    expect((await call<TPerspective[]>(gw.url, 'GET', base, { token })).body).toHaveLength(1);
  });
});

describe('perspective reference', () => {
  it('refuses a malformed reference, and one whose push-up hips sag, saying why, and keeps the stored one', async () => {
    const token = admin.token;
    const group = (await call<TMovescoreGroup>(gw.url, 'POST', '/api/movescore-groups', { token, body: { name: 'References' } })).body;
    const movement = (await call(gw.url, 'POST', `/api/movescore-groups/${group.id}/movements`, { token, body: { name: 'Push-up' } })).body;
    const base = `/api/movescore-groups/${group.id}/movements/${movement.id}/perspectives`;
    const good = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
    const created = await call<TPerspective>(gw.url, 'POST', base, { token, body: { name: 'Side', view: 'side', kind: 'push-up', reference: good } });
    expect(created.status).toBe(200);
    const url = `${base}/${created.body.id}`;

    for (const reference of [{ version: 2, kind: 'push-up' }, 'a reference', { ...good, template: [] }, { ...good, rest: Number.MAX_VALUE }]) {
      const refused = await call(gw.url, 'PATCH', url, { token, body: { reference } });
      expect(refused.status, JSON.stringify(reference).slice(0, 80)).toBe(400);
      expect(refused.body.error.code).toBe(APP_ERRORS.badRequest);
      expect(refused.body.error.message).toMatch(/reference/);
    }
    // The hips 15° below a straight body line throughout: a demonstration of the fault, not of the push-up.
    const sagging = { ...good, template: good.template.map((row, f) => (good.features[f] === 'hip_sag' ? row.map(() => 15) : row)) };
    const refused = await call(gw.url, 'PATCH', url, { token, body: { reference: sagging } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/the hips sag about 15° below a straight body line/);
    expect((await call(gw.url, 'POST', base, { token, body: { name: 'Front', kind: 'push-up', reference: sagging } })).status).toBe(400);

    expect((await call<TPerspective>(gw.url, 'GET', url, { token })).body.reference).toEqual(good);
    expect((await call<TPerspective[]>(gw.url, 'GET', base, { token })).body).toHaveLength(1);
  });
});

describe('seed', () => {
  it('serves a consistent demo catalogue with its covers', async () => {
    const token = admin.token;
    const groups = (await call<TMovescoreGroup[]>(gw.url, 'GET', '/api/movescore-groups', { token })).body;
    expect(groups.length).toBeGreaterThanOrEqual(3);
    for (const group of groups) {
      const movements = (await call(gw.url, 'GET', `/api/movescore-groups/${group.id}/movements`, { token })).body;
      expect(group.movementCount).toBe(movements.length);
    }
    const cover = await fetch(`${gw.url}/media/covers/squat.svg`);
    expect(cover.headers.get('content-type')).toContain('image/svg+xml');
    expect((await call(gw.url, 'GET', '/api/routines', { token })).body.length).toBeGreaterThan(0);
  });

  it('gives every demo activity a picture shipped with the app', async () => {
    const activities = (await call<{ id: string; imageUrl: string }[]>(gw.url, 'GET', '/api/activities', { token: admin.token })).body;
    expect(activities.length).toBeGreaterThanOrEqual(3);
    for (const activity of activities) {
      expect(activity.imageUrl).toBe(`/media/covers/activities/${activity.id}.svg`);
      const picture = await fetch(`${gw.url}${activity.imageUrl}`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toContain('image/svg+xml');
      expect(await picture.text()).toMatch(/^<svg[^>]*viewBox="0 0 320 180"/);
    }
  });

  it('never seeds again on a restart, even after deletions', async () => {
    await call(gw.url, 'DELETE', '/api/movescore-groups/plank?children=cascade', { token: admin.token });
    const again = await startGateway({ DATA_DIR: gw.dataDir, SEED_DEMO: 'true' });
    try {
      const relogin = await call(again.url, 'POST', '/api/auth/sign-in', { body: { email: 'chief@example.com', password: 'secret-pass' } });
      const groups = await call<TMovescoreGroup[]>(again.url, 'GET', '/api/movescore-groups', { token: relogin.body.tokens.idToken });
      expect(groups.body.map((group) => group.id)).not.toContain('plank');
      expect(again.logs.some((line) => line.msg === 'demo catalogue seeded')).toBe(false);
    } finally {
      await again.close();
    }
  });
});

describe('admin:grant', () => {
  // Two CLI start-ups (npx tsx compiles on the fly): slow on a loaded 2-core machine.
  it('grants ADMIN to an existing account and explains an unknown e-mail', { timeout: 120_000 }, async () => {
    const user = await newUser(gw.url, 'Promoted');
    const env = { ...process.env, DATA_DIR: gw.dataDir };
    const cli = ['tsx', 'gateway/src/cli/admin-grant.ts'];
    const ok = await run('npx', [...cli, user.email], { env, cwd: `${import.meta.dirname}/../..` });
    expect(ok.stdout).toContain('ADMIN granted');
    expect((await call<TUser>(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token })).body.roles).toEqual(['ADMIN']);
    const missing = await run('npx', [...cli, 'ghost@example.com'], { env, cwd: `${import.meta.dirname}/../..` }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing).toMatchObject({ code: 1 });
    expect((missing as { stderr: string }).stderr).toContain('No account');
  });
});

describe('sockets', () => {
  const open = (token?: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(gw.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });

  it('refuses a handshake without a valid token', async () => {
    await expect(open()).rejects.toThrow(SOCKET_ERRORS.unauthenticated);
    await expect(open('garbage')).rejects.toThrow(SOCKET_ERRORS.unauthenticated);
  });

  it("sends analysis:created to the user's other devices and admins, not to others", async () => {
    const ann = await newUser(gw.url, 'Ann');
    const ben = await newUser(gw.url, 'Ben');
    const sockets = await Promise.all([open(ann.token), open(admin.token), open(ben.token)]);
    const [annOther, adminSocket, benSocket] = sockets;
    const received = { ann: [] as TLiveAnalysis[], admin: [] as TLiveAnalysis[], ben: [] as TLiveAnalysis[] };
    annOther.on('analysis:created', (live: TLiveAnalysis) => received.ann.push(live));
    adminSocket.on('analysis:created', (live: TLiveAnalysis) => received.admin.push(live));
    benSocket.on('analysis:created', (live: TLiveAnalysis) => received.ben.push(live));
    const body = { score: 0.82, groupId: 'squat', movementId: 'bodyweight-squat', perspectiveId: 'front', tempo: 'slow' };
    const created = await call(gw.url, 'POST', `/api/users/${ann.user.uid}/video_analysis`, { token: ann.token, body });
    expect(created.body).toMatchObject({ ...body, id: expect.any(String), createdAt: expect.any(String) });
    await expect.poll(() => received.ann.length + received.admin.length).toBe(2);
    expect(received.admin[0]).toMatchObject({ userId: ann.user.uid, userName: 'Ann', analysis: { id: created.body.id } });
    // The gateway sent the others theirs before its answer to the save: Ben's would be ahead of this one.
    await roundTrip(benSocket);
    expect(received.ben).toEqual([]);
    const listed = await call(gw.url, 'GET', `/api/users/${ann.user.uid}/video_analysis?limit=3`, { token: ann.token });
    expect(listed.body.map((entry: { id: string }) => entry.id)).toEqual([created.body.id]);
    sockets.forEach((socket) => socket.close());
  });

  it("sends practice:created once per finished practice to the user's other devices and admins, not to others", async () => {
    const cy = await newUser(gw.url, 'Cy');
    const dee = await newUser(gw.url, 'Dee');
    const sockets = await Promise.all([open(cy.token), open(admin.token), open(dee.token)]);
    const [cyOther, adminSocket, deeSocket] = sockets;
    const received = { cy: [] as TLivePractice[], admin: [] as TLivePractice[], dee: [] as TLivePractice[] };
    cyOther.on('practice:created', (live: TLivePractice) => received.cy.push(live));
    adminSocket.on('practice:created', (live: TLivePractice) => received.admin.push(live));
    deeSocket.on('practice:created', (live: TLivePractice) => received.dee.push(live));
    const body = { id: 'cy-practice-1-session', kind: 'practice', startedAt: new Date().toISOString(), durationMs: 90_000, reps: 12, score: 0.7 };
    const created = await call(gw.url, 'POST', '/api/user_stat_sessions', { token: cy.token, body });
    expect(created.body).toMatchObject({ id: body.id });
    await expect.poll(() => received.cy.length + received.admin.length).toBe(2);
    expect(received.admin[0]).toMatchObject({
      userId: cy.user.uid,
      userName: 'Cy',
      session: { id: body.id, reps: 12, score: 0.7, kind: 'practice' },
    });
    // A retried save stores nothing new and announces nothing again; a movescore session is not a practice.
    expect((await call(gw.url, 'POST', '/api/user_stat_sessions', { token: cy.token, body })).body.id).toBe(body.id);
    await call(gw.url, 'POST', '/api/user_stat_sessions', { token: cy.token, body: { ...body, id: 'cy-analysis-1-session', kind: 'movescore' } });
    // Anything those two saves announced was sent before their answers, so before these round trips'.
    await Promise.all(sockets.map(roundTrip));
    expect(received.admin).toHaveLength(1);
    expect(received.cy).toHaveLength(1);
    expect(received.dee).toEqual([]);
    sockets.forEach((socket) => socket.close());
  });
});
