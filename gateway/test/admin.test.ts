/**
 * The administration contract, against a real gateway: every admin operation is refused to a
 * non-admin with nothing changed, counts stay exact under concurrent writes, the user filter
 * pages through 250 users with no gaps or repeats, the last admin stays, a disabled account's
 * token is refused, and the cross-user analysis reads answer newest first.
 */
import crypto from 'node:crypto';
import path from 'node:path';
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
  type TUserPage,
} from '@movelab/shared';
import { DocumentStore } from '../src/db/documents.js';
import { createUserRecord } from '../src/routes/users/records.js';
import { call, newListedAdmin, newUser, startGateway, type TGateway } from './helpers.js';
import { openSqlite } from '../src/db/sqlite.js';

type TSession = Awaited<ReturnType<typeof newUser>>;

const ADMIN_EMAIL = 'root@admin.test';
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

let gw: TGateway;
let admin: TSession;
let plain: TSession;

beforeAll(async () => {
  // A generous auth rate limit: this file signs up many accounts from one address.
  gw = await startGateway({ ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: '1000' });
  admin = await newListedAdmin(gw, ADMIN_EMAIL, 'Root');
  plain = await newUser(gw.url, 'Plain');
});
afterAll(() => gw.close());

function openDb(readonly = true) {
  return openSqlite(path.join(gw.dataDir, 'movelab.db'), { readonly });
}

/** A digest of everything an admin operation could change: documents, files, account flags. */
function stateDigest(): string {
  const db = openDb();
  try {
    const hash = crypto.createHash('sha256');
    const dump = (sql: string) => hash.update(JSON.stringify(db.prepare(sql).all()));
    dump('SELECT collection, parent_path, id, data FROM documents ORDER BY collection, parent_path, id');
    dump('SELECT path, token, size FROM files ORDER BY path');
    dump('SELECT uid, email, disabled FROM accounts ORDER BY uid');
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

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

describe('counts under concurrent writes', () => {
  it('keeps movementCount and perspectiveCount equal to the children while creates and deletes race', async () => {
    const token = admin.token;
    const group = (await post<TMovescoreGroup>(token, '/api/movescore-groups', { name: 'Race track' })).body;
    const base = `/api/movescore-groups/${group.id}`;
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => post<TMovescoreMovement>(token, `${base}/movements`, { name: `Move ${i}` })),
    );
    expect(created.every((response) => response.status === 200)).toBe(true);
    expect((await get<TMovescoreGroup>(token, base)).body.movementCount).toBe(24);

    const doomed = created.slice(0, 10).map((response) => response.body.id);
    await Promise.all([
      ...doomed.map((id) => call(gw.url, 'DELETE', `${base}/movements/${id}`, { token })),
      ...Array.from({ length: 7 }, (_, i) => post(token, `${base}/movements`, { name: `Late ${i}` })),
    ]);
    const movements = (await get<TMovescoreMovement[]>(token, `${base}/movements`)).body;
    expect(movements).toHaveLength(21);
    expect((await get<TMovescoreGroup>(token, base)).body.movementCount).toBe(21);

    const host = movements[0]!.id;
    const perspectives = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(token, `${base}/movements/${host}/perspectives`, { name: `View ${i}` })),
    );
    await Promise.all([
      ...perspectives.slice(0, 5).map((response) => call(gw.url, 'DELETE', `${base}/movements/${host}/perspectives/${response.body.id}`, { token })),
      ...Array.from({ length: 3 }, (_, i) => post(token, `${base}/movements/${host}/perspectives`, { name: `Extra ${i}` })),
    ]);
    expect((await get(token, `${base}/movements/${host}/perspectives`)).body).toHaveLength(10);
    expect((await get<TMovescoreMovement>(token, `${base}/movements/${host}`)).body.perspectiveCount).toBe(10);
  });

  it('counts groups exactly while groups are created and deleted at once', async () => {
    const token = admin.token;
    const start = (await get(token, '/api/movescore-groups/count')).body.count as number;
    const first = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post<TMovescoreGroup>(token, '/api/movescore-groups', { name: `Batch ${i}` })),
    );
    await Promise.all([
      ...first.slice(0, 6).map((response) => call(gw.url, 'DELETE', `/api/movescore-groups/${response.body.id}`, { token })),
      ...Array.from({ length: 4 }, (_, i) => post(token, '/api/movescore-groups', { name: `Second ${i}` })),
    ]);
    expect((await get(token, '/api/movescore-groups/count')).body.count).toBe(start + 13);
    const listed = (await get<TMovescoreGroup[]>(token, '/api/movescore-groups?prefix=Batch')).body;
    expect(listed).toHaveLength(9);
  });

  it('refuses to delete a group with children unless cascading, and then removes the whole tree', async () => {
    const token = admin.token;
    const group = (await post<TMovescoreGroup>(token, '/api/movescore-groups', { name: 'Doomed' })).body;
    const base = `/api/movescore-groups/${group.id}`;
    const movement = (await post(token, `${base}/movements`, { name: 'Only' })).body;
    await post(token, `${base}/movements/${movement.id}/perspectives`, { name: 'Front' });
    const before = stateDigest();
    const blocked = await call(gw.url, 'DELETE', base, { token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe(APP_ERRORS.hasChildren);
    expect(stateDigest()).toBe(before);
    expect((await call(gw.url, 'DELETE', `${base}?children=cascade`, { token })).status).toBe(204);
    expect((await get(token, base)).status).toBe(404);
    expect((await get(token, `${base}/movements/${movement.id}/perspectives`)).status).toBe(404);
    const db = openDb();
    const left = db.prepare('SELECT COUNT(*) AS n FROM documents WHERE parent_path LIKE ?').get(`movescore-groups/${group.id}%`) as { n: number };
    db.close();
    expect(left.n).toBe(0);
  });
});

