import { ZGroupPlan, type TGroupEnded } from '@movelab/shared';
import type { TGroupFlags, TGroupRecord, TGroupRegistry, TGroupSeat, TGroupStoredPhase, TGroupTally } from './group-registry.js';
import { DELETE_IF_EQUAL, HSET_IF_EXISTS, runScript, type TRedis } from './redis-registry.js';

const PREFIX = 'movelab:gs:';
const keys = {
  group: (id: string) => `${PREFIX}g:${id}`,
  seats: (id: string) => `${PREFIX}m:${id}`,
  roles: (id: string) => `${PREFIX}r:${id}`,
  flags: (id: string) => `${PREFIX}f:${id}`,
  tallies: (id: string, step: number) => `${PREFIX}t:${id}:${step}`,
  host: (uid: string) => `${PREFIX}h:${uid}`,
  code: (code: string) => `${PREFIX}k:${code}`,
  /** The uids that used a code: it expires with the code, and goes when the code is replaced. */
  codeUsers: (code: string) => `${PREFIX}u:${code}`,
  ended: (id: string) => `${PREFIX}e:${id}`,
  /** Every live group's id, scored by its expiry (admins' list). */
  live: `${PREFIX}live`,
};

/** A joiner's one use of a live code: the group id, or nil when the code is gone or this uid used it. */
const USE_CODE = `
local groupId = redis.call('get', KEYS[1])
if not groupId then return false end
if redis.call('sadd', KEYS[2], ARGV[1]) == 0 then return false end
local ttl = redis.call('pttl', KEYS[1])
if ttl > 0 then redis.call('pexpire', KEYS[2], ttl) end
return groupId`;
/** Drops a code and its users, only while it still points at this group (a code may be reissued to another). */
const DROP_CODE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1], KEYS[2]) end return 0`;
/** A field of one of the group's hashes, which then expires with the group. */
const HSET_IN_GROUP = `
local expiresAt = redis.call('hget', KEYS[1], 'expiresAt')
if not expiresAt then return 0 end
redis.call('hset', KEYS[2], ARGV[1], ARGV[2])
redis.call('pexpireat', KEYS[2], tonumber(expiresAt))
return 1`;
/** A move applies only while the group is where the mover saw it. */
const MOVE = `
if redis.call('hget', KEYS[1], 'phase') ~= ARGV[1] or redis.call('hget', KEYS[1], 'step') ~= ARGV[2] then return 0 end
redis.call('hset', KEYS[1], 'phase', ARGV[3], 'step', ARGV[4], 'startsAt', ARGV[5])
return 1`;
const SET_HOST = `
if redis.call('hget', KEYS[1], 'hostUid') ~= ARGV[1] then return 0 end
redis.call('hset', KEYS[1], 'hostUid', ARGV[2])
if redis.call('get', KEYS[2]) == ARGV[3] then redis.call('del', KEYS[2]) end
redis.call('set', KEYS[3], ARGV[3], 'PXAT', redis.call('hget', KEYS[1], 'expiresAt'))
return 1`;
/** The role's count check and the insert in one step, so two gateways cannot both take the last seat. */
const ADD_SEAT = `
local expiresAt = redis.call('hget', KEYS[1], 'expiresAt')
if not expiresAt then return 0 end
if redis.call('hexists', KEYS[2], ARGV[1]) == 1 then return 2 end
if tonumber(redis.call('hget', KEYS[3], ARGV[3]) or '0') >= tonumber(ARGV[4]) then return 0 end
redis.call('hset', KEYS[2], ARGV[1], ARGV[2])
redis.call('hincrby', KEYS[3], ARGV[3], 1)
redis.call('pexpireat', KEYS[2], tonumber(expiresAt))
redis.call('pexpireat', KEYS[3], tonumber(expiresAt))
return 1`;
const REMOVE_SEAT = `
local seat = redis.call('hget', KEYS[1], ARGV[1])
if not seat then return 0 end
redis.call('hdel', KEYS[1], ARGV[1])
redis.call('hincrby', KEYS[2], cjson.decode(seat).role, -1)
redis.call('hdel', KEYS[3], 'ready:' .. ARGV[1], 'connected:' .. ARGV[1], 'sharing:' .. ARGV[1])
return 1`;

/** Camera tiles: the sharers' count check and the flag in one step, so two gateways cannot both take the last place. */
const SHARE = `
local expiresAt = redis.call('hget', KEYS[1], 'expiresAt')
if not expiresAt then return 0 end
local flags = redis.call('hgetall', KEYS[2])
local others = 0
for i = 1, #flags, 2 do
  if flags[i + 1] == '1' and string.sub(flags[i], 1, 8) == 'sharing:' and string.sub(flags[i], 9) ~= ARGV[1] then others = others + 1 end
