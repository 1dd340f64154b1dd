/**
 * The administration contract, against a real gateway: every admin operation is refused to a
 * non-admin with nothing changed, the last admin stays, a disabled account's token is refused,
 * and the cross-user analysis reads answer newest first. Counts under concurrent writes and the
 * user filter have files of their own (admin-counts, admin-user-filter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  APP_ERRORS,
  AUTH_ERRORS,
  buildPath,
  type TAdminAnalysis,
  type TApiName,
  type TMovescoreGroup,
  type TMovescoreMovement,
  type TUser,
} from '@movelab/shared';
import { startAdminGateway, stateDigest as digestOf, type TSession } from './admin-gateway.js';
import { call, newUser, type TGateway } from './helpers.js';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

let gw: TGateway;
let admin: TSession;
let plain: TSession;

beforeAll(async () => {
  ({ gw, admin, plain } = await startAdminGateway());
});
afterAll(() => gw.close());

const stateDigest = () => digestOf(gw);

const post = <T = any>(token: string, pathName: string, body: unknown) => call<T>(gw.url, 'POST', pathName, { token, body });
const get = <T = any>(token: string, pathName: string) => call<T>(gw.url, 'GET', pathName, { token });

/** Builds one of everything, so that each admin call below targets a real record. */
async function seedCatalogue() {
  const token = admin.token;
  const group = (await post<TMovescoreGroup>(token, '/api/movescore-groups', { name: 'Squat family' })).body;
  const movement = (await post<TMovescoreMovement>(token, `/api/movescore-groups/${group.id}/movements`, { name: 'Air squat' })).body;
  const perspective = (await post(token, `/api/movescore-groups/${group.id}/movements/${movement.id}/perspectives`, { name: 'Side' })).body;
  const category = (await post(token, '/api/activity_categories', { name: 'Strength' })).body;
  const activity = (await post(token, '/api/activities', { name: 'Leg day', categoryId: category.id })).body;
  const activityMovement = (await post(token, '/api/movements', { activityId: activity.id, name: 'Lunge' })).body;
  const routine = (
    await post(token, '/api/routines', { activityId: activity.id, name: 'Ten lunges', steps: [{ movementId: activityMovement.id, reps: 10 }] })
  ).body;
  return { group, movement, perspective, category, activity, activityMovement, routine };
}

describe('admin operations refuse a non-admin', () => {
  it('answers 403 (and 401 without a token) for every admin endpoint and changes nothing', async () => {
    const seeded = await seedCatalogue();
    await post(plain.token, `/api/users/${plain.user.uid}/video_analysis`, { score: 0.5, groupId: 'g', movementId: 'm', perspectiveId: 'p' });
    const params: Record<string, string> = {
      uid: admin.user.uid,
      groupId: seeded.group.id,
      movementId: seeded.movement.id,
      perspectiveId: seeded.perspective.id,
      categoryId: seeded.category.id,
      activityId: seeded.activity.id,
      routineId: seeded.routine.id,
    };
    // Valid bodies, so the refusal can only come from the missing role.
    const bodies: Partial<Record<TApiName, unknown>> = {
      setRoles: { roles: [] },
      setDisabled: { disabled: true },
      createGroup: { name: 'Hijack' },
      updateGroup: { name: 'Hijacked' },
      createGroupMovement: { name: 'Hijack' },
      updateGroupMovement: { name: 'Hijacked' },
      createPerspective: { name: 'Hijack' },
      updatePerspective: { name: 'Hijacked' },
      createCategory: { name: 'Hijack' },
      updateCategory: { name: 'Hijacked' },
      createActivity: { name: 'Hijack', categoryId: seeded.category.id },
      updateActivity: { name: 'Hijacked' },
      createMovement: { activityId: seeded.activity.id, name: 'Hijack' },
      updateMovement: { name: 'Hijacked' },
      createRoutine: { activityId: seeded.activity.id, name: 'Hijack', steps: [{ movementId: seeded.activityMovement.id, seconds: 5 }] },
      updateRoutine: { name: 'Hijacked' },
    };
    const adminEndpoints = (Object.entries(API) as [TApiName, (typeof API)[TApiName]][]).filter(([, endpoint]) => endpoint.access === 'admin');
    expect(adminEndpoints.length).toBeGreaterThanOrEqual(30);
    const before = stateDigest();
    for (const [name, endpoint] of adminEndpoints) {
      const target = buildPath(endpoint.path, params) + (endpoint.method === 'DELETE' ? '?children=cascade' : '');
      const isUpload = 'upload' in endpoint && endpoint.upload === 'image';
      const options = isUpload ? { raw: png, contentType: 'image/png' } : { body: bodies[name] };
      const refused = await call(gw.url, endpoint.method, target, { ...options, token: plain.token });
      expect({ name, status: refused.status, code: refused.body?.error?.code }).toEqual({ name, status: 403, code: APP_ERRORS.forbidden });
      const anonymous = await call(gw.url, endpoint.method, target, options);
      expect({ name, status: anonymous.status }).toEqual({ name, status: 401 });
    }
    expect(stateDigest()).toBe(before);
    // The same request from an admin goes through: the bodies were fine, the role was missing.
    const renamed = await call<TMovescoreGroup>(gw.url, 'PATCH', `/api/movescore-groups/${seeded.group.id}`, {
      token: admin.token,
      body: bodies.updateGroup,
    });
    expect(renamed.body.name).toBe('Hijacked');
  });
});

