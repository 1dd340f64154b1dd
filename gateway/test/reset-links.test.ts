import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@movelab/shared';
import { call, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

const signUp = (email: string, password = 'first-pass') => call(gw.url, 'POST', '/api/auth/sign-up', { body: { email, password } });
const signIn = (email: string, password: string) => call(gw.url, 'POST', '/api/auth/sign-in', { body: { email, password } });
const confirmReset = (oobCode: string, newPassword: string) =>
  call(gw.url, 'POST', '/api/auth/password-reset/confirm', { body: { oobCode, newPassword } });

/** Asks for a reset link for `email` and reads its code from the log, as the mail's reader would. */
async function resetCode(email: string, uid: string): Promise<string> {
  const sent = await call(gw.url, 'POST', '/api/auth/password-reset', { body: { email } });
  expect(sent.status).toBe(204);
  const line = gw.logs.findLast((entry) => entry.msg === 'password reset link' && entry.uid === uid);
  return new URL(String(line?.link)).searchParams.get('oobCode') ?? '';
}

/** The refusal an old link must meet, and the account's password still the owner's. */
async function expectVoid(oobCode: string, email: string, ownersPassword: string): Promise<void> {
  const used = await confirmReset(oobCode, 'attacker-pass');
  expect(used.status).toBe(400);
  expect(used.body.error.code).toBe(AUTH_ERRORS.invalidActionCode);
  expect((await signIn(email, 'attacker-pass')).status).toBe(400);
  expect((await signIn(email, ownersPassword)).status).toBe(200);
}

describe('outstanding password-reset links', () => {
  it('die when a newer link of the account is used', async () => {
    const { user } = (await signUp('two-links@example.com')).body;
    const older = await resetCode('two-links@example.com', user.uid);
    const newer = await resetCode('two-links@example.com', user.uid);
    expect(older).not.toBe(newer);
    expect((await confirmReset(newer, 'owners-new-pass')).status).toBe(204);
    await expectVoid(older, 'two-links@example.com', 'owners-new-pass');
  });

  it('die when the owner changes the password', async () => {
    const session = (await signUp('changed-pass@example.com')).body;
    const pending = await resetCode('changed-pass@example.com', session.user.uid);
    const changed = await call(gw.url, 'PATCH', '/api/auth/account', { token: session.tokens.idToken, body: { password: 'owners-new-pass' } });
    expect(changed.status).toBe(200);
    await expectVoid(pending, 'changed-pass@example.com', 'owners-new-pass');
  });

  it('die when the owner changes the e-mail: a link sent to the old address resets nothing', async () => {
    const session = (await signUp('old-address@example.com')).body;
    const sentToOldAddress = await resetCode('old-address@example.com', session.user.uid);
    const moved = await call(gw.url, 'PATCH', '/api/auth/account', { token: session.tokens.idToken, body: { email: 'new-address@example.com' } });
    expect(moved.status).toBe(200);
    await expectVoid(sentToOldAddress, 'new-address@example.com', 'first-pass');
  });

  it('a link asked for after the change still works', async () => {
    const session = (await signUp('after-change@example.com')).body;
    await call(gw.url, 'PATCH', '/api/auth/account', { token: session.tokens.idToken, body: { password: 'owners-new-pass' } });
    const fresh = await resetCode('after-change@example.com', session.user.uid);
    expect((await confirmReset(fresh, 'reset-pass')).status).toBe(204);
    expect((await signIn('after-change@example.com', 'reset-pass')).status).toBe(200);
  });
});

describe('checking a reset link before its form', () => {
  const check = (oobCode: string) => call(gw.url, 'POST', '/api/auth/password-reset/check', { body: { oobCode } });

  it("answers a usable link's e-mail and spends nothing; a used or made-up one is refused", async () => {
    const { user } = (await signUp('check-link@example.com')).body;
    const code = await resetCode('check-link@example.com', user.uid);

    const fresh = await check(code);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ email: 'check-link@example.com' });
    expect((await confirmReset(code, 'owners-new-pass')).status).toBe(204);

    const used = await check(code);
    expect(used.status).toBe(400);
    expect(used.body.error.code).toBe(AUTH_ERRORS.invalidActionCode);
    expect((await check('garbage')).body.error.code).toBe(AUTH_ERRORS.invalidActionCode);
  });
});
