import type { TGroupEnded } from '@movelab/shared';
import type { TGroupFlags, TGroupRecord, TGroupRegistry, TGroupSeat, TGroupTally } from './group-registry.js';

type TEntry = {
  group: TGroupRecord;
  seats: Map<string, TGroupSeat>;
  flags: Map<string, TGroupFlags>;
  /** `<step>:<uid>` -> the member's count in that step. */
  tallies: Map<string, TGroupTally>;
};

type TGroupPart = Pick<TGroupRegistry, 'create' | 'get' | 'list' | 'hostGroup' | 'renewCode' | 'useCode' | 'move' | 'setHost'>;

/** The Maps and their expiry-aware readers, shared by both halves of the registry. */
function memoryState(now: () => number) {
  const groups = new Map<string, TEntry>();
  /** Each live code with the uids that used it. */
  const codes = new Map<string, { groupId: string; expiresAt: number; usedBy: Set<string> }>();
  const hosts = new Map<string, string>();
  const forget = (groupId: string): boolean => {
    const entry = groups.get(groupId);
    if (!entry) return false;
    groups.delete(groupId);
    if (entry.group.code && codes.get(entry.group.code)?.groupId === groupId) codes.delete(entry.group.code);
    if (hosts.get(entry.group.hostUid) === groupId) hosts.delete(entry.group.hostUid);
    return true;
  };
  const live = (groupId: string): TEntry | null => {
    const entry = groups.get(groupId);
    if (!entry) return null;
    if (entry.group.expiresAt > now()) return entry;
    forget(groupId);
    return null;
  };
  const liveCode = (code: string) => {
    const entry = codes.get(code);
    if (!entry) return null;
    if (entry.expiresAt > now() && live(entry.groupId)) return entry;
    codes.delete(code);
    return null;
  };
  return { now, groups, codes, hosts, live, liveCode, forget };
}

type TMemoryState = ReturnType<typeof memoryState>;

/** Groups, their hosts, codes and phases. */
function memoryGroups({ now, groups, codes, hosts, live, liveCode }: TMemoryState): TGroupPart {
  return {
    async create(group, codeTtlMs) {
      if (group.code && liveCode(group.code)) return false;
      groups.set(group.id, { group: { ...group }, seats: new Map(), flags: new Map(), tallies: new Map() });
      if (group.code) codes.set(group.code, { groupId: group.id, expiresAt: now() + codeTtlMs, usedBy: new Set() });
      hosts.set(group.hostUid, group.id);
      return true;
    },
    async get(groupId) {
      const entry = live(groupId);
      return entry ? { ...entry.group } : null;
    },
    async list() {
      return [...groups.keys()].flatMap((groupId) => {
        const entry = live(groupId);
        return entry ? [{ ...entry.group }] : [];
      });
    },
    async hostGroup(uid) {
      const groupId = hosts.get(uid);
      return groupId && live(groupId) ? groupId : null;
    },
    async renewCode(groupId, code, codeTtlMs) {
      const entry = live(groupId);
      if (!entry || liveCode(code)) return false;
      if (entry.group.code && codes.get(entry.group.code)?.groupId === groupId) codes.delete(entry.group.code);
      entry.group = { ...entry.group, code };
      codes.set(code, { groupId, expiresAt: now() + codeTtlMs, usedBy: new Set() });
      return true;
    },
    async useCode(code, uid) {
      const entry = liveCode(code);
      if (!entry || entry.usedBy.has(uid)) return null;
      entry.usedBy.add(uid);
      return entry.groupId;
    },
    async move(groupId, expected, patch) {
      const entry = live(groupId);
      if (!entry || entry.group.phase !== expected.phase || entry.group.step !== expected.step) return false;
      entry.group = { ...entry.group, ...patch };
      return true;
    },
    async setHost(groupId, fromUid, toUid) {
      const entry = live(groupId);
      if (!entry || entry.group.hostUid !== fromUid) return false;
      entry.group = { ...entry.group, hostUid: toUid };
      if (hosts.get(fromUid) === groupId) hosts.delete(fromUid);
      hosts.set(toUid, groupId);
      return true;
    },
  };
}

/** One gateway's group sessions in Maps; expiry is checked on read against the injected clock. */
export function createMemoryGroupRegistry(now: () => number = Date.now): TGroupRegistry {
  const state = memoryState(now);
  const { groups, codes, hosts, live, forget } = state;
  const results = new Map<string, { ended: TGroupEnded; uids: string[]; until: number }>();
  return {
    ...memoryGroups(state),
    async seats(groupId) {
      return [...(live(groupId)?.seats.values() ?? [])].map((seat) => ({ ...seat }));
    },
    async seat(groupId, uid) {
      const seat = live(groupId)?.seats.get(uid);
      return seat ? { ...seat } : null;
    },
    async addSeat(groupId, seat, max) {
      const entry = live(groupId);
      if (!entry) return 'full';
      if (entry.seats.has(seat.uid)) return 'seated';
      const taken = [...entry.seats.values()].filter((other) => other.role === seat.role).length;
      if (taken >= max[seat.role]) return 'full';
      entry.seats.set(seat.uid, { ...seat });
      return 'added';
    },
    async removeSeat(groupId, uid) {
      const entry = live(groupId);
      entry?.flags.delete(uid);
      return entry?.seats.delete(uid) ?? false;
    },
    async setFlag(groupId, uid, flag, value) {
      const entry = live(groupId);
      if (!entry) return;
      const flags = entry.flags.get(uid) ?? { ready: false, connected: false };
      entry.flags.set(uid, { ...flags, [flag]: value });
    },
    async share(groupId, uid, max) {
      const entry = live(groupId);
      if (!entry) return false;
      if ([...entry.flags].filter(([other, flags]) => other !== uid && flags.sharing).length >= max) return false;
      entry.flags.set(uid, { ...(entry.flags.get(uid) ?? { ready: false, connected: false }), sharing: true });
      return true;
    },
    async flags(groupId) {
      return new Map([...(live(groupId)?.flags ?? [])].map(([uid, flags]) => [uid, { ...flags }]));
    },
    async setTally(groupId, step, uid, tally) {
      live(groupId)?.tallies.set(`${step}:${uid}`, { ...tally });
    },
    async tally(groupId, step, uid) {
      const tally = live(groupId)?.tallies.get(`${step}:${uid}`);
      return tally ? { ...tally } : null;
    },
    async tallies(groupId, step) {
      const prefix = `${step}:`;
      const entries = [...(live(groupId)?.tallies ?? [])].filter(([key]) => key.startsWith(prefix));
      return new Map(entries.map(([key, tally]) => [key.slice(prefix.length), { ...tally }]));
    },
    async end(groupId) {
      return forget(groupId);
    },
    async keepEnded(ended, uids, keepMs) {
      results.set(ended.groupId, { ended, uids, until: now() + keepMs });
    },
    async ended(groupId) {
      const kept = results.get(groupId);
      if (kept && kept.until > now()) return { ended: kept.ended, uids: kept.uids };
      results.delete(groupId);
      return null;
    },
    async close() {
      groups.clear();
      codes.clear();
      hosts.clear();
      results.clear();
    },
  };
}
