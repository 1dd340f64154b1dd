import { newLimiter, spend } from './limiter.js';
import type { TRedis } from './redis-registry.js';

/** Keys that may be claimed once within a time to live: in Redis (shared by every gateway) when there is one. */
export type TOnce = {
  /** True for the first claim of `key` within the time to live, false after. */
  claim(key: string): Promise<boolean>;
  /** Frees a claim whose work did not happen, so that a later claim succeeds. */
  release(key: string): Promise<void>;
};

/**
 * A one-point limiter is a SET NX with a TTL: Redis counts the claim atomically (INCR), so two
 * gateways claiming the same key at once get one true between them; memory otherwise.
 */
export function createOnce(options: { keyPrefix: string; ttlSeconds: number }, redis: TRedis | undefined): TOnce {
  const limiter = newLimiter({ points: 1, duration: options.ttlSeconds, keyPrefix: options.keyPrefix }, redis);
  return {
    claim: async (key) => (await spend(limiter, key)) === undefined,
    release: async (key) => {
      await limiter.delete(key);
    },
  };
}