describe('user filter over 250 users', () => {
  const SEEDED = 250;
  const seeded: TUser[] = [];

  beforeAll(() => {
    // Records written straight into the gateway's database file: 250 sign-ups would only time scrypt.
    const db = openDb(false);
    const docs = new DocumentStore(db);
    const firstNames = ['Pace', 'pace', 'Pacer', 'Paul', 'Quinn', 'Rae'];
    docs.transaction(() => {
      for (let i = 0; i < SEEDED; i += 1) {
        // Every seventh name repeats exactly, so the cursor must break ties on the id.
        const name = i % 7 === 0 ? 'Pace Twin' : `${firstNames[i % firstNames.length]} ${String((i * 37) % SEEDED).padStart(3, '0')}`;
        const email = `${i % 3 === 0 ? 'zz' : 'pm'}.${String((i * 53) % SEEDED).padStart(3, '0')}@seed.test`;
        const user = createUserRecord(`seed-${String(i).padStart(3, '0')}-${crypto.randomBytes(3).toString('hex')}`, email, name, []);
        seeded.push(docs.put('users', user));
      }
    });
    db.close();
  });

  const byField = (field: 'displayNameLowercase' | 'email') => (a: TUser, b: TUser) =>
    a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

  async function pageThrough(filter: string, limit: number) {
    const forward: TUserPage[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/users?${filter}&limit=${limit}${cursor ? `&startAfter=${encodeURIComponent(cursor)}` : ''}`;
      const page = await get<TUserPage>(admin.token, query);
      expect(page.status).toBe(200);
      forward.push(page.body);
      cursor = page.body.nextCursor;
    } while (cursor && forward.length < 100);
    const backward: TUserPage[] = [];
    cursor = forward.at(-1)!.prevCursor;
    while (cursor && backward.length < 100) {
      const page = await get<TUserPage>(admin.token, `/api/users?${filter}&limit=${limit}&endBefore=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      backward.push(page.body);
      cursor = page.body.prevCursor;
    }
    return { forward, backward };
  }

  const cases = [
    {
      label: 'by name prefix',
      filter: 'name=PACE',
      field: 'displayNameLowercase' as const,
      keep: (u: TUser) => u.displayNameLowercase.startsWith('pace'),
    },
    { label: 'by e-mail prefix', filter: 'email=pm.', field: 'email' as const, keep: (u: TUser) => u.email.startsWith('pm.') },
    { label: 'by name, no prefix', filter: 'name=', field: 'displayNameLowercase' as const, keep: () => true },
  ];

  it.each(cases)('pages $label forwards and backwards with no gaps and no repeats', async ({ filter, field, keep }) => {
    const everyone = (await get<TUserPage>(admin.token, '/api/users?limit=100')).body;
    expect(everyone.items.length).toBe(100);
    const others = [admin, plain].map((session) => session.user.uid);
    const all = [...seeded, ...(await Promise.all(others.map(async (uid) => (await get<TUser>(admin.token, `/api/users/${uid}`)).body)))];
    const expected = all
      .filter(keep)
      .sort(byField(field))
      .map((user) => user.id);
    expect(expected.length).toBeGreaterThan(40);

    const limit = 17;
    const { forward, backward } = await pageThrough(filter, limit);
    const forwardIds = forward.flatMap((page) => page.items.map((user) => user.id));
    expect(forwardIds).toEqual(expected);
    expect(new Set(forwardIds).size).toBe(forwardIds.length);
    expect(forward[0]!.prevCursor).toBeNull();
    expect(forward.at(-1)!.nextCursor).toBeNull();
    forward.slice(0, -1).forEach((page) => expect(page.items).toHaveLength(limit));

    // Backwards from the last page to the first: every user before it, once, in order.
    const backwardIds = [...backward].reverse().flatMap((page) => page.items.map((user) => user.id));
    const lastPageIds = forward.at(-1)!.items.map((user) => user.id);
    expect([...backwardIds, ...lastPageIds]).toEqual(expected);
    backward.forEach((page) => expect(page.nextCursor).not.toBeNull());
  });

  it('counts every user and refuses a forged cursor', async () => {
    const count = (await get(admin.token, '/api/users/count')).body.count;
    expect(count).toBe(SEEDED + 2);
    const forged = await get(admin.token, `/api/users?startAfter=${Buffer.from('{"x":1}').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe(APP_ERRORS.badRequest);
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
