/**
 * The embedded backend's session (spec §4 and §9): keeps the signed-in user and tokens,
 * persists them so a reload stays signed in, refreshes the ID token 5 minutes before it
 * expires (the gateway rotates the refresh token on every refresh), retries a failed refresh
 * with back-off (30 s doubling up to 16 min) or at once when the network returns, treats a token as expired 30 s early, and signs
 * out when the gateway says the account is disabled or the refresh token is invalid, revoked
 * or expired. Network failures never sign out: the user stays signed in and requests fail
 * with `auth/network-request-failed` until the network is back.
 */
import {
  AUTH_ERRORS,
  IDENTITY,
  ZAuthSession,
  isMovelabError,
  type TAuthSession,
  type TAuthUser,
} from '@movelab/shared';
import { backoffDelay, systemClock, type TClock, type TTimerId } from './clock';

export type TKeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Answers of the gateway after which the session cannot go on. */
export const SIGN_OUT_CODES: ReadonlySet<string> = new Set([
  AUTH_ERRORS.userDisabled,
  AUTH_ERRORS.invalidRefreshToken,
  AUTH_ERRORS.userTokenExpired,
  AUTH_ERRORS.userNotFound,
  'auth/id-token-revoked',
]);

export function isSignOutError(error: unknown): boolean {
  return isMovelabError(error) && SIGN_OUT_CODES.has(error.code);
}

export type TSessionManagerOptions = {
  storage: TKeyValueStorage;
  /** Exchanges a refresh token for a new session (POST API.refresh). */
  refresh: (refreshToken: string) => Promise<TAuthSession>;
  clock?: TClock;
  storageKey?: string;
  /** Where 'online' events come from (the window): a token that expired offline is refreshed at once. */
  reconnect?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
};

export type TSessionListener = (user: TAuthUser | null) => void;

export type TSessionManager = {
  currentUser(): TAuthUser | null;
  refreshToken(): string | null;
  /** A valid ID token (refreshed first when expired or forced); null when signed out. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  setSession(session: TAuthSession): void;
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
  const clock = options.clock ?? systemClock;
  const key = options.storageKey ?? DEFAULT_SESSION_KEY;
  const listeners = new Set<TSessionListener>();
  let session: TAuthSession | null = readStored();
  let timer: { id: TTimerId; at: number } | null = null;
  let retryAttempt = 0;
  let inflight: Promise<TAuthSession> | null = null;
  /** Bumped on every sign-in and sign-out so a late refresh answer cannot revive an old session. */
  let generation = 0;

  function readStored(): TAuthSession | null {
    const raw = options.storage.getItem(key);
    if (!raw) return null;
    try {
      const parsed = ZAuthSession.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function notify(): void {
    const user = session?.user ?? null;
    for (const listener of [...listeners]) listener(user);
  }

  function cancelTimer(): void {
    if (!timer) return;
    clock.clearTimeout(timer.id);
    timer = null;
  }

  function schedule(delayMs: number): void {
    cancelTimer();
    const at = clock.now() + Math.max(0, delayMs);
    timer = { id: clock.setTimeout(onTimer, Math.max(0, delayMs)), at };
  }

  function scheduleProactiveRefresh(): void {
    if (!session) return cancelTimer();
    schedule(session.tokens.expiresAt - IDENTITY.refreshBeforeExpiryMs - clock.now());
  }

  function onTimer(): void {
    timer = null;
    refreshNow().catch(() => {
      // refreshNow already signed out or scheduled the retry; nobody awaits the timer.
    });
  }

  function isExpired(current: TAuthSession): boolean {
    return clock.now() >= current.tokens.expiresAt - IDENTITY.expirySkewMs;
  }

  function apply(next: TAuthSession, { isNewUser }: { isNewUser: boolean }): void {
    const changed = isNewUser || session?.user.uid !== next.user.uid || JSON.stringify(session?.user) !== JSON.stringify(next.user);
    session = next;
    retryAttempt = 0;
    options.storage.setItem(key, JSON.stringify(next));
    scheduleProactiveRefresh();
    if (changed) notify();
  }

  function clear(): void {
    generation += 1;
    cancelTimer();
    inflight = null;
    retryAttempt = 0;
    const wasSignedIn = session !== null;
    session = null;
    options.storage.removeItem(key);
    if (wasSignedIn) notify();
  }

  function refreshNow(): Promise<TAuthSession> {
    if (inflight) return inflight;
    if (!session) return Promise.reject(new Error('Not signed in'));
    // Another tab over the same storage may have rotated the refresh token already: use its
    // newer one, or the gateway would see a spent token.
    const stored = readStored();
    if (stored && stored.user.uid === session.user.uid && stored.tokens.expiresAt > session.tokens.expiresAt) {
      session = stored;
      if (!isExpired(stored)) {
        scheduleProactiveRefresh();
        return Promise.resolve(stored);
      }
    }
    const startedGeneration = generation;
    const refreshToken = session.tokens.refreshToken;
    inflight = options
      .refresh(refreshToken)
      .then((next) => {
        if (generation !== startedGeneration) throw new Error('Signed out during refresh');
        apply(next, { isNewUser: false });
        return next;
      })
      .catch((error: unknown) => {
        if (generation === startedGeneration) onRefreshFailed(error);
        throw error;
      })
      .finally(() => {
        if (generation === startedGeneration) inflight = null;
      });
    return inflight;
  }

  function onRefreshFailed(error: unknown): void {
    if (isSignOutError(error)) return clear();
    schedule(backoffDelay(retryAttempt, IDENTITY.refreshRetryStartMs, IDENTITY.refreshRetryMaxMs));
    retryAttempt += 1;
  }

  async function getIdToken(forceRefresh = false): Promise<string | null> {
    if (!session) return null;
    if (!forceRefresh && !isExpired(session)) return session.tokens.idToken;
    const next = await refreshNow();
    return next.tokens.idToken;
  }

  function handleError(error: unknown): boolean {
    if (!session || !isSignOutError(error)) return false;
    clear();
    return true;
  }

  function subscribe(listener: TSessionListener): () => void {
    listeners.add(listener);
    listener(session?.user ?? null);
    return () => listeners.delete(listener);
  }

  if (session) {
    // A restored session whose token is already stale refreshes at once.
    scheduleProactiveRefresh();
  }

  // Back online: an expired token, or a refresh waiting in back-off, is refreshed now (a revoked
  // refresh token then signs out, and the user signs in again).
  const onReconnect = () => {
    if (!session || (!isExpired(session) && retryAttempt === 0)) return;
    retryAttempt = 0;
    refreshNow().catch(() => {
      // refreshNow signed out or scheduled the next retry.
    });
  };
  options.reconnect?.addEventListener('online', onReconnect);

  return {
    currentUser: () => session?.user ?? null,
    refreshToken: () => session?.tokens.refreshToken ?? null,
    getIdToken,
    setSession: (next) => {
      generation += 1;
      inflight = null;
      apply(next, { isNewUser: true });
    },
    clear,
    handleError,
    subscribe,
    nextRefreshInMs: () => (timer ? timer.at - clock.now() : null),
    dispose: () => {
      cancelTimer();
      listeners.clear();
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
