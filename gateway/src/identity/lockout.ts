import { AUTH_ERRORS, MovelabError, signInLockedMessage, type TRetryAfter } from '@movelab/shared';
import { newLimiter, spend } from '../realtime/limiter.js';
import type { TRedis } from '../realtime/redis-registry.js';

/** The account-wide backstop allows this many times the per-address failures. */
export const ACCOUNT_FAILURE_FACTOR = 10;

export type TLockoutOptions = { maxFailures: number; lockMs: number };

/**
 * Sign-in failures, counted per (address, e-mail) pair, so a stranger's wrong guesses lock only
 * the stranger, and per e-mail with ACCOUNT_FAILURE_FACTOR times the allowance, a slow backstop
 * against guesses spread over many addresses. In Redis with REDIS_URL (every gateway counts
 * together), in memory otherwise.
 */
export type TSignInLockout = {
  /**
   * Spends an attempt before the password is checked (parallel guesses cannot slip past the
   * count); refuses with 429 auth/too-many-requests and the time left when either count is spent.
   */
  attempt(address: string, email: string): Promise<void>;
  /** The right password: the pair starts again and the attempt leaves the account's count. */
  succeeded(address: string, email: string): Promise<void>;
  /** A password reset proves the owner: the account's count and this address's start again. */
  cleared(address: string, email: string): Promise<void>;
};

function lockedOut(retryAfterSeconds: number): MovelabError {
  const details: TRetryAfter = { retryAfterSeconds };
  return new MovelabError(AUTH_ERRORS.tooManyRequests, signInLockedMessage(retryAfterSeconds), 429, details);
}

const pairKey = (address: string, email: string) => `${address}|${email}`;

export function signInLockout(options: TLockoutOptions, redis: TRedis | undefined): TSignInLockout {
  const duration = Math.max(1, Math.ceil(options.lockMs / 1000));
  const pairs = newLimiter({ points: options.maxFailures, duration, keyPrefix: 'movelab:sign-in:pair' }, redis);
  const accounts = newLimiter({ points: options.maxFailures * ACCOUNT_FAILURE_FACTOR, duration, keyPrefix: 'movelab:sign-in:account' }, redis);
  return {
    async attempt(address, email) {
      // A locked-out pair spends nothing more of the account's count: one address alone cannot
      // run it down.
      const pairWait = await spend(pairs, pairKey(address, email));
      if (pairWait !== undefined) throw lockedOut(pairWait);
      const accountWait = await spend(accounts, email);
      if (accountWait !== undefined) throw lockedOut(accountWait);
    },
    async succeeded(address, email) {
      await Promise.all([pairs.delete(pairKey(address, email)), accounts.reward(email)]);
    },
    async cleared(address, email) {
      await Promise.all([pairs.delete(pairKey(address, email)), accounts.delete(email)]);
    },
  };
}
