/**
 * A user record's e-mail is its account's (firestore.rules isOwnEmail in Firebase mode): nobody
 * appears in the admin's list or e-mail search under another person's address.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, type TAuthSession, type TUser, type TUserPage } from '@movelab/shared';
import { call, newListedAdmin, startGateway, verifyEmail, type TGateway } from './helpers.js';
import { openSqlite } from '../src/db/sqlite.js';

const ADMIN = 'admin@example.com';
let gw: TGateway;
let admin: Awaited<ReturnType<typeof newListedAdmin>>;
beforeAll(async () => {
  gw = await startGateway({ ADMIN_EMAILS: ADMIN, AUTH_RATE_LIMIT: '1000' });
  admin = await newListedAdmin(gw, ADMIN, 'Admin');
});
afterAll(() => gw.close());

const signUp = async (target: TGateway, email: string) =>
  (await call<TAuthSession>(target.url, 'POST', '/api/auth/sign-up', { body: { email, password: 'secret-pass' } })).body;
const putRecord = (target: TGateway, session: TAuthSession, email: string) =>
  call<TUser>(target.url, 'PUT', `/api/users/${session.user.uid}`, { token: session.tokens.idToken, body: { displayName: 'Someone', email } });
const patchRecord = (session: TAuthSession, body: Record<string, unknown>, token = session.tokens.idToken) =>
  call<TUser>(gw.url, 'PATCH', `/api/users/${session.user.uid}`, { token, body });
const getRecord = (target: TGateway, uid: string) => call<TUser>(target.url, 'GET', `/api/users/${uid}`, { token: admin.token });

/** What the admin's e-mail search finds for `prefix`. */
async function searched(target: TGateway, prefix: string, token = admin.token): Promise<TUser[]> {
  const page = await call<TUserPage>(target.url, 'GET', `/api/users?email=${encodeURIComponent(prefix)}`, { token });
  return page.body.items;
}

describe("the user record's e-mail", () => {
  it("refuses a first record under another account's address and stores nothing", async () => {
    const mallory = await signUp(gw, 'mallory@example.com');
    for (const email of [ADMIN, 'ADMIN@Example.com ']) {
      const created = await putRecord(gw, mallory, email);
      expect(created.status).toBe(403);
      expect(created.body).toMatchObject({ error: { code: APP_ERRORS.forbidden } });
    }
    expect((await getRecord(gw, mallory.user.uid)).status).toBe(404);
    expect((await putRecord(gw, mallory, 'Mallory@example.com')).body.email).toBe('mallory@example.com');
  });

  it('refuses a profile update naming another address and changes nothing', async () => {
    const bob = await signUp(gw, 'bob@example.com');
    await putRecord(gw, bob, 'bob@example.com');
    const moved = await patchRecord(bob, { email: ADMIN, displayName: 'Impostor' });
    expect(moved.status).toBe(403);
    expect(moved.body).toMatchObject({ error: { code: APP_ERRORS.forbidden } });
    expect((await getRecord(gw, bob.user.uid)).body).toMatchObject({ email: 'bob@example.com', displayName: 'Someone' });
    // Their own address, in any case, is still accepted (the client sends it after a change).
    expect((await patchRecord(bob, { email: 'BOB@example.com', height: 180 })).body).toMatchObject({ email: 'bob@example.com', height: 180 });
  });

  it('leaves one row under the admin address, the admin with the role', async () => {
    const found = await searched(gw, 'admin@');
    expect(found.map((user) => [user.id, user.email, user.roles])).toEqual([[admin.user.uid, ADMIN, ['ADMIN']]]);
  });

  it("follows the account's e-mail when it changes, and after it is verified", async () => {
    const carol = await signUp(gw, 'carol@example.com');
    await putRecord(gw, carol, 'carol@example.com');
    const changed = await call<TAuthSession>(gw.url, 'PATCH', '/api/auth/account', {
      token: carol.tokens.idToken,
      body: { email: 'Carol.New@example.com' },
    });
    expect(changed.status).toBe(200);
    expect((await getRecord(gw, carol.user.uid)).body.email).toBe('carol.new@example.com');
    await verifyEmail(gw, carol.user.uid);
    const token = changed.body.tokens.idToken;
    expect((await patchRecord(carol, { email: 'carol@example.com' }, token)).status).toBe(403);
    expect((await patchRecord(carol, { email: 'carol.new@example.com' }, token)).status).toBe(200);
    expect((await searched(gw, 'carol')).map((user) => user.email)).toEqual(['carol.new@example.com']);
  });

  it("gives a record stored under another's address back its own at start", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-email-'));
    const first = await startGateway({ DATA_DIR: dataDir });
    const eve = await signUp(first, 'eve@example.com');
    await putRecord(first, eve, 'eve@example.com');
    await first.close();
    const db = openSqlite(path.join(dataDir, 'movelab.db'));
    db.prepare("UPDATE documents SET data = json_set(data, '$.email', ?) WHERE collection = 'users' AND id = ?").run(ADMIN, eve.user.uid);
    db.close();

    const second = await startGateway({ DATA_DIR: dataDir });
    const own = await call<TUser>(second.url, 'GET', `/api/users/${eve.user.uid}`, { token: eve.tokens.idToken });
    expect(own.body.email).toBe('eve@example.com');
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
