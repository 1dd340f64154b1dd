import type { RequestHandler } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_ERRORS, AUTH_ERRORS, LIMIT_MESSAGES, MovelabError, type TRetryAfter } from '@movelab/shared';
import type { TGatewayConfig } from '../config.js';
import { newLimiter, spend } from '../realtime/limiter.js';
import type { TRedis } from '../realtime/redis-registry.js';
import { requestAddress } from './client-address.js';

/**
 * Requests per address per window on the credential routes. `req.ip` honours TRUST_PROXY; with
 * REDIS_URL the counters live in Redis so every gateway shares them.
 */
export function authRateLimit(config: TGatewayConfig, redis: TRedis | undefined): RequestHandler {
  const duration = Math.ceil(config.auth.rateWindowMs / 1000);
  const limiter = newLimiter({ points: config.auth.rateLimit, duration, keyPrefix: 'movelab:auth' }, redis);
  return (req, res, next) => {
    spend(limiter, requestAddress(req)).then(
      (wait) => {
        if (wait === undefined) return next();
        res.setHeader('Retry-After', String(wait));
        res.status(429).json({ error: { code: AUTH_ERRORS.tooManyRequests, message: 'Too many requests from this address: try again later' } });
      },
      next,
    );
  };
}

/** Takes one stored result from the account's budget, or throws `app/rate-limited` (429). */
export type TSaveLimit = (uid: string) => Promise<void>;

/**
 * Results one account may store: a rate per window and a daily cap, across every kind (analyses,
 * routine completions, stat sessions), shared by every gateway through Redis when there is one.
 * The day is only charged once the window let the save through, so a refused flood does not
 * spend the day's budget.
 */
export function saveLimit(config: TGatewayConfig, redis: TRedis | undefined): TSaveLimit {
  const { rateLimit, rateWindowSeconds, dailyLimit } = config.saves;
  const limiters: RateLimiterAbstract[] = [
    newLimiter({ points: rateLimit, duration: rateWindowSeconds, keyPrefix: 'movelab:saves' }, redis),
    newLimiter({ points: dailyLimit, duration: 24 * 3600, keyPrefix: 'movelab:saves-day' }, redis),
  ];
  return async (uid) => {
    for (const limiter of limiters) {
      const retryAfterSeconds = await spend(limiter, uid);
      if (retryAfterSeconds === undefined) continue;
      const details: TRetryAfter = { retryAfterSeconds };
      throw new MovelabError(APP_ERRORS.rateLimited, LIMIT_MESSAGES.tooManySaves(retryAfterSeconds), 429, details);
    }
  };
}
