/**
 * The embedded backend's session (spec §4 and §9): keeps the signed-in user and tokens,
 * persists them so a reload stays signed in, refreshes the ID token 5 minutes before it
 * expires (the gateway rotates the refresh token on every refresh), retries a failed refresh
 * with back-off (30 s doubling up to 16 min) or at once when the network returns, treats a token as expired 30 s early, and signs
 * out when the gateway says the account is disabled or the refresh token is invalid, revoked
 * or expired. Network failures never sign out: the user stays signed in and requests fail
 * with `auth/network-request-failed` until the network is back.
 */
import type { TAuthSession, TAuthUser } from '@movelab/shared';
import { systemClock, type TClock } from './clock';
import {
  apply,
  cancelTimer,
  clear,
  isExpired,
  isSignOutError,
  readStored,
  refreshNow,
  replaceSession,
  scheduleProactiveRefresh,
  type TKeyValueStorage,
  type TSessionCore,
  type TSessionListener,
} from './session-core';

export { isSignOutError, SIGN_OUT_CODES, type TKeyValueStorage, type TSessionListener } from './session-core';

export type TSessionManagerOptions = {
  storage: TKeyValueStorage;
  /** Exchanges a refresh token for a new session (POST API.refresh). */
  refresh: (refreshToken: string) => Promise<TAuthSession>;
  clock?: TClock;
  storageKey?: string;
  /** Where 'online' events come from (the window): a token that expired offline is refreshed at once. */
  reconnect?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
};

export type TSessionManager = {
  currentUser(): TAuthUser | null;
  refreshToken(): string | null;
  /** A valid ID token (refreshed first when expired or forced); null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  setSession(session: TAuthSession): void;
  /** Uses the session `request` answers with; refreshes asked meanwhile wait for it (session-core.ts `replaceSession`). */
  replaceWith(request: Promise<TAuthSession>): Promise<void>;
  /** Signs out locally: forgets the tokens and tells the listeners. */
  clear(): void;
  /** Signs out when `error` says the session is over; answers whether it did. */
  handleError(error: unknown): boolean;
  subscribe(listener: TSessionListener): () => void;
  /** Milliseconds until the scheduled refresh, or null when none (for tests and diagnostics). */
  nextRefreshInMs(): number | null;
  dispose(): void;
};

export const DEFAULT_SESSION_KEY = 'movelab.session';

export function createSessionManager(options: TSessionManagerOptions): TSessionManager {
  const place = { storage: options.storage, key: options.storageKey ?? DEFAULT_SESSION_KEY };
  const core: TSessionCore = {
    ...place,
    clock: options.clock ?? systemClock,
    refresh: options.refresh,
    listeners: new Set(),
    session: readStored(place),
    timer: null,
    retryAttempt: 0,
    inflight: null,
    generation: 0,
  };

  if (core.session) {
    // A restored session whose token is already stale refreshes at once.
    scheduleProactiveRefresh(core);
  }

  // Back online: an expired token, or a refresh waiting in back-off, is refreshed now (a revoked
  // refresh token then signs out, and the user signs in again).
  const onReconnect = () => {
    if (!core.session || (!isExpired(core, core.session) && core.retryAttempt === 0)) return;
    core.retryAttempt = 0;
    refreshNow(core).catch(() => {
      // refreshNow signed out or scheduled the next retry.
    });
  };
  options.reconnect?.addEventListener('online', onReconnect);

  return {
    currentUser: () => core.session?.user ?? null,
    refreshToken: () => core.session?.tokens.refreshToken ?? null,
    getIdToken: async (forceRefresh = false) => {
      if (!core.session) return null;
      if (!forceRefresh && !isExpired(core, core.session)) return core.session.tokens.idToken;
      const next = await refreshNow(core);
      return next.tokens.idToken;
    },
    setSession: (next) => {
      core.generation += 1;
      core.inflight = null;
      apply(core, next, { isNewUser: true });
    },
    replaceWith: async (request) => {
      await replaceSession(core, request);
    },
    clear: () => clear(core),
    handleError: (error) => {
      if (!core.session || !isSignOutError(error)) return false;
      clear(core);
      return true;
    },
    subscribe: (listener) => {
      core.listeners.add(listener);
      listener(core.session?.user ?? null);
      return () => core.listeners.delete(listener);
    },
    nextRefreshInMs: () => (core.timer ? core.timer.at - core.clock.now() : null),
    dispose: () => {
      cancelTimer(core);
      core.listeners.clear();
      options.reconnect?.removeEventListener('online', onReconnect);
    },
  };
}

/** Map-backed storage for Node and tests (the browser passes window.localStorage). */
export function createMemoryStorage(): TKeyValueStorage & { size(): number } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    size: () => map.size,
  };
}
