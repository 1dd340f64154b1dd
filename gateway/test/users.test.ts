import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, AUTH_ERRORS, LIMITS, type TUser } from '@movelab/shared';
import { call, newListedAdmin, newUser, startGateway, type TGateway } from './helpers.js';
import { openSqlite } from '../src/db/sqlite.js';

let gw: TGateway;
let admin: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  gw = await startGateway({ ADMIN_EMAILS: 'boss@example.com' });
  admin = await newListedAdmin(gw, 'boss@example.com', 'Boss');
});
afterAll(() => gw.close());

const documentCount = () => {
  const db = openSqlite(path.join(gw.dataDir, 'movelab.db'), { readonly: true });
  const n = (db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n;
  db.close();
  return n;
};

describe('user records', () => {
  it("creates the record with no roles and 'New User' as the name by default, whatever the body says", async () => {
    const signUp = await call(gw.url, 'POST', '/api/auth/sign-up', { body: { email: 'plain@example.com', password: 'secret-pass' } });
    const uid = signUp.body.user.uid;
    const created = await call<TUser>(gw.url, 'PUT', `/api/users/${uid}`, {
      token: signUp.body.tokens.idToken,
      body: { email: 'plain@example.com', roles: ['ADMIN'] },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ displayName: 'New User', displayNameLowercase: 'new user', roles: [] });
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const user = await newUser(gw.url, 'Bad Body');
    const before = documentCount();
    const bad = await call(gw.url, 'PATCH', `/api/users/${user.user.uid}`, { token: user.token, body: { height: 5000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(APP_ERRORS.badRequest);
    const roles = await call(gw.url, 'PATCH', `/api/users/${user.user.uid}`, { token: user.token, body: { roles: ['ADMIN'] } });
    expect(roles.status).toBe(400);
    const notJson = await call(gw.url, 'POST', `/api/users/${user.user.uid}/video_analysis`, { token: user.token, body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(documentCount()).toBe(before);
    expect((await call<TUser>(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token })).body.roles).toEqual([]);
  });

  it('answers 413 for an oversized body', async () => {
    const user = await newUser(gw.url, 'Big');
    const huge = { score: 0.5, groupId: 'g', movementId: 'm', perspectiveId: 'p', note: 'x'.repeat(LIMITS.jsonBodyBytes) };
    const response = await call(gw.url, 'POST', `/api/users/${user.user.uid}/video_analysis`, { token: user.token, body: huge });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe(APP_ERRORS.payloadTooLarge);
  });

  it("refuses another user's data and admin writes from a non-admin", async () => {
    const alice = await newUser(gw.url, 'Alice');
    const bob = await newUser(gw.url, 'Bob');
    expect((await call(gw.url, 'GET', `/api/users/${bob.user.uid}`, { token: alice.token })).status).toBe(403);
    expect((await call(gw.url, 'PATCH', `/api/users/${bob.user.uid}`, { token: alice.token, body: { displayName: 'X' } })).status).toBe(403);
    expect((await call(gw.url, 'GET', `/api/users/${bob.user.uid}/video_analysis`, { token: alice.token })).status).toBe(403);
    const grab = await call(gw.url, 'PUT', `/api/users/${alice.user.uid}/roles`, { token: alice.token, body: { roles: ['ADMIN'] } });
    expect(grab.status).toBe(403);
    expect((await call(gw.url, 'POST', '/api/movescore-groups', { token: alice.token, body: { name: 'Mine' } })).status).toBe(403);
    expect((await call(gw.url, 'GET', `/api/users/${bob.user.uid}`, { token: admin.token })).status).toBe(200);
    expect((await call(gw.url, 'GET', '/api/users/nobody-here', { token: admin.token })).status).toBe(404);
  });

  it('keeps the last admin and takes ADMIN away at once when revoked', async () => {
    const last = await call(gw.url, 'PUT', `/api/users/${admin.user.uid}/roles`, { token: admin.token, body: { roles: [] } });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe(APP_ERRORS.lastAdmin);
    const carol = await newUser(gw.url, 'Carol');
    await call(gw.url, 'PUT', `/api/users/${carol.user.uid}/roles`, { token: admin.token, body: { roles: ['ADMIN'] } });
    expect((await call(gw.url, 'GET', '/api/users/count', { token: carol.token })).status).toBe(200);
    await call(gw.url, 'PUT', `/api/users/${carol.user.uid}/roles`, { token: admin.token, body: { roles: [] } });
    expect((await call(gw.url, 'GET', '/api/users/count', { token: carol.token })).status).toBe(403);
  });

  it('disabling an account refuses its token, refresh and sign-in', async () => {
    const dave = await newUser(gw.url, 'Dave');
    const off = await call<TUser>(gw.url, 'PUT', `/api/users/${dave.user.uid}/disabled`, { token: admin.token, body: { disabled: true } });
    expect(off.body.disabled).toBe(true);
    expect((await call(gw.url, 'GET', '/api/auth/account', { token: dave.token })).body.error.code).toBe(AUTH_ERRORS.userDisabled);
    const refresh = await call(gw.url, 'POST', '/api/auth/token', { body: { grant_type: 'refresh_token', refresh_token: dave.tokens.refreshToken } });
    expect(refresh.status).toBe(401);
    const signIn = await call(gw.url, 'POST', '/api/auth/sign-in', { body: { email: dave.email, password: 'secret-pass' } });
    expect(signIn.body.error.code).toBe(AUTH_ERRORS.userDisabled);
  });
});

describe('user filter', () => {
  it('pages forwards and backwards through a name prefix with no gaps or repeats', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `Pager ${String.fromCharCode(65 + i)}`);
    for (const name of names) await newUser(gw.url, name);
    await newUser(gw.url, 'Zed Outsider');
    const seen: string[] = [];
    const pages: { items: TUser[]; nextCursor: string | null; prevCursor: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/users?name=pager&limit=3${cursor ? `&startAfter=${cursor}` : ''}`;
      const page = await call(gw.url, 'GET', query, { token: admin.token });
      expect(page.status).toBe(200);
      pages.push(page.body);
      seen.push(...page.body.items.map((user: TUser) => user.displayName));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(names);
    expect(pages[0]!.prevCursor).toBeNull();
    const back = await call(gw.url, 'GET', `/api/users?name=pager&limit=3&endBefore=${pages[2]!.prevCursor}`, { token: admin.token });
    expect(back.body.items.map((user: TUser) => user.displayName)).toEqual(names.slice(3, 6));
    const byEmail = await call(gw.url, 'GET', '/api/users?email=boss@', { token: admin.token });
    expect(byEmail.body.items.map((user: TUser) => user.email)).toEqual(['boss@example.com']);
    expect((await call(gw.url, 'GET', '/api/users?startAfter=garbage', { token: admin.token })).status).toBe(400);
  });
});

describe('files', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

  it('stores an avatar served only with its token, and refuses other types and sizes', async () => {
    const erin = await newUser(gw.url, 'Erin');
    const target = `/api/users/${erin.user.uid}/avatar`;
    expect((await call(gw.url, 'GET', target, { token: erin.token })).body.url).toBe('');
    const svg = await call(gw.url, 'PUT', target, { token: erin.token, raw: Buffer.from('<svg onload="alert(1)"/>'), contentType: 'image/png' });
    expect(svg.status).toBe(415);
    const big = await call(gw.url, 'PUT', target, {
      token: erin.token,
      raw: Buffer.concat([png, Buffer.alloc(LIMITS.imageBytes)]),
      contentType: 'image/png',
    });
    expect(big.status).toBe(413);
    const saved = await call(gw.url, 'PUT', target, { token: erin.token, raw: png, contentType: 'image/png' });
    expect(saved.status).toBe(200);
    const download = await fetch(`${gw.url}${saved.body.url}`);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    const withoutToken = await fetch(`${gw.url}${saved.body.url.split('?')[0]}`);
    expect(withoutToken.status).toBe(404);
    const wrongToken = await fetch(`${gw.url}${saved.body.url.split('?')[0]}?token=${'a'.repeat(32)}`);
    expect(wrongToken.status).toBe(404);
    expect(fs.existsSync(path.join(gw.dataDir, 'files', 'avatars', erin.user.uid))).toBe(true);
  });
});