describe('roles and accounts', () => {
  it('refuses to remove the last admin and lets a second admin in at once', async () => {
    const alone = await call(gw.url, 'PUT', `/api/users/${admin.user.uid}/roles`, { token: admin.token, body: { roles: [] } });
    expect(alone.status).toBe(409);
    expect(alone.body.error.code).toBe(APP_ERRORS.lastAdmin);
    expect((await get<TUser>(admin.token, `/api/users/${admin.user.uid}`)).body.roles).toEqual(['ADMIN']);

    const deputy = await newUser(gw.url, 'Deputy');
    expect((await get(deputy.token, '/api/users/count')).status).toBe(403);
    const granted = await call<TUser>(gw.url, 'PUT', `/api/users/${deputy.user.uid}/roles`, { token: admin.token, body: { roles: ['ADMIN'] } });
    expect(granted.body.roles).toEqual(['ADMIN']);
    // Roles are read on every request: the same token now opens the admin endpoints.
    expect((await get(deputy.token, '/api/users/count')).status).toBe(200);

    // With two admins, one may step down; then the other is the last and stays.
    expect((await call(gw.url, 'PUT', `/api/users/${deputy.user.uid}/roles`, { token: deputy.token, body: { roles: [] } })).status).toBe(200);
    expect((await get(deputy.token, '/api/users/count')).status).toBe(403);
    expect((await call(gw.url, 'PUT', `/api/users/${admin.user.uid}/roles`, { token: admin.token, body: { roles: [] } })).status).toBe(409);
  });

  it('disables an account: its token is refused until enabled again; an admin cannot disable itself', async () => {
    const target = await newUser(gw.url, 'Sleeper');
    const off = await call<TUser>(gw.url, 'PUT', `/api/users/${target.user.uid}/disabled`, { token: admin.token, body: { disabled: true } });
    expect(off.body.disabled).toBe(true);
    const refused = await get(target.token, `/api/users/${target.user.uid}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(AUTH_ERRORS.userDisabled);
    const signIn = await call(gw.url, 'POST', '/api/auth/sign-in', { body: { email: target.email, password: 'secret-pass' } });
    expect(signIn.body.error.code).toBe(AUTH_ERRORS.userDisabled);

    const self = await call(gw.url, 'PUT', `/api/users/${admin.user.uid}/disabled`, { token: admin.token, body: { disabled: true } });
    expect(self.status).toBe(409);

    const on = await call<TUser>(gw.url, 'PUT', `/api/users/${target.user.uid}/disabled`, { token: admin.token, body: { disabled: false } });
    expect(on.body.disabled).toBe(false);
    const back = await call(gw.url, 'POST', '/api/auth/sign-in', { body: { email: target.email, password: 'secret-pass' } });
    expect(back.status).toBe(200);
    expect((await get(back.body.tokens.idToken, `/api/users/${target.user.uid}`)).status).toBe(200);
  });

  it('counts only enabled admins: the last enabled one can neither step down nor be left alone', async () => {
    const deputy = await newUser(gw.url, 'Dormant');
    const setRoles = (uid: string, roles: string[]) => call(gw.url, 'PUT', `/api/users/${uid}/roles`, { token: admin.token, body: { roles } });
    expect((await setRoles(deputy.user.uid, ['ADMIN'])).status).toBe(200);
    const disabled = await call(gw.url, 'PUT', `/api/users/${deputy.user.uid}/disabled`, { token: admin.token, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    // A disabled admin cannot sign in: it does not keep the administration open.
    const stepDown = await setRoles(admin.user.uid, []);
    expect(stepDown.status).toBe(409);
    expect(stepDown.body.error.code).toBe(APP_ERRORS.lastAdmin);
    expect((await get<TUser>(admin.token, `/api/users/${admin.user.uid}`)).body.roles).toEqual(['ADMIN']);
    expect((await setRoles(deputy.user.uid, [])).status).toBe(200);
  });
});

describe('video analyses across users', () => {
  it('counts them all and lists the latest first, each with its owner', async () => {
    const startCount = (await get(admin.token, '/api/admin/video_analysis/count')).body.count as number;
    const ann = await newUser(gw.url, 'Ann');
    const ben = await newUser(gw.url, 'Ben');
    const save = (who: TSession, score: number) =>
      post(who.token, `/api/users/${who.user.uid}/video_analysis`, { score, groupId: 'g1', movementId: 'm1', perspectiveId: 'p1' });
    for (const [who, score] of [
      [ann, 0.1],
      [ben, 0.2],
      [ann, 0.3],
      [ben, 0.4],
    ] as const) {
      await save(who, score);
      // createdAt has millisecond precision: keep the order unambiguous.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await get(admin.token, '/api/admin/video_analysis/count')).body.count).toBe(startCount + 4);
    const latest = await get<TAdminAnalysis[]>(admin.token, '/api/admin/video_analysis?limit=3');
    expect(latest.status).toBe(200);
    expect(latest.body.map((entry) => [entry.userId, entry.score])).toEqual([
      [ben.user.uid, 0.4],
      [ann.user.uid, 0.3],
      [ben.user.uid, 0.2],
    ]);
    expect((await get(admin.token, '/api/admin/video_analysis?limit=0')).status).toBe(400);
  });
});
