import { createClient } from 'redis';
import type { TCameraRecord, TSessionRecord, TSessionRegistry, TSessionSummary } from './registry.js';

export const newRedisClient = (url: string) => createClient({ url });
export type TRedis = ReturnType<typeof newRedisClient>;

const PREFIX = 'movelab:rs:';
const keys = {
  session: (id: string) => `${PREFIX}s:${id}`,
  cameras: (id: string) => `${PREFIX}c:${id}`,
  host: (uid: string) => `${PREFIX}h:${uid}`,
  code: (code: string) => `${PREFIX}k:${code}`,
  live: `${PREFIX}live`,
};

/** Deletes a key only while it still points at this session (a code may be reissued to another). */
export const DELETE_IF_EQUAL = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
/** HSET on a session that still exists (never recreate an expired one without its TTL). */
export const HSET_IF_EXISTS = `if redis.call('exists', KEYS[1]) == 0 then return 0 end redis.call('hset', KEYS[1], unpack(ARGV)) return 1`;
/** The camera count check and the insert in one step, so two gateways cannot both take the last slot. */
const ADD_CAMERA = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
if redis.call('hlen', KEYS[2]) >= tonumber(ARGV[3]) then return 0 end
redis.call('hset', KEYS[2], ARGV[1], ARGV[2])
redis.call('pexpireat', KEYS[2], ARGV[4])
return 1`;

function toHash(session: TSessionRecord): Record<string, string> {
  return {
    id: session.id,
    hostUid: session.hostUid,
    hostName: session.hostName,
    joinTokenHash: session.joinTokenHash,
    code: session.code ?? '',
    createdAt: String(session.createdAt),
    expiresAt: String(session.expiresAt),
    isHostConnected: session.isHostConnected ? '1' : '0',
  };
}

function fromHash(hash: Record<string, string>): TSessionRecord | null {
  if (!hash.id) return null;
  return {
    id: hash.id,
    hostUid: hash.hostUid ?? '',
    hostName: hash.hostName ?? '',
    joinTokenHash: hash.joinTokenHash ?? '',
    code: hash.code || null,
    createdAt: Number(hash.createdAt),
    expiresAt: Number(hash.expiresAt),
    isHostConnected: hash.isHostConnected === '1',
  };
}

type TSessionPart = Pick<TSessionRegistry, 'create' | 'get' | 'hostSession' | 'renew' | 'setHostConnected' | 'consumeCode'>;

export const runScript = (redis: TRedis, script: string, keyList: string[], args: string[]) => redis.eval(script, { keys: keyList, arguments: args });
const readSession = async (redis: TRedis, sessionId: string) => fromHash(await redis.hGetAll(keys.session(sessionId)));

/** Sessions, their hosts and their pairing codes. */
function redisSessions(redis: TRedis): TSessionPart {
  const run = (script: string, keyList: string[], args: string[]) => runScript(redis, script, keyList, args);
  const read = (sessionId: string) => readSession(redis, sessionId);
  return {
    async create(session, codeTtlMs) {
      if (session.code) {
        const claimed = await redis.set(keys.code(session.code), session.id, { condition: 'NX', expiration: { type: 'PX', value: codeTtlMs } });
        if (claimed === null) return false;
      }
      await redis
        .multi()
        .hSet(keys.session(session.id), toHash(session))
        .pExpireAt(keys.session(session.id), session.expiresAt)
        .set(keys.host(session.hostUid), session.id, { expiration: { type: 'PXAT', value: session.expiresAt } })
        .zAdd(keys.live, { score: session.expiresAt, value: session.id })
        .exec();
      return true;
    },
    get: read,
    async hostSession(uid) {
      const sessionId = await redis.get(keys.host(uid));
      return sessionId && (await redis.exists(keys.session(sessionId))) ? sessionId : null;
    },
    async renew(sessionId, joinTokenHash, code, codeTtlMs) {
      const session = await read(sessionId);
      if (!session) return false;
      const claimed = await redis.set(keys.code(code), sessionId, { condition: 'NX', expiration: { type: 'PX', value: codeTtlMs } });
      if (claimed === null) return false;
      if (session.code) await run(DELETE_IF_EQUAL, [keys.code(session.code)], [sessionId]);
      await run(HSET_IF_EXISTS, [keys.session(sessionId)], ['joinTokenHash', joinTokenHash, 'code', code]);
      return true;
    },
    async setHostConnected(sessionId, isConnected) {
      await run(HSET_IF_EXISTS, [keys.session(sessionId)], ['isHostConnected', isConnected ? '1' : '0']);
    },
    async consumeCode(code) {
      const sessionId = await redis.getDel(keys.code(code));
      if (!sessionId) return null;
      await run(HSET_IF_EXISTS, [keys.session(sessionId)], ['code', '']);
      return sessionId;
    },
  };
}

/**
 * Sessions shared by every gateway on one Redis: each key expires with its session, codes with
 * their own TTL, and single use comes from GETDEL (the first gateway to read a code deletes it).
 */
export function createRedisRegistry(redis: TRedis): TSessionRegistry {
  const run = (script: string, keyList: string[], args: string[]) => runScript(redis, script, keyList, args);
  const read = (sessionId: string) => readSession(redis, sessionId);

  return {
    ...redisSessions(redis),
    async cameras(sessionId) {
      const hash = await redis.hGetAll(keys.cameras(sessionId));
      return Object.values(hash).map((json) => JSON.parse(json) as TCameraRecord);
    },
    async addCamera(sessionId, camera, max) {
      const session = await read(sessionId);
      if (!session) return false;
      const added = await run(
        ADD_CAMERA,
        [keys.session(sessionId), keys.cameras(sessionId)],
        [camera.cameraId, JSON.stringify(camera), String(max), String(session.expiresAt)],
      );
      return added === 1;
    },
    async removeCamera(sessionId, cameraId) {
      return (await redis.hDel(keys.cameras(sessionId), cameraId)) === 1;
    },
    async end(sessionId) {
      const session = await read(sessionId);
      const deleted = await redis.del(keys.session(sessionId));
      await redis.multi().del(keys.cameras(sessionId)).zRem(keys.live, sessionId).exec();
      if (session) {
        await run(DELETE_IF_EQUAL, [keys.host(session.hostUid)], [sessionId]);
        if (session.code) await run(DELETE_IF_EQUAL, [keys.code(session.code)], [sessionId]);
      }
      return deleted === 1;
    },
    async list() {
      await redis.zRemRangeByScore(keys.live, '-inf', Date.now());
      const ids = await redis.zRange(keys.live, 0, -1);
      const summaries = await Promise.all(
        ids.map(async (sessionId): Promise<TSessionSummary | null> => {
          const [session, cameras] = await Promise.all([read(sessionId), redis.hLen(keys.cameras(sessionId))]);
          return session ? { session, cameras } : null;
        }),
      );
      return summaries.filter((summary): summary is TSessionSummary => summary !== null);
    },
    async close() {
      // The Redis client belongs to the caller (shared with the adapter and the rate limiter).
    },
  };
}
