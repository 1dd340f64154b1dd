/**
 * Wrong passwords lock an (address, account) pair, not the account: a stranger guessing from
 * one address cannot lock the owner (an admin here) out. The account-wide backstop against
 * guesses from many addresses never refuses: it holds unknown callers (a growing delay, reported
 * in Server-Timing) while the owner's known browser and usual address pass. Addresses come from
 * X-Forwarded-For under TRUST_PROXY=1, as behind the one proxy of a deployment.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, signInLockedMessage, ZRetryAfter } from '@movelab/shared';
import { call, newListedAdmin, startGateway, type TGateway } from './helpers.js';
import { startRedis } from '@movelab/test-tools';

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

type TAnswer = {
  status: number;
  code?: string;
  message?: string;
  details?: unknown;
  retryAfter: string | null;
  /** How long the gateway says the account's backstop held the answer (Server-Timing), 0 if not. */
  holdMs: number;
  elapsedMs: number;
  /** The known-device cookie the gateway set, as a Cookie header sends it back. */
  deviceCookie?: string;
};

type TSignInOptions = { email?: string; cookie?: string };

async function signInFrom(gw: TGateway, address: string, password: string, options: TSignInOptions = {}): Promise<TAnswer> {
  const startedAt = performance.now();
  const response = await fetch(`${gw.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: JSON.stringify({ email: options.email ?? 'owner@example.com', password }),
  });
  const body = (await response.json()) as { error?: { code: string; message: string; details?: unknown } };
  const hold = /sign-in-hold;dur=(\d+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
  return {
    status: response.status,
    code: body.error?.code,
    message: body.error?.message,
    details: body.error?.details,
    retryAfter: response.headers.get('retry-after'),
    holdMs: Number(hold ?? 0),
    elapsedMs: performance.now() - startedAt,
    deviceCookie: response.headers
      .getSetCookie()
      .find((line) => line.startsWith('movelab_device='))
      ?.split(';')[0],
  };
}

async function failFrom(gw: TGateway, address: string, times: number, options: TSignInOptions = {}): Promise<TAnswer[]> {
  const answers: TAnswer[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await signInFrom(gw, address, 'wrong-guess', options));
  return answers;
}

/** The attack of the report: five wrong passwords from each of ten addresses, side by side. */
async function tenAddressesFailFive(gw: TGateway, options: TSignInOptions = {}): Promise<TAnswer[]> {
  const streams = Array.from({ length: 10 }, (_, host) => failFrom(gw, `192.0.2.${host + 1}`, 5, options));
  return (await Promise.all(streams)).flat();
}

const STRANGER = '203.0.113.66';
const OWNER_AT_HOME = '198.51.100.10';
const OWNER_AT_A_CAFE = '198.51.100.77';
/** Holds in the attack tests stay short; the growth is its own test. */
const SHORT_HOLDS = { AUTH_SLOWDOWN_MAX_SECONDS: '0.2' };

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

  it("a locked address spends nothing more of the account's count: the next stranger is held as the third attempt", async () => {
    const gw = await gateway({ AUTH_MAX_FAILURES: '2', AUTH_SLOWDOWN_AFTER: '2' });
    await newListedAdmin(gw, 'owner@example.com');
    // One address hammering on after its lock: the account is not worn down.
    const hammering = await failFrom(gw, STRANGER, 30);
    expect(hammering.filter((answer) => answer.status === 429)).toHaveLength(28);
    expect(hammering.every((answer) => answer.holdMs === 0)).toBe(true);
    expect((await signInFrom(gw, '192.0.2.200', 'wrong-guess')).holdMs).toBe(250);
  });

  it('ten addresses failing five times each do not lock the owner out: from an eleventh address the right password signs in after a short hold', async () => {
    const gw = await gateway(SHORT_HOLDS);
    await newListedAdmin(gw, 'owner@example.com');
    const attack = await tenAddressesFailFive(gw);
    expect(attack.map((answer) => answer.status)).toEqual(Array(50).fill(400));

    const owner = await signInFrom(gw, OWNER_AT_A_CAFE, 'secret-pass');
    expect(owner.status).toBe(200);
    expect(owner.holdMs).toBe(200);
  });

  it("the browser the owner signed in with before passes at once from anywhere; a forged pass or another account's is held", async () => {
    const gw = await gateway(SHORT_HOLDS);
    await newListedAdmin(gw, 'owner@example.com');
    await call(gw.url, 'POST', '/api/auth/sign-up', { body: { email: 'other@example.com', password: 'secret-pass' } });
    const { deviceCookie } = await signInFrom(gw, OWNER_AT_HOME, 'secret-pass');
    expect(deviceCookie).toMatch(/^movelab_device=./);
    await tenAddressesFailFive(gw);
    // Past the other account's allowance (AUTH_SLOWDOWN_AFTER, 10) too.
    await Promise.all(Array.from({ length: 11 }, (_, host) => signInFrom(gw, `192.0.2.${host + 1}`, 'wrong-guess', { email: 'other@example.com' })));

    const owner = await signInFrom(gw, OWNER_AT_A_CAFE, 'secret-pass', { cookie: deviceCookie });
    expect(owner.status).toBe(200);
    expect(owner.holdMs).toBe(0);
    const forged = `${deviceCookie!.slice(0, -1)}${deviceCookie!.endsWith('A') ? 'B' : 'A'}`;
    expect((await signInFrom(gw, '192.0.2.101', 'wrong-guess', { cookie: forged })).holdMs).toBe(200);
    const elsewhere = await signInFrom(gw, '192.0.2.102', 'secret-pass', { email: 'other@example.com', cookie: deviceCookie });
    expect(elsewhere).toMatchObject({ status: 200, holdMs: 200 });
  });

  it('the pass is an httpOnly, SameSite=Strict cookie for the sign-in path (Secure under https); one browser keeps a pass for each account', async () => {
    const gw = await gateway({ AUTH_SLOWDOWN_AFTER: '0', PUBLIC_URL: 'https://movelab.example' });
    await newListedAdmin(gw, 'owner@example.com');
    await call(gw.url, 'POST', '/api/auth/sign-up', { body: { email: 'other@example.com', password: 'secret-pass' } });
    const response = await fetch(`${gw.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': OWNER_AT_HOME },
      body: JSON.stringify({ email: 'owner@example.com', password: 'secret-pass' }),
    });
    const [setCookie = ''] = response.headers.getSetCookie();
    expect(setCookie.split('; ').slice(1)).toEqual(
      expect.arrayContaining(['HttpOnly', 'Path=/api/auth/sign-in', 'SameSite=Strict', 'Secure', `Max-Age=${90 * 24 * 3600}`]),
    );
    const ownerCookie = setCookie.split(';')[0];
    const { deviceCookie: sharedCookie } = await signInFrom(gw, OWNER_AT_HOME, 'secret-pass', { email: 'other@example.com', cookie: ownerCookie });

    // AUTH_SLOWDOWN_AFTER=0: an unknown caller is held from the first attempt; the shared browser is not, for either account.
    expect((await signInFrom(gw, '192.0.2.1', 'wrong-guess')).holdMs).toBeGreaterThan(0);
    expect(await signInFrom(gw, OWNER_AT_A_CAFE, 'secret-pass', { cookie: sharedCookie })).toMatchObject({ status: 200, holdMs: 0 });
    const other = await signInFrom(gw, OWNER_AT_A_CAFE, 'secret-pass', { email: 'other@example.com', cookie: sharedCookie });
    expect(other).toMatchObject({ status: 200, holdMs: 0 });
  });

  it("the owner's usual address passes without the browser's pass", async () => {
    const gw = await gateway(SHORT_HOLDS);
    await newListedAdmin(gw, 'owner@example.com');
    expect((await signInFrom(gw, OWNER_AT_HOME, 'secret-pass')).status).toBe(200);
    await tenAddressesFailFive(gw);
    const owner = await signInFrom(gw, OWNER_AT_HOME, 'secret-pass');
    expect(owner).toMatchObject({ status: 200, holdMs: 0 });
  });

  it('a guesser from many addresses is held longer at each attempt (Server-Timing), and the hold is spent before the answer', async () => {
    const gw = await gateway({ AUTH_SLOWDOWN_AFTER: '2', AUTH_SLOWDOWN_MAX_SECONDS: '1' });
    await newListedAdmin(gw, 'owner@example.com');
    const guesses: TAnswer[] = [];
    for (let host = 1; host <= 6; host += 1) guesses.push(await signInFrom(gw, `192.0.2.${host}`, 'wrong-guess'));
    expect(guesses.map((answer) => answer.status)).toEqual(Array(6).fill(400));
    expect(guesses.map((answer) => answer.holdMs)).toEqual([0, 0, 250, 500, 1000, 1000]);
    guesses.forEach((answer) => expect(answer.elapsedMs).toBeGreaterThanOrEqual(answer.holdMs * 0.9));
  });

  it('an IPv6 /64 is one address: five failures from 2001:db8:1:2::1-5 lock ::99 of that /64, not 2001:db8:1:3::1', async () => {
    const gw = await gateway();
    await newListedAdmin(gw, 'owner@example.com');
    for (let host = 1; host <= 5; host += 1) expect((await signInFrom(gw, `2001:db8:1:2::${host}`, 'wrong-guess')).status).toBe(400);
    const sameBlock = await signInFrom(gw, '2001:db8:1:2::99', 'secret-pass');
    expect(sameBlock).toMatchObject({ status: 429, code: AUTH_ERRORS.tooManyRequests });
    expect((await signInFrom(gw, '2001:db8:1:3::1', 'secret-pass')).status).toBe(200);
  });

  it("the owner's right password starts the address's count again", async () => {
    const gw = await gateway({ AUTH_MAX_FAILURES: '2' });
    await newListedAdmin(gw, 'owner@example.com');
    for (let round = 0; round < 3; round += 1) {
      expect((await signInFrom(gw, OWNER_AT_HOME, 'typo')).status).toBe(400);
      expect((await signInFrom(gw, OWNER_AT_HOME, 'secret-pass')).status).toBe(200);
    }
  });

  it('a password reset opens the account again for the address that reset it, and makes it a usual one', async () => {
    const gw = await gateway({ AUTH_MAX_FAILURES: '2', AUTH_SLOWDOWN_AFTER: '0' });
    await newListedAdmin(gw, 'owner@example.com');
    // Not yet a usual address: every attempt on the account is held (AUTH_SLOWDOWN_AFTER=0).
    expect((await failFrom(gw, OWNER_AT_HOME, 2)).map((answer) => answer.holdMs)).toEqual([250, 500]);
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
    expect(await signInFrom(gw, OWNER_AT_HOME, 'fresh-pass')).toMatchObject({ status: 200, holdMs: 0 });
  });

  it("two gateways on one Redis share the counts, the holds and the owner's usual addresses", async () => {
    const redis = await startRedis();
    stops.push(() => redis.process.kill());
    const a = await gateway({ REDIS_URL: redis.url, AUTH_SLOWDOWN_AFTER: '5' });
    const b = await gateway({ REDIS_URL: redis.url, AUTH_SLOWDOWN_AFTER: '5' });
    await newListedAdmin(a, 'owner@example.com');
    // Each gateway has its own database here: the account lives on a; b counts the guesses too.
    await failFrom(a, STRANGER, 3);
    await failFrom(b, STRANGER, 2);
    expect((await signInFrom(a, STRANGER, 'secret-pass')).status).toBe(429);
    expect((await signInFrom(b, STRANGER, 'secret-pass')).status).toBe(429);
    // The account's sixth attempt, on b, is held.
    expect((await signInFrom(b, '192.0.2.1', 'wrong-guess')).holdMs).toBe(250);
    expect((await signInFrom(a, OWNER_AT_HOME, 'secret-pass')).status).toBe(200);
    // b has no such account (400) but knows from a that this is the owner's usual address: no hold.
    expect(await signInFrom(b, OWNER_AT_HOME, 'secret-pass')).toMatchObject({ status: 400, holdMs: 0 });
  });
});
