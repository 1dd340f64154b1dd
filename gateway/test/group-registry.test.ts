/** The group-session registry's contract, held by the memory one and the Redis one alike (a real redis-server). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MAX_PRACTISING, GROUP_MAX_SHARED_VIDEOS, GROUP_MAX_WATCHING } from '@movelab/shared';
import { createMemoryGroupRegistry } from '../src/realtime/group-memory-registry.js';
import type { TGroupRecord, TGroupRegistry, TGroupSeat } from '../src/realtime/group-registry.js';
import { createRedisGroupRegistry } from '../src/realtime/group-redis-registry.js';
import { newRedisClient, type TRedis } from '../src/realtime/redis-registry.js';
import { startRedis } from '@movelab/test-tools';

const MAX = { practising: GROUP_MAX_PRACTISING, watching: GROUP_MAX_WATCHING };
let redisServer: Awaited<ReturnType<typeof startRedis>>;
let redis: TRedis;
beforeAll(async () => {
  redisServer = await startRedis();
  redis = newRedisClient(redisServer.url);
  await redis.connect();
});
afterAll(async () => {
  await redis?.close();
  redisServer?.process.kill();
});

let counter = 0;
function group(code: string | null): TGroupRecord {
  counter += 1;
  const now = Date.now();
  return {
    id: `group-${counter}-${'x'.repeat(16)}`,
    hostUid: `host-${counter}`,
    joinTokenHash: 'hash',
    code,
    plan: { routineId: 'r', stepCount: 3 },
    stepCount: 3,
    phase: 'lobby',
    step: 0,
    startsAt: null,
    createdAt: now,
    expiresAt: now + 60_000,
  };
}
const seat = (uid: string, role: TGroupSeat['role'] = 'practising'): TGroupSeat => ({ uid, name: uid, avatarUrl: null, role, joinedAt: Date.now() });
const uniqueCode = () => String(100_000 + ((counter * 7919) % 900_000));

describe.each([
  ['memory', () => createMemoryGroupRegistry()],
  ['redis', () => createRedisGroupRegistry(redis)],
])('the %s group registry', (_name, make: () => TGroupRegistry) => {
  it('caps each role, gives the last seat to one of several racing for it, and frees a seat on leaving', async () => {
    const registry = make();
    const g = group(null);
    await registry.create(g, 60_000);
    for (let n = 1; n < GROUP_MAX_PRACTISING; n += 1) expect(await registry.addSeat(g.id, seat(`p${n}`), MAX)).toBe('added');
    const race = await Promise.all(Array.from({ length: 5 }, (_, n) => registry.addSeat(g.id, seat(`racer${n}`), MAX)));
    expect(race.filter((answer) => answer === 'added')).toHaveLength(1);
    expect(race.filter((answer) => answer === 'full')).toHaveLength(4);
    expect(await registry.addSeat(g.id, seat('p1'), MAX)).toBe('seated');
    for (let n = 0; n < GROUP_MAX_WATCHING; n += 1) expect(await registry.addSeat(g.id, seat(`w${n}`, 'watching'), MAX)).toBe('added');
    expect(await registry.addSeat(g.id, seat('one-too-many', 'watching'), MAX)).toBe('full');
    expect(await registry.removeSeat(g.id, 'p1')).toBe(true);
    expect(await registry.addSeat(g.id, seat('late'), MAX)).toBe('added');
    expect(await registry.seats(g.id)).toHaveLength(GROUP_MAX_PRACTISING + GROUP_MAX_WATCHING);
  });

  it('lets only GROUP_MAX_SHARED_VIDEOS share of several racing for it, and frees the place of one who stops or leaves', async () => {
    const registry = make();
    const g = group(null);
    await registry.create(g, 60_000);
    const uids = Array.from({ length: GROUP_MAX_SHARED_VIDEOS + 3 }, (_, n) => `s${n}`);
    for (const uid of uids) await registry.addSeat(g.id, seat(uid), MAX);
    const race = await Promise.all(uids.map((uid) => registry.share(g.id, uid, GROUP_MAX_SHARED_VIDEOS)));
    expect(race.filter(Boolean)).toHaveLength(GROUP_MAX_SHARED_VIDEOS);
    const sharers = async () => [...(await registry.flags(g.id))].filter(([, flags]) => flags.sharing).map(([uid]) => uid);
    const [first, second] = await sharers();
    const waiting = uids.find((uid, n) => !race[n])!;
    // Sharing again is no new place; a fifth is refused.
    expect(await registry.share(g.id, first!, GROUP_MAX_SHARED_VIDEOS)).toBe(true);
    expect(await registry.share(g.id, waiting, GROUP_MAX_SHARED_VIDEOS)).toBe(false);
    await registry.setFlag(g.id, first!, 'sharing', false);
    expect(await registry.share(g.id, waiting, GROUP_MAX_SHARED_VIDEOS)).toBe(true);
    expect(await registry.removeSeat(g.id, second!)).toBe(true);
    expect(await sharers()).toHaveLength(GROUP_MAX_SHARED_VIDEOS - 1);
    expect(await registry.share('no-such-group-xxxxxxxx', 'x', GROUP_MAX_SHARED_VIDEOS)).toBe(false);
  });

  it('takes a code once per joiner, moves and hands over only from where it was, and ends once', async () => {
    const registry = make();
    const code = uniqueCode();
    const g = group(code);
    expect(await registry.create(g, 60_000)).toBe(true);
    expect(await registry.create(group(code), 60_000)).toBe(false);
    // Once per joiner, even racing: three people use it, one of them twice at once.
    const takers = await Promise.all(['ann', 'ben', 'ben', 'cat'].map((uid) => registry.useCode(code, uid)));
    expect(takers.filter(Boolean)).toEqual([g.id, g.id, g.id]);
    expect(await registry.useCode(code, 'ann')).toBeNull();
    expect(await registry.useCode('000000', 'dan')).toBeNull();
    // A new code replaces it: the old one is gone, the new one fresh for everyone.
    const next = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await registry.renewCode(g.id, next, 60_000)).toBe(true);
    expect(await registry.useCode(code, 'dan')).toBeNull();
    expect(await registry.useCode(next, 'ann')).toBe(g.id);

    const start = { phase: 'running' as const, step: 0, startsAt: 123 };
    const moves = await Promise.all([registry.move(g.id, { phase: 'lobby', step: 0 }, start), registry.move(g.id, { phase: 'lobby', step: 0 }, start)]);
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect(await registry.get(g.id)).toMatchObject({ phase: 'running', step: 0, startsAt: 123 });

    expect(await registry.setHost(g.id, 'somebody-else', 'x')).toBe(false);
    expect(await registry.setHost(g.id, g.hostUid, 'next-host')).toBe(true);
    expect(await registry.hostGroup('next-host')).toBe(g.id);
    expect(await registry.hostGroup(g.hostUid)).toBeNull();

    await registry.setTally(g.id, 0, 'a', { reps: 3, score: 0.5, status: 'active', scoreSum: 0.5, scored: 1 });
    await registry.setTally(g.id, 1, 'a', { reps: 1, score: null, status: 'resting', scoreSum: 0, scored: 0 });
    expect((await registry.tallies(g.id, 0)).get('a')?.reps).toBe(3);
    expect(await registry.tally(g.id, 1, 'a')).toMatchObject({ reps: 1, status: 'resting' });
    await registry.setFlag(g.id, 'a', 'ready', true);
    expect((await registry.flags(g.id)).get('a')).toEqual({ ready: true, connected: false });

    const ends = await Promise.all([registry.end(g.id), registry.end(g.id)]);
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(await registry.get(g.id)).toBeNull();
    expect(await registry.tallies(g.id, 0)).toEqual(new Map());
    expect(await registry.hostGroup('next-host')).toBeNull();
    const ended = { groupId: g.id, reason: 'ended' as const, plan: g.plan, results: [] };
    await registry.keepEnded(ended, ['a'], 60_000);
    expect(await registry.ended(g.id)).toEqual({ ended, uids: ['a'] });
    expect(await registry.ended('never-was')).toBeNull();
    // Nothing is written into an ended group.
    await registry.setFlag(g.id, 'a', 'connected', true);
    expect(await registry.flags(g.id)).toEqual(new Map());
  });

  it('lists the live groups: not one that ended, nor one past its lifetime', async () => {
    const registry = make();
    const [kept, ended] = [group(null), group(null)];
    const brief = { ...group(null), expiresAt: Date.now() + 100 };
    for (const one of [kept, ended, brief]) await registry.create(one, 60_000);
    expect((await registry.list()).map((one) => one.id)).toEqual(expect.arrayContaining([kept.id, ended.id, brief.id]));
    await registry.end(ended.id);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const listed = await registry.list();
    expect(listed.find((one) => one.id === kept.id)).toEqual(kept);
    expect(listed.map((one) => one.id)).not.toContain(ended.id);
    expect(listed.map((one) => one.id)).not.toContain(brief.id);
  });
});
