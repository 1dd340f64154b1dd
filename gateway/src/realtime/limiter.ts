import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { TRedis } from './redis-registry.js';

/** A points-per-window limiter, shared by every gateway through Redis when there is one. */
export function newLimiter(options: { points: number; duration: number; keyPrefix: string }, redis: TRedis | undefined): RateLimiterAbstract {
  return redis ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true }) : new RateLimiterMemory(options);
}
