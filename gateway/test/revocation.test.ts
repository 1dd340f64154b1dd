/**
 * Revocation reaches what was already handed out: after sign-out, a password change or a reset
 * the old access token is refused on REST and on a socket handshake, and open sockets follow
 * role changes, disabling and deletion at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, SOCKET_ERRORS, type TAuthSession } from '@movelab/shared';
import { call, newListedAdmin, newUser, startGateway, type TGateway } from './helpers.js';
import { collect, next, ok, open, request } from './live-sockets.js';

const ADMIN_EMAIL = 'warden@example.com';
const PASSWORD = 'secret-pass';

let gw: TGateway;
let admin: Awaited<ReturnType<typeof newListedAdmin>>;
beforeAll(async () => {
  gw = await startGateway({ ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: '1000' });
  admin = await newListedAdmin(gw, ADMIN_EMAIL, 'Warden');
});
afterAll(() => gw.close());

const account = (token: string) => call(gw.url, 'GET', '/api/auth/account', { token });
const signIn = (email: string, password = PASSWORD) => call<TAuthSession>(gw.url, 'POST', '/api/auth/sign-in', { body: { email, password } });
const analysis = { score: 0.5, groupId: 'g1', movementId: 'm1', perspectiveId: 'p1' };
const postAnalysis = (who: { token: string; user: { uid: string } }) =>
  call(gw.url, 'POST', `/api/users/${who.user.uid}/video_analysis`, { token: who.token, body: analysis });

/** Expects the token to be refused on REST (401) and on a new socket handshake. */
async function expectRefused(token: string) {
  const rest = await account(token);
  expect(rest.status).toBe(401);
  expect(rest.body.error.code).toBe(AUTH_ERRORS.userTokenExpired);
  await expect(open(gw.url, { token })).rejects.toThrow(SOCKET_ERRORS.tokenExpired);
}

describe('ended sign-ins', () => {
  it('signing out refuses that sign-in’s access token and disconnects its sockets, other sign-ins go on', async () => {
    const user = await newUser(gw.url, 'Leaving');
    const other = (await signIn(user.email)).body;
    const socket = await open(gw.url, { token: user.token });
    const otherSocket = await open(gw.url, { token: other.tokens.idToken });
    const disconnected = next(socket, 'disconnect');
    expect((await call(gw.url, 'POST', '/api/auth/sign-out', { body: { refreshToken: user.tokens.refreshToken } })).status).toBe(204);
    await disconnected;
    await expectRefused(user.token);
    expect((await account(other.tokens.idToken)).status).toBe(200);
    expect(otherSocket.connected).toBe(true);
    otherSocket.close();
  });

  it('a new password refuses every other sign-in’s tokens and disconnects their sockets; the new token works', async () => {
    const user = await newUser(gw.url, 'Changer');
    const laptop = (await signIn(user.email)).body;
    const phoneSocket = await open(gw.url, { token: user.token });
    const disconnected = next(phoneSocket, 'disconnect');
    const changed = await call<TAuthSession>(gw.url, 'PATCH', '/api/auth/account', {
      token: laptop.tokens.idToken,
      body: { password: 'brand-new-pass' },
    });
    expect(changed.status).toBe(200);
    await disconnected;
    await expectRefused(user.token);
    await expectRefused(laptop.tokens.idToken);
    expect((await account(changed.body.tokens.idToken)).status).toBe(200);
    const fresh = await open(gw.url, { token: changed.body.tokens.idToken });
    expect(fresh.connected).toBe(true);
    fresh.close();
  });

  it('a password reset refuses the old access tokens', async () => {
    const user = await newUser(gw.url, 'Forgetful');
    expect((await call(gw.url, 'POST', '/api/auth/password-reset', { body: { email: user.email } })).status).toBe(204);
    const line = gw.logs.findLast((entry) => entry.msg === 'password reset link' && entry.uid === user.user.uid);
    const oobCode = new URL(String(line?.link)).searchParams.get('oobCode');
    const reset = await call(gw.url, 'POST', '/api/auth/password-reset/confirm', { body: { oobCode, newPassword: 'reset-pass' } });
    expect(reset.status).toBe(204);
    await expectRefused(user.token);
    expect((await signIn(user.email, 'reset-pass')).status).toBe(200);
  });
});

describe('open sockets follow the account', () => {
  it('a demoted admin’s socket stops receiving other users’ analyses at once', async () => {
    const deputy = await newUser(gw.url, 'Deputy');
    const setRoles = (roles: string[]) => call(gw.url, 'PUT', `/api/users/${deputy.user.uid}/roles`, { token: admin.token, body: { roles } });
    expect((await setRoles(['ADMIN'])).status).toBe(200);
    const deputySocket = await open(gw.url, { token: deputy.token });
    const adminSocket = await open(gw.url, { token: admin.token });
    const seenByDeputy = collect(deputySocket, 'analysis:created');
    const athlete = await newUser(gw.url, 'Athlete');

    const first = next(deputySocket, 'analysis:created');
    expect((await postAnalysis(athlete)).status).toBe(200);
    await first;
    expect((await setRoles([])).status).toBe(200);
    // The admin who stayed receives the next one; by then the demoted socket would have too.
    const adminSees = next(adminSocket, 'analysis:created');
    expect((await postAnalysis(athlete)).status).toBe(200);
    await adminSees;
    const ownEcho = next(deputySocket, 'analysis:created');
    expect((await postAnalysis(deputy)).status).toBe(200);
    await ownEcho; // its own analyses still reach it (user room), after the athlete's would have
    expect(seenByDeputy.map((live: { userId: string }) => live.userId)).toEqual([athlete.user.uid, deputy.user.uid]);
    deputySocket.close();
    adminSocket.close();
  });

  it('a disabled user’s socket is disconnected and cannot come back or open a session', async () => {
    const user = await newUser(gw.url, 'Banned');
    const socket = await open(gw.url, { token: user.token });
    await ok(request(socket, 'session:create', {}));
    const disconnected = next(socket, 'disconnect');
    const disabled = await call(gw.url, 'PUT', `/api/users/${user.user.uid}/disabled`, { token: admin.token, body: { disabled: true } });
    expect(disabled.status).toBe(200);
    await disconnected;
    await expect(open(gw.url, { token: user.token })).rejects.toThrow(SOCKET_ERRORS.userDisabled);
  });

  it('a deleted user’s socket is disconnected and its token refused', async () => {
    const user = await newUser(gw.url, 'Gone');
    const socket = await open(gw.url, { token: user.token });
    const disconnected = next(socket, 'disconnect');
    expect((await call(gw.url, 'DELETE', '/api/auth/account', { token: user.token })).status).toBe(204);
    await disconnected;
    expect((await account(user.token)).status).toBe(401);
    await expect(open(gw.url, { token: user.token })).rejects.toThrow(SOCKET_ERRORS.unauthenticated);
  });
});
