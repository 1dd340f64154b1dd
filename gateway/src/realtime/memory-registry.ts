import type { TCameraRecord, TRegistryOptions, TSessionRecord, TSessionRegistry, TSessionSummary } from './registry.js';

type TEntry = { session: TSessionRecord; cameras: Map<string, TCameraRecord> };

/** One gateway's sessions in a Map; expiry is checked on read against the injected clock. */
export function createMemoryRegistry(now: () => number = Date.now, options: TRegistryOptions = { codeMaxFailures: 5 }): TSessionRegistry {
  const sessions = new Map<string, TEntry>();
  /** `failuresAtIssue`: the wrong-code count when the code was issued; it works while fewer have followed. */
  const codes = new Map<string, { sessionId: string; expiresAt: number; failuresAtIssue: number }>();
  let failures = 0;
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
    const isTried = failures - entry.failuresAtIssue >= options.codeMaxFailures;
    if (entry.expiresAt > now() && !isTried && live(entry.sessionId)) return entry;
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

  return {
    async create(session, codeTtlMs) {
      if (session.code && liveCode(session.code)) return false;
      sessions.set(session.id, { session: { ...session }, cameras: new Map() });
      if (session.code) codes.set(session.code, { sessionId: session.id, expiresAt: now() + codeTtlMs, failuresAtIssue: failures });
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
      codes.set(code, { sessionId, expiresAt: now() + codeTtlMs, failuresAtIssue: failures });
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
    async codeFailed() {
      failures += 1;
      const tried = [...codes].filter(([, entry]) => failures - entry.failuresAtIssue >= options.codeMaxFailures);
      const ended: string[] = [];
      for (const [code, entry] of tried) {
        codes.delete(code);
        const session = live(entry.sessionId);
        // Only codes still live were ended by this try: an expired one ended before.
        if (!session || entry.expiresAt <= now()) continue;
        if (session.session.code === code) session.session = { ...session.session, code: null };
        ended.push(entry.sessionId);
      }
      return ended;
    },
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
