/**
 * ADMIN_EMAILS trusts only a proven address: signing up as a listed address gives nothing until
 * the logged verification link is followed; changing one's e-mail to a listed one (and a
 * restart) gives nothing either until that address is verified in turn.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, type TAuthSession, type TUser } from '@movelab/shared';
import { call, startGateway, verificationCode, verifyEmail, type TGateway } from './helpers.js';

const LISTED = 'chief@example.com';
const started: TGateway[] = [];
afterAll(() => Promise.all(started.map((gw) => gw.close())));

async function start(overrides: Record<string, string> = {}) {
  const gw = await startGateway({ ADMIN_EMAILS: LISTED, AUTH_RATE_LIMIT: '1000', ...overrides });
  started.push(gw);
  return gw;
}

const signUp = (gw: TGateway, email: string) => call<TAuthSession>(gw.url, 'POST', '/api/auth/sign-up', { body: { email, password: 'secret-pass' } });
const createRecord = (gw: TGateway, session: TAuthSession, email: string) =>
  call<TUser>(gw.url, 'PUT', `/api/users/${session.user.uid}`, { token: session.tokens.idToken, body: { displayName: 'Someone', email } });
const isAdminNow = async (gw: TGateway, token: string) => (await call(gw.url, 'GET', '/api/users/count', { token })).status === 200;
const confirm = (gw: TGateway, oobCode: string) => call(gw.url, 'POST', '/api/auth/email-verification/confirm', { body: { oobCode } });

describe('ADMIN_EMAILS and e-mail verification', () => {
  it('a listed address is not admin at sign-up; following its logged link makes it admin', async () => {
    const gw = await start();
    const session = (await signUp(gw, LISTED)).body;
    expect(session.user.emailVerified).toBe(false);
    const record = await createRecord(gw, session, LISTED);
    expect(record.body.roles).toEqual([]);
    expect(await isAdminNow(gw, session.tokens.idToken)).toBe(false);

    const link = new URL(String(gw.logs.findLast((entry) => entry.msg === 'email verification link')?.link));
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const oobCode = verificationCode(gw, session.user.uid);
    const first = await confirm(gw, oobCode);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ alreadyVerified: false });
    expect(await isAdminNow(gw, session.tokens.idToken)).toBe(true);
    const account = await call(gw.url, 'GET', '/api/auth/account', { token: session.tokens.idToken });
    expect(account.body.emailVerified).toBe(true);
  });

  it('a verified account that signs up before its record exists gets ADMIN when the record is created', async () => {
    const gw = await start();
    const session = (await signUp(gw, LISTED)).body;
    await verifyEmail(gw, session.user.uid);
    expect((await createRecord(gw, session, LISTED)).body.roles).toEqual(['ADMIN']);
  });

  it('changing one’s e-mail to a listed address and restarting grants nothing until it is verified', async () => {
    // A data folder of the test's own, kept across the restart.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-verify-'));
    const first = await start({ DATA_DIR: dataDir });
    const session = (await signUp(first, 'someone@example.com')).body;
    await verifyEmail(first, session.user.uid);
    await createRecord(first, session, 'someone@example.com');
    const staleCode = verificationCode(first, session.user.uid);
    const changed = await call<TAuthSession>(first.url, 'PATCH', '/api/auth/account', {
      token: session.tokens.idToken,
      body: { email: LISTED },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.emailVerified).toBe(false);
    const newCode = verificationCode(first, session.user.uid);
    expect(newCode).not.toBe(staleCode);
    await first.close();

    const second = await start({ DATA_DIR: dataDir });
    const token = changed.body.tokens.idToken;
    expect(await isAdminNow(second, token)).toBe(false);
    expect((await call<TUser>(second.url, 'GET', `/api/users/${session.user.uid}`, { token })).body.roles).toEqual([]);
    // The link for the new address, logged before the restart, proves it.
    expect((await confirm(second, newCode)).body).toEqual({ alreadyVerified: false });
    expect(await isAdminNow(second, token)).toBe(true);
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a link for an address the account no longer has proves nothing', async () => {
    const gw = await start();
    const session = (await signUp(gw, LISTED)).body;
    const oldCode = verificationCode(gw, session.user.uid);
    const moved = await call<TAuthSession>(gw.url, 'PATCH', '/api/auth/account', {
      token: session.tokens.idToken,
      body: { email: 'moved@example.com' },
    });
    expect(moved.status).toBe(200);
    expect((await confirm(gw, oldCode)).body.error.code).toBe(AUTH_ERRORS.invalidActionCode);
    expect((await confirm(gw, 'not-a-code')).status).toBe(400);
  });

  it('a link opened again once its address is proven says it is already verified, and proves nothing new', async () => {
    const gw = await start();
    const session = (await signUp(gw, 'twice@example.com')).body;
    const oobCode = verificationCode(gw, session.user.uid);
    expect((await confirm(gw, oobCode)).body).toEqual({ alreadyVerified: false });
    const again = await confirm(gw, oobCode);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ alreadyVerified: true });
    // Once the address changes, the old link is void again, not "already verified".
    await call(gw.url, 'PATCH', '/api/auth/account', { token: session.tokens.idToken, body: { email: 'moved-on@example.com' } });
    expect((await confirm(gw, oobCode)).body.error.code).toBe(AUTH_ERRORS.invalidActionCode);
  });

  it('a signed-in user can ask for a new link; nobody else can', async () => {
    const gw = await start();
    const session = (await signUp(gw, 'asks@example.com')).body;
    const before = gw.logs.filter((entry) => entry.msg === 'email verification link').length;
    expect((await call(gw.url, 'POST', '/api/auth/email-verification', { token: session.tokens.idToken })).status).toBe(204);
    expect(gw.logs.filter((entry) => entry.msg === 'email verification link').length).toBe(before + 1);
    expect((await call(gw.url, 'POST', '/api/auth/email-verification')).status).toBe(401);
  });
});
