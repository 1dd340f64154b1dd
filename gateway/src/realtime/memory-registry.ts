import type { TCameraRecord, TSessionRecord, TSessionRegistry, TSessionSummary } from './registry.js';

type TEntry = { session: TSessionRecord; cameras: Map<string, TCameraRecord> };

type TSessionPart = Pick<TSessionRegistry, 'create' | 'get' | 'hostSession' | 'renew' | 'setHostConnected' | 'consumeCode'>;

/** The Maps and their expiry-aware readers, shared by both halves of the registry. */
function memoryState(now: () => number) {
  const sessions = new Map<string, TEntry>();
  const codes = new Map<string, { sessionId: string; expiresAt: number }>();
  const hosts = new Map<string, string>();

  const live = (sessionId: string): TEntry | null => {
    const entry = sessions.get(sessionId);
    if (!entry) return null;
    if (entry.session.expiresAt > now()) return entry;
    forget(sessionId);
    return null;
  };
  const liveCode = (code: string) => {
    const entry = codes.get(code);
    if (!entry) return null;
    if (entry.expiresAt > now() && live(entry.sessionId)) return entry;
    codes.delete(code);
    return null;
  };
  const forget = (sessionId: string): boolean => {
    const entry = sessions.get(sessionId);
    if (!entry) return false;
    sessions.delete(sessionId);
    if (entry.session.code && codes.get(entry.session.code)?.sessionId === sessionId) codes.delete(entry.session.code);
    if (hosts.get(entry.session.hostUid) === sessionId) hosts.delete(entry.session.hostUid);
    return true;
  };
  return { now, sessions, codes, hosts, live, liveCode, forget };
}

type TMemoryState = ReturnType<typeof memoryState>;

/** Sessions, their hosts and their pairing codes. */
function memorySessions({ now, sessions, codes, hosts, live, liveCode }: TMemoryState): TSessionPart {
  return {
    async create(session, codeTtlMs) {
      if (session.code && liveCode(session.code)) return false;
      sessions.set(session.id, { session: { ...session }, cameras: new Map() });
      if (session.code) codes.set(session.code, { sessionId: session.id, expiresAt: now() + codeTtlMs });
      hosts.set(session.hostUid, session.id);
      return true;
    },
    async get(sessionId) {
      const entry = live(sessionId);
      return entry ? { ...entry.session } : null;
    },
    async hostSession(uid) {
      const sessionId = hosts.get(uid);
      return sessionId && live(sessionId) ? sessionId : null;
    },
    async renew(sessionId, joinTokenHash, code, codeTtlMs) {
      const entry = live(sessionId);
      if (!entry || liveCode(code)) return false;
      if (entry.session.code) codes.delete(entry.session.code);
      entry.session = { ...entry.session, joinTokenHash, code };
      codes.set(code, { sessionId, expiresAt: now() + codeTtlMs });
      return true;
    },
    async setHostConnected(sessionId, isConnected) {
      const entry = live(sessionId);
      if (entry) entry.session = { ...entry.session, isHostConnected: isConnected };
    },
    async consumeCode(code) {
      const entry = liveCode(code);
      if (!entry) return null;
      codes.delete(code);
      const session = live(entry.sessionId);
      if (session) session.session = { ...session.session, code: null };
      return entry.sessionId;
    },
  };
}

/** One gateway's sessions in a Map; expiry is checked on read against the injected clock. */
export function createMemoryRegistry(now: () => number = Date.now): TSessionRegistry {
  const state = memoryState(now);
  const { sessions, codes, hosts, live, forget } = state;
  return {
    ...memorySessions(state),
    async cameras(sessionId) {
      return [...(live(sessionId)?.cameras.values() ?? [])];
    },
    async addCamera(sessionId, camera, max) {
      const entry = live(sessionId);
      if (!entry || entry.cameras.size >= max) return false;
      entry.cameras.set(camera.cameraId, camera);
      return true;
    },
    async removeCamera(sessionId, cameraId) {
      return live(sessionId)?.cameras.delete(cameraId) ?? false;
    },
    async end(sessionId) {
      return forget(sessionId);
    },
    async list() {
      const summaries: TSessionSummary[] = [];
      for (const sessionId of [...sessions.keys()]) {
        const entry = live(sessionId);
        if (entry) summaries.push({ session: { ...entry.session }, cameras: entry.cameras.size });
      }
      return summaries;
    },
    async close() {
      sessions.clear();
      codes.clear();
      hosts.clear();
    },
  };
}
