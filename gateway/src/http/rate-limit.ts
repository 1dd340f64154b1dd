import type { RequestHandler } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AUTH_ERRORS } from '@movelab/shared';
import type { TGatewayConfig } from '../config.js';
import { newLimiter } from '../realtime/limiter.js';
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
    limiter.consume(requestAddress(req)).then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof RateLimiterRes)) return next(error);
        res.setHeader('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)));
        res.status(429).json({ error: { code: AUTH_ERRORS.tooManyRequests, message: 'Too many requests from this address: try again later' } });
      },
    );
  };
}