end
if others >= tonumber(ARGV[2]) then return 0 end
redis.call('hset', KEYS[2], 'sharing:' .. ARGV[1], '1')
redis.call('pexpireat', KEYS[2], tonumber(expiresAt))
return 1`;
function toHash(group: TGroupRecord): Record<string, string> {
  return {
    id: group.id,
    hostUid: group.hostUid,
    joinTokenHash: group.joinTokenHash,
    code: group.code ?? '',
    plan: JSON.stringify(group.plan),
    stepCount: String(group.stepCount),
    phase: group.phase,
    step: String(group.step),
    startsAt: group.startsAt === null ? '' : String(group.startsAt),
    createdAt: String(group.createdAt),
    expiresAt: String(group.expiresAt),
  };
}

function fromHash(hash: Record<string, string>): TGroupRecord | null {
  const plan = ZGroupPlan.safeParse(JSON.parse(hash.plan ?? 'null'));
  if (!hash.id || !plan.success) return null;
  return {
    id: hash.id,
    hostUid: hash.hostUid ?? '',
    joinTokenHash: hash.joinTokenHash ?? '',
    code: hash.code || null,
    plan: plan.data,
    stepCount: Number(hash.stepCount),
    phase: (hash.phase ?? 'lobby') as TGroupStoredPhase,
    step: Number(hash.step),
    startsAt: hash.startsAt ? Number(hash.startsAt) : null,
    createdAt: Number(hash.createdAt),
    expiresAt: Number(hash.expiresAt),
  };
}

type TGroupPart = Pick<TGroupRegistry, 'create' | 'get' | 'list' | 'hostGroup' | 'renewCode' | 'useCode' | 'move' | 'setHost'>;
type TRun = (script: string, keyList: string[], args: string[]) => Promise<unknown>;

/** Groups, their hosts, codes and phases. */
function redisGroups(redis: TRedis, run: TRun): TGroupPart {
  const read = async (groupId: string) => fromHash(await redis.hGetAll(keys.group(groupId)));
  return {
    async create(group, codeTtlMs) {
      if (group.code) {
        const claimed = await redis.set(keys.code(group.code), group.id, { condition: 'NX', expiration: { type: 'PX', value: codeTtlMs } });
        if (claimed === null) return false;
      }
      await redis
        .multi()
        .hSet(keys.group(group.id), toHash(group))
        .pExpireAt(keys.group(group.id), group.expiresAt)
        .set(keys.host(group.hostUid), group.id, { expiration: { type: 'PXAT', value: group.expiresAt } })
        .zAdd(keys.live, { score: group.expiresAt, value: group.id })
        .exec();
      return true;
    },
    get: read,
    async list() {
      await redis.zRemRangeByScore(keys.live, '-inf', Date.now());
      const groups = await Promise.all((await redis.zRange(keys.live, 0, -1)).map(read));
      return groups.filter((group): group is TGroupRecord => group !== null);
    },
    async hostGroup(uid) {
      const groupId = await redis.get(keys.host(uid));
      return groupId && (await redis.exists(keys.group(groupId))) ? groupId : null;
    },
    async renewCode(groupId, code, codeTtlMs) {
      const group = await read(groupId);
      if (!group) return false;
      const claimed = await redis.set(keys.code(code), groupId, { condition: 'NX', expiration: { type: 'PX', value: codeTtlMs } });
      if (claimed === null) return false;
      if (group.code) await run(DROP_CODE, [keys.code(group.code), keys.codeUsers(group.code)], [groupId]);
      await run(HSET_IF_EXISTS, [keys.group(groupId)], ['code', code]);
      return true;
    },
    async useCode(code, uid) {
      const groupId = await run(USE_CODE, [keys.code(code), keys.codeUsers(code)], [uid]);
      return typeof groupId === 'string' ? groupId : null;
    },
    async move(groupId, expected, patch) {
      const args = [expected.phase, String(expected.step), patch.phase, String(patch.step), patch.startsAt === null ? '' : String(patch.startsAt)];
      return (await run(MOVE, [keys.group(groupId)], args)) === 1;
    },
    async setHost(groupId, fromUid, toUid) {
      return (await run(SET_HOST, [keys.group(groupId), keys.host(fromUid), keys.host(toUid)], [fromUid, toUid, groupId])) === 1;
    },
  };
}

/**
 * Group sessions shared by every gateway on one Redis: each key expires with its group, codes
 * with their own TTL (each joiner's one use kept in a set beside them), and seat caps and moves
 * checked inside Lua scripts.
 */
export function createRedisGroupRegistry(redis: TRedis): TGroupRegistry {
  const run: TRun = (script, keyList, args) => runScript(redis, script, keyList, args);
  const inGroup = (groupId: string, key: string, field: string, value: string) => run(HSET_IN_GROUP, [keys.group(groupId), key], [field, value]);
  const parseAll = <T>(hash: Record<string, string>) => new Map(Object.entries(hash).map(([uid, json]) => [uid, JSON.parse(json) as T]));
  return {
    ...redisGroups(redis, run),
    async seats(groupId) {
      return [...parseAll<TGroupSeat>(await redis.hGetAll(keys.seats(groupId))).values()];
    },
    async seat(groupId, uid) {
      const json = await redis.hGet(keys.seats(groupId), uid);
      return json ? (JSON.parse(json) as TGroupSeat) : null;
    },
    async addSeat(groupId, seat, max) {
      const args = [seat.uid, JSON.stringify(seat), seat.role, String(max[seat.role])];
      const added = await run(ADD_SEAT, [keys.group(groupId), keys.seats(groupId), keys.roles(groupId)], args);
      return added === 1 ? 'added' : added === 2 ? 'seated' : 'full';
    },
    async removeSeat(groupId, uid) {
      return (await run(REMOVE_SEAT, [keys.seats(groupId), keys.roles(groupId), keys.flags(groupId)], [uid])) === 1;
    },
    async setFlag(groupId, uid, flag, value) {
      await inGroup(groupId, keys.flags(groupId), `${flag}:${uid}`, value ? '1' : '0');
    },
    async share(groupId, uid, max) {
      return (await run(SHARE, [keys.group(groupId), keys.flags(groupId)], [uid, String(max)])) === 1;
    },
    async flags(groupId) {
      const flags = new Map<string, TGroupFlags>();
      for (const [field, value] of Object.entries(await redis.hGetAll(keys.flags(groupId)))) {
        const [flag, uid] = [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1)];
        const entry = flags.get(uid) ?? { ready: false, connected: false };
        if (flag === 'ready' || flag === 'connected' || flag === 'sharing') entry[flag] = value === '1';
        flags.set(uid, entry);
      }
      return flags;
    },
    async setTally(groupId, step, uid, tally) {
      await inGroup(groupId, keys.tallies(groupId, step), uid, JSON.stringify(tally));
    },
    async tally(groupId, step, uid) {
      const json = await redis.hGet(keys.tallies(groupId, step), uid);
      return json ? (JSON.parse(json) as TGroupTally) : null;
    },
    async tallies(groupId, step) {
      return parseAll<TGroupTally>(await redis.hGetAll(keys.tallies(groupId, step)));
    },
    async end(groupId) {
      const group = fromHash(await redis.hGetAll(keys.group(groupId)));
      const deleted = await redis.del(keys.group(groupId));
      await redis.zRem(keys.live, groupId);
      const steps = Array.from({ length: group?.stepCount ?? 0 }, (_, step) => keys.tallies(groupId, step));
      await redis.del([keys.seats(groupId), keys.roles(groupId), keys.flags(groupId), ...steps]);
      if (group) {
        await run(DELETE_IF_EQUAL, [keys.host(group.hostUid)], [groupId]);
        if (group.code) await run(DROP_CODE, [keys.code(group.code), keys.codeUsers(group.code)], [groupId]);
      }
      return deleted === 1;
    },
    async keepEnded(ended, uids, keepMs) {
      await redis.set(keys.ended(ended.groupId), JSON.stringify({ ended, uids }), { expiration: { type: 'PX', value: keepMs } });
    },
    async ended(groupId) {
      const json = await redis.get(keys.ended(groupId));
      return json ? (JSON.parse(json) as { ended: TGroupEnded; uids: string[] }) : null;
    },
    async close() {
      // The Redis client belongs to the caller (shared with the adapter and the rate limiters).
    },
  };
}
