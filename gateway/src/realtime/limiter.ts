import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { TRedis } from './redis-registry.js';

/** A points-per-window limiter, shared by every gateway through Redis when there is one. */
export function newLimiter(options: { points: number; duration: number; keyPrefix: string }, redis: TRedis | undefined): RateLimiterAbstract {
  return redis ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true }) : new RateLimiterMemory(options);
}

/**
 * Spends a point of `key`: undefined when the limiter lets it through, else the whole seconds
 * (at least 1) until it would. Any other failure (Redis unreachable) is thrown, never taken for a
 * refusal or a pass.
 */
export async function spend(limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}
