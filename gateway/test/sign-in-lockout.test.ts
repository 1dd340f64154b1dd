/**
 * Wrong passwords lock an (address, account) pair, not the account: a stranger guessing from
 * one address cannot lock the owner (an admin here) out. A slower account-wide count is the
 * backstop against guesses from many addresses. Addresses come from X-Forwarded-For under
 * TRUST_PROXY=1, as behind the one proxy of a deployment.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, signInLockedMessage, ZRetryAfter } from '@movelab/shared';
import { call, newListedAdmin, startGateway, type TGateway } from './helpers.js';
import { startRedis } from './redis-server.js';

const started: TGateway[] = [];
const stops: (() => void)[] = [];
async function gateway(env: Record<string, string> = {}): Promise<TGateway> {
  const gw = await startGateway({ TRUST_PROXY: '1', ADMIN_EMAILS: 'owner@example.com', ...env });
  started.push(gw);
  return gw;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((gw) => gw.close()));
  stops.splice(0).forEach((stop) => stop());
});

type TAnswer = { status: number; code?: string; message?: string; details?: unknown; retryAfter: string | null };

async function signInFrom(gw: TGateway, address: string, password: string, email = 'owner@example.com'): Promise<TAnswer> {
  const response = await fetch(`${gw.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { error?: { code: string; message: string; details?: unknown } };
  return {
    status: response.status,
    code: body.error?.code,
    message: body.error?.message,
    details: body.error?.details,
    retryAfter: response.headers.get('retry-after'),
  };
}

async function failFrom(gw: TGateway, address: string, times: number): Promise<TAnswer[]> {
  const answers: TAnswer[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await signInFrom(gw, address, 'wrong-guess'));
  return answers;
}

const STRANGER = '203.0.113.66';
const OWNER_AT_HOME = '198.51.100.10';

describe('sign-in lockout per address and account', () => {
  it("a stranger's wrong guesses lock the stranger, not the owner: the admin still signs in from elsewhere", async () => {
    const gw = await gateway();
    await newListedAdmin(gw, 'owner@example.com');
    const guesses = await failFrom(gw, STRANGER, 5);
    expect(guesses.map((answer) => answer.code)).toEqual(Array(5).fill(AUTH_ERRORS.invalidCredential));

    const locked = await signInFrom(gw, STRANGER, 'secret-pass');
    expect(locked.status).toBe(429);
    expect(locked.code).toBe(AUTH_ERRORS.tooManyRequests);

    const owner = await signInFrom(gw, OWNER_AT_HOME, 'secret-pass');
    expect(owner.status).toBe(200);
  });

  it('the refusal says how long the lock holds: message, details.retryAfterSeconds and Retry-After', async () => {
    const gw = await gateway({ AUTH_LOCK_MINUTES: '15' });
    await failFrom(gw, STRANGER, 5);
    const locked = await signInFrom(gw, STRANGER, 'wrong-guess');
    expect(locked.status).toBe(429);
    const { retryAfterSeconds } = ZRetryAfter.parse(locked.details);
    expect(retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(locked.retryAfter).toBe(String(retryAfterSeconds));
    expect(locked.message).toBe('Too many failed attempts: try again in 15 minutes or reset your password');
    expect(locked.message).toBe(signInLockedMessage(retryAfterSeconds));
  });

  it('a locked address spends nothing more of the account count; guesses from many addresses lock the account at 10 times the limit', async () => {
    const gw = await gateway({ AUTH_MAX_FAILURES: '2' });
    await newListedAdmin(gw, 'owner@example.com');
    // One address hammering on after its lock: the account is not worn down.
    const hammering = await failFrom(gw, STRANGER, 30);
    expect(hammering.filter((answer) => answer.status === 429)).toHaveLength(28);
    expect((await signInFrom(gw, OWNER_AT_HOME, 'secret-pass')).status).toBe(200);

    // 2 guesses from each of 9 more addresses: with the stranger's 2, 20 = 10 x 2 failures.
    for (let host = 1; host <= 9; host += 1) {
      const answers = await failFrom(gw, `192.0.2.${host}`, 2);
      expect(answers.map((answer) => answer.status)).toEqual([400, 400]);
    }
    const backstop = await signInFrom(gw, '192.0.2.200', 'secret-pass');
    expect(backstop.status).toBe(429);
    expect(backstop.code).toBe(AUTH_ERRORS.tooManyRequests);
    expect(ZRetryAfter.safeParse(backstop.details).success).toBe(true);
  });

  it("the owner's right password starts the address's count again", async () => {
    const gw = await gateway({ AUTH_MAX_FAILURES: '2' });
    await newListedAdmin(gw, 'owner@example.com');
    for (let round = 0; round < 3; round += 1) {
      expect((await signInFrom(gw, OWNER_AT_HOME, 'typo')).status).toBe(400);
      expect((await signInFrom(gw, OWNER_AT_HOME, 'secret-pass')).status).toBe(200);
    }
  });

  it('a password reset opens the account again for the address that reset it', async () => {
    const gw = await gateway({ AUTH_MAX_FAILURES: '2' });
    await newListedAdmin(gw, 'owner@example.com');
    await failFrom(gw, OWNER_AT_HOME, 2);
    expect((await signInFrom(gw, OWNER_AT_HOME, 'secret-pass')).status).toBe(429);
    await call(gw.url, 'POST', '/api/auth/password-reset', { body: { email: 'owner@example.com' } });
    const link = gw.logs.findLast((entry) => entry.msg === 'password reset link');
    const oobCode = new URL(String(link?.link)).searchParams.get('oobCode');
    const reset = await fetch(`${gw.url}/api/auth/password-reset/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': OWNER_AT_HOME },
      body: JSON.stringify({ oobCode, newPassword: 'fresh-pass' }),
    });
    expect(reset.status).toBe(204);
    expect((await signInFrom(gw, OWNER_AT_HOME, 'fresh-pass')).status).toBe(200);
  });

  it('two gateways on one Redis share the counts', async () => {
    const redis = await startRedis();
    stops.push(() => redis.process.kill());
    const a = await gateway({ REDIS_URL: redis.url });
    const b = await gateway({ REDIS_URL: redis.url });
    await newListedAdmin(a, 'owner@example.com');
    // Each gateway has its own database here: the account lives on a; b counts the guesses too.
    await failFrom(a, STRANGER, 3);
    await failFrom(b, STRANGER, 2);
    expect((await signInFrom(a, STRANGER, 'secret-pass')).status).toBe(429);
    expect((await signInFrom(b, STRANGER, 'secret-pass')).status).toBe(429);
    expect((await signInFrom(a, OWNER_AT_HOME, 'secret-pass')).status).toBe(200);
  });
});
