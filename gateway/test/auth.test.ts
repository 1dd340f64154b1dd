import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@movelab/shared';
import { call, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ AUTH_MAX_FAILURES: '3' });
});
afterAll(() => gw.close());

const signUp = (email: string, password = 'secret-pass') => call(gw.url, 'POST', '/api/auth/sign-up', { body: { email, password } });
const signIn = (email: string, password = 'secret-pass') => call(gw.url, 'POST', '/api/auth/sign-in', { body: { email, password } });
const refresh = (token: string) =>
  call(gw.url, 'POST', '/api/auth/token', { body: { grant_type: 'refresh_token', refresh_token: token } });

describe('sessions', () => {
  it('signs up, signs in, and the token opens the account', async () => {
    const created = await signUp('Ada@Example.com');
    expect(created.status).toBe(200);
    expect(created.body.user.email).toBe('ada@example.com');
    const session = await signIn('ada@example.com');
    expect(session.status).toBe(200);
    const me = await call(gw.url, 'GET', '/api/auth/account', { token: session.body.tokens.idToken });
    expect(me.body.uid).toBe(created.body.user.uid);
  });

  it('rotates refresh tokens and revokes the family when a rotated one comes back', async () => {
    const first = (await signUp('rotate@example.com')).body.tokens.refreshToken;
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect(second.body.tokens.refreshToken).not.toBe(first);
    const reused = await refresh(first);
    expect(reused.body.error.code).toBe(AUTH_ERRORS.invalidRefreshToken);
    // The thief's reuse also ends the legitimate holder's session.
    expect((await refresh(second.body.tokens.refreshToken)).body.error.code).toBe(AUTH_ERRORS.invalidRefreshToken);
  });

  it('signing out ends the refresh token', async () => {
    const token = (await signUp('out@example.com')).body.tokens.refreshToken;
    expect((await call(gw.url, 'POST', '/api/auth/sign-out', { body: { refreshToken: token } })).status).toBe(204);
    expect((await refresh(token)).status).toBe(401);
  });
});

describe('identity error codes', () => {
  it.each([
    [{ email: '', password: 'secret-pass' }, AUTH_ERRORS.missingEmail],
    [{ email: 'x@example.com', password: '' }, AUTH_ERRORS.missingPassword],
    [{ email: 'not-an-email', password: 'secret-pass' }, AUTH_ERRORS.invalidEmail],
    [{ email: 'weak@example.com', password: '12345' }, AUTH_ERRORS.weakPassword],
  ])('sign-up %j answers %s', async (body, code) => {
    const response = await call(gw.url, 'POST', '/api/auth/sign-up', { body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
  });

  it('refuses a second account for one e-mail', async () => {
    await signUp('twice@example.com');
    expect((await signUp('TWICE@example.com')).body.error.code).toBe(AUTH_ERRORS.emailAlreadyInUse);
  });

  it('answers invalid-credential alike for an unknown e-mail and a wrong password', async () => {
    await signUp('known@example.com');
    expect((await signIn('unknown@example.com')).body.error.code).toBe(AUTH_ERRORS.invalidCredential);
    expect((await signIn('known@example.com', 'wrong-pass')).body.error.code).toBe(AUTH_ERRORS.invalidCredential);
  });

  it('locks an e-mail after too many failures, even with the right password', async () => {
    await signUp('locked@example.com');
    for (let i = 0; i < 3; i += 1) await signIn('locked@example.com', 'wrong-pass');
    const locked = await signIn('locked@example.com');
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe(AUTH_ERRORS.tooManyRequests);
  });

  it('refuses missing, garbage and expired-looking tokens with 401', async () => {
    expect((await call(gw.url, 'GET', '/api/auth/account')).status).toBe(401);
    const garbage = await call(gw.url, 'GET', '/api/auth/account', { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.error.code).toBe(AUTH_ERRORS.invalidIdToken);
  });

  it('answers user-token-expired for an expired token and requires-recent-login for old sign-ins', async () => {
    const created = (await signUp('old@example.com')).body;
    const secret = fs.readFileSync(path.join(gw.dataDir, 'token-secret'), 'utf8').trim();
    const forge = (authTime: number, exp: number) =>
      new SignJWT({ email: 'old@example.com', auth_time: authTime })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(created.user.uid)
        .setIssuer('movelab')
        .setIssuedAt(authTime)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const expired = await call(gw.url, 'GET', '/api/auth/account', { token: await forge(now - 7200, now - 3600) });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe(AUTH_ERRORS.userTokenExpired);
    const stale = await forge(now - 600, now + 3000);
    const change = await call(gw.url, 'PATCH', '/api/auth/account', { token: stale, body: { password: 'another-pass' } });
    expect(change.body.error.code).toBe(AUTH_ERRORS.requiresRecentLogin);
    expect((await signIn('old@example.com', 'another-pass')).status).toBe(400);
    const renamed = await call(gw.url, 'PATCH', '/api/auth/account', { token: stale, body: { displayName: 'Old Timer' } });
    expect(renamed.body.user.displayName).toBe('Old Timer');
  });
});

describe('password reset', () => {
  it('logs a single-use link that sets a new password and ends old sessions', async () => {
    const session = await signUp('reset@example.com', 'old-password');
    const sent = await call(gw.url, 'POST', '/api/auth/password-reset', { body: { email: 'reset@example.com' } });
    expect(sent.status).toBe(204);
    const line = gw.logs.find((entry) => entry.msg === 'password reset link');
    const link = new URL(String(line?.link));
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    const oobCode = link.searchParams.get('oobCode')!;
    const confirm = (newPassword: string) =>
      call(gw.url, 'POST', '/api/auth/password-reset/confirm', { body: { oobCode, newPassword } });
    expect((await confirm('new-password')).status).toBe(204);
    expect((await confirm('newer-password')).body.error.code).toBe(AUTH_ERRORS.invalidActionCode);
    expect((await signIn('reset@example.com', 'old-password')).status).toBe(400);
    expect((await signIn('reset@example.com', 'new-password')).status).toBe(200);
    expect((await refresh(session.body.tokens.refreshToken)).status).toBe(401);
  });

  it('answers 204 for an unknown e-mail and logs no link', async () => {
    const before = gw.logs.filter((entry) => entry.msg === 'password reset link').length;
    expect((await call(gw.url, 'POST', '/api/auth/password-reset', { body: { email: 'nobody@example.com' } })).status).toBe(204);
    expect(gw.logs.filter((entry) => entry.msg === 'password reset link').length).toBe(before);
  });
});
