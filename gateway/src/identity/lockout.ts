import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_ERRORS, MovelabError, signInLockedMessage, type TRetryAfter } from '@movelab/shared';
import { newLimiter, spend } from '../realtime/limiter.js';
import type { TRedis } from '../realtime/redis-registry.js';

/** The first hold once an account is past its allowance; each further attempt doubles it, up to the cap. */
export const FIRST_HOLD_MS = 250;

/**
 * How long an address that signed in stays the owner's usual one, renewed by each sign-in from
 * it. Under the in-memory store's longest timer (2^31 ms, 24.8 days), which would fire at once.
 */
const USUAL_ADDRESS_SECONDS = 14 * 24 * 3600;

export type TLockoutOptions = {
  /** Failures per (address, e-mail) pair before the pair is locked for lockMs. */
  maxFailures: number;
  lockMs: number;
  /** Unknown callers' attempts on one account per lockMs window before each is held. */
  slowAfter: number;
  /** The cap of one hold; 0 holds nothing. */
  maxHoldMs: number;
};

export type TSignInCaller = {
  /** The caller's address key (an IPv6 address by its /64: http/client-address.ts). */
  address: string;
  /** The caller sent this account's known-device pass (known-devices.ts). */
  isKnownDevice: boolean;
  /** Told how long the account's backstop holds this attempt before the password is checked. */
  onHold?: (ms: number) => void;
};

/** An attempt let through: told when the password was right. */
export type TSignInAttempt = { succeeded(): Promise<void> };

/**
 * Sign-in failures, counted per (address, e-mail) pair, so a stranger's wrong guesses lock only
 * the stranger. The account-wide backstop never refuses, so nobody can lock the owner out: past
 * `slowAfter` attempts in a window it holds each attempt of an unknown caller (a growing delay,
 * capped) before the password is checked. Known callers skip it: a browser holding the account's
 * known-device pass, or an address the account signed in from within 14 days (the owner's usual
 * one). In Redis with REDIS_URL (every gateway counts together), in memory otherwise.
 */
export type TSignInLockout = {
  /**
   * Spends an attempt before the password is checked (parallel guesses cannot slip past the
   * count); refuses with 429 auth/too-many-requests and the time left when the pair is locked.
   */
  attempt(caller: TSignInCaller, email: string): Promise<TSignInAttempt>;
  /** A password reset proves the owner: the account's count and this address's start again, and the address becomes usual. */
  cleared(address: string, email: string): Promise<void>;
};

function lockedOut(retryAfterSeconds: number): MovelabError {
  const details: TRetryAfter = { retryAfterSeconds };
  return new MovelabError(AUTH_ERRORS.tooManyRequests, signInLockedMessage(retryAfterSeconds), 429, details);
}

const pairKey = (address: string, email: string) => `${address}|${email}`;

/** The hold of an unknown caller's attempt, the `count`-th on the account in this window. */
export function holdMs(count: number, options: Pick<TLockoutOptions, 'slowAfter' | 'maxHoldMs'>): number {
  const over = count - options.slowAfter;
  if (over <= 0) return 0;
  return Math.min(FIRST_HOLD_MS * 2 ** Math.min(over - 1, 20), options.maxHoldMs);
}

export function signInLockout(options: TLockoutOptions, redis: TRedis | undefined): TSignInLockout {
  const duration = Math.max(1, Math.ceil(options.lockMs / 1000));
  const pairs = newLimiter({ points: options.maxFailures, duration, keyPrefix: 'movelab:sign-in:pair' }, redis);
  // Counted with penalty (never refuses): the count only sets the hold.
  const accounts = newLimiter({ points: Math.max(1, options.slowAfter), duration, keyPrefix: 'movelab:sign-in:account' }, redis);
  const usual = newLimiter({ points: 1, duration: USUAL_ADDRESS_SECONDS, keyPrefix: 'movelab:sign-in:usual' }, redis);
  const remember = (pair: string) => usual.set(pair, 1, USUAL_ADDRESS_SECONDS);

  async function hold(caller: TSignInCaller, email: string): Promise<void> {
    const { consumedPoints } = await accounts.penalty(email);
    const ms = holdMs(consumedPoints, options);
    if (ms === 0) return;
    caller.onHold?.(ms);
    await sleep(ms);
  }

  return {
    async attempt(caller, email) {
      const pair = pairKey(caller.address, email);
      // A locked-out pair spends nothing of the account's count: one address alone cannot run it up.
      const pairWait = await spend(pairs, pair);
      if (pairWait !== undefined) throw lockedOut(pairWait);
      const isKnown = caller.isKnownDevice || (await usual.get(pair)) !== null;
      if (!isKnown) await hold(caller, email);
      return {
        // The right password: the pair starts again, the address becomes usual, the attempt leaves the account's count.
        succeeded: async () => {
          await Promise.all([pairs.delete(pair), remember(pair), isKnown ? undefined : accounts.reward(email)]);
        },
      };
    },
    async cleared(address, email) {
      const pair = pairKey(address, email);
      await Promise.all([pairs.delete(pair), accounts.delete(email), remember(pair)]);
    },
  };
}
