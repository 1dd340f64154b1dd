import { createAdapter } from '@socket.io/redis-streams-adapter';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { GROUP_ERRORS, GROUP_COUNTS_PER_SECOND, GROUP_INVITES_PER_MINUTE, isAdmin, ROOMS, SOCKET_ERRORS } from '@movelab/shared';
import type { TTokenVerifier } from '../identity/verifier.js';
import type { Logger } from '../logger.js';
import type { TRealtimeConfig } from '../realtime/config.js';
import { newLimiter, spend } from '../realtime/limiter.js';
import { createMemoryGroupRegistry } from '../realtime/group-memory-registry.js';
import { createRedisGroupRegistry } from '../realtime/group-redis-registry.js';
import { createMemoryRegistry } from '../realtime/memory-registry.js';
import { createOnce } from '../realtime/once.js';
import type { TPeople } from '../realtime/people.js';
import { adapterClient } from '../realtime/adapter-client.js';
import { createRedisRegistry, newRedisClient, type TRedis } from '../realtime/redis-registry.js';
import type { TSessionRegistry } from '../realtime/registry.js';
import { refuseFor } from './ack.js';
import { registerAnalysisHandlers } from './analysis.js';
import { registerAuthHandlers } from './auth.js';
import { boundOutput, boundPayloads } from './bounds.js';
import { budgetEvents } from './budget.js';
import { registerGroupHandlers } from './group.js';
import { liveGroups } from './group-board.js';
import { createGroupLifecycle } from './group-lifecycle.js';
import { createCodeTaker } from './pairing-codes.js';
import { createPresence } from './presence.js';
import { registerSessionHandlers } from './session.js';
import { createSessionLifecycle } from './session-lifecycle.js';
import { registerSignalHandlers } from './signal.js';
import type { TIo, TRealtimeContext } from './types.js';

export type TRealtimeDeps = {
  io: TIo;
  config: TRealtimeConfig;
  logger: Logger;
  verifier: TTokenVerifier;
  people: TPeople;
  /**
   * The account's budget of stored results (http/rate-limit.ts `saveLimit`): in firebase mode each
   * notice of a result the client stored itself takes from it. None: notices are not limited.
   */
  limitNotice?: (uid: string) => Promise<void>;
  now?: () => number;
};

/** `redis` is the shared client when REDIS_URL is set (the HTTP rate limits reuse it). */
export type TRealtime = { registry: TSessionRegistry; redis?: TRedis; close(): Promise<void> };

async function connectRedis(url: string, logger: Logger): Promise<TRedis> {
  const redis = newRedisClient(url);
  // Without a listener a lost connection would crash the process; the client reconnects itself.
  redis.on('error', (error: unknown) => logger.error({ err: error }, 'redis error'));
  await redis.connect();
  return redis;
}

/** Consumes a point for `key`; a limiter's refusal becomes a socket refusal with `code`. */
async function consume(limiter: RateLimiterAbstract, key: string, code: string, what: string): Promise<void> {
  const wait = await spend(limiter, key);
  if (wait !== undefined) throw refuseFor(code, `Too many ${what}: try again in ${wait} s`, wait);
}

/**
 * Everything live on one Socket.IO server: with REDIS_URL the rooms and the session registry
 * are shared with the other gateways; without it they stay in this process.
 */
export async function attachRealtime(deps: TRealtimeDeps): Promise<TRealtime> {
  const { io, config, logger } = deps;
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, logger) : undefined;
  if (redis) io.adapter(createAdapter(adapterClient(redis, logger)));
  const registry = redis ? createRedisRegistry(redis) : createMemoryRegistry(deps.now);
  const limiter = newLimiter({ points: config.joinRateLimit, duration: config.joinRateWindowSeconds, keyPrefix: 'movelab:join' }, redis);
  const wrongCodes = newLimiter(
    { points: config.codeFailureLimit, duration: config.codeFailureWindowSeconds, keyPrefix: 'movelab:wrong-codes' },
    redis,
  );
  const groups = redis ? createRedisGroupRegistry(redis) : createMemoryGroupRegistry(deps.now);
  // Per member, whichever gateway their sockets are on.
  const countLimiter = newLimiter({ points: GROUP_COUNTS_PER_SECOND, duration: 1, keyPrefix: 'movelab:group-count' }, redis);
  const inviteLimiter = newLimiter({ points: GROUP_INVITES_PER_MINUTE, duration: 60, keyPrefix: 'movelab:group-invite' }, redis);
  const signalLimiter = new RateLimiterMemory({
    points: config.signalRateLimit,
    duration: config.signalRateWindowSeconds,
    keyPrefix: 'movelab:signal',
  });
  const takeCode = createCodeTaker(wrongCodes, logger);
  // Called only once `ctx` exists (the first publication is a throttle window away).
  const presence = createPresence(io, registry, () => liveGroups(ctx), config.presenceThrottleMs, logger);

  const ctx: TRealtimeContext = {
    io,
    config,
    logger,
    verifier: deps.verifier,
    people: deps.people,
    registry,
    groups,
    now: deps.now ?? Date.now,
    presenceChanged: presence.changed,
    limitJoin: (address) => consume(limiter, address, SOCKET_ERRORS.rateLimited, 'join attempts'),
    takeCode: (address, code) => takeCode(address, () => registry.consumeCode(code)),
    // One allowance of wrong codes per address, whatever kind of session it guesses at.
    takeGroupCode: (address, code, uid) => takeCode(address, () => groups.useCode(code, uid)),
    limitCount: (key) => consume(countLimiter, key, GROUP_ERRORS.countRateLimited, 'count updates'),
    limitInvite: (uid) => consume(inviteLimiter, uid, SOCKET_ERRORS.rateLimited, 'invitations'),
    // A connection lives in one process: its signal budget needs no Redis.
    limitSignal: (socketId) => consume(signalLimiter, socketId, SOCKET_ERRORS.signalRateLimited, 'signals'),
    limitNotice: deps.limitNotice ?? (() => Promise.resolve()),
    // A stored result is broadcast once, whichever gateway hears of it; a day outlives any retry of its save.
    announced: createOnce({ keyPrefix: 'movelab:announced', ttlSeconds: 24 * 60 * 60 }, redis),
  };
  const life = createSessionLifecycle(ctx);
  const groupLife = createGroupLifecycle(ctx);

  io.on('connection', (socket) => {
    budgetEvents(socket, config.eventBudget, logger);
    boundPayloads(socket, logger);
    boundOutput(socket, config.outputMaxBytes, logger);
    const { user } = socket.data;
    if (user) {
      void socket.join(ROOMS.user(user.uid));
      if (user.signInId) void socket.join(ROOMS.signIn(user.signInId));
      if (isAdmin(user.roles)) void socket.join(ROOMS.admins);
      deps.people.displayName(user.uid).then(
        (name) => {
          socket.data.name = name;
          presence.changed();
        },
        (error: unknown) => logger.warn({ err: error, uid: user.uid }, 'could not read the display name'),
      );
    }
    registerAuthHandlers(ctx, socket);
    registerSessionHandlers(ctx, life, socket);
    registerGroupHandlers(ctx, groupLife, socket);
    registerSignalHandlers(ctx, socket);
    registerAnalysisHandlers(ctx, socket);
    socket.on('disconnect', () => presence.changed());
  });

  return {
    registry,
    redis,
    close: async () => {
      presence.close();
      life.close();
      groupLife.close();
      await registry.close();
      await groups.close();
      if (redis?.isOpen) await redis.close();
    },
  };
}
