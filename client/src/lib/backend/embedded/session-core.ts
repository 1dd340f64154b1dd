/**
 * The state of the embedded backend's session (session.ts) and the steps that change it: the
 * stored copy, the listeners, the refresh timer with its back-off, and the refresh in flight.
 * `generation` is bumped on every sign-in and sign-out so a late refresh answer cannot revive an
 * old session.
 */
import { AUTH_ERRORS, IDENTITY, ZAuthSession, isMovelabError, type TAuthSession, type TAuthUser } from '@movelab/shared';
import { backoffDelay, type TClock, type TTimerId } from './clock';

export type TKeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type TSessionListener = (user: TAuthUser | null) => void;

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

export type TSessionCore = {
  storage: TKeyValueStorage;
  key: string;
  clock: TClock;
  /** Exchanges a refresh token for a new session. */
  refresh: (refreshToken: string) => Promise<TAuthSession>;
  listeners: Set<TSessionListener>;
  session: TAuthSession | null;
  timer: { id: TTimerId; at: number } | null;
  retryAttempt: number;
  inflight: Promise<TAuthSession> | null;
  generation: number;
};

export function readStored({ storage, key }: Pick<TSessionCore, 'storage' | 'key'>): TAuthSession | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    const parsed = ZAuthSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function notify(core: TSessionCore): void {
  const user = core.session?.user ?? null;
  for (const listener of [...core.listeners]) listener(user);
}

export function cancelTimer(core: TSessionCore): void {
  if (!core.timer) return;
  core.clock.clearTimeout(core.timer.id);
  core.timer = null;
}

function schedule(core: TSessionCore, delayMs: number): void {
  cancelTimer(core);
  const at = core.clock.now() + Math.max(0, delayMs);
  const onTimer = () => {
    core.timer = null;
    refreshNow(core).catch(() => {
      // refreshNow already signed out or scheduled the retry; nobody awaits the timer.
    });
  };
  core.timer = { id: core.clock.setTimeout(onTimer, Math.max(0, delayMs)), at };
}

/** The next refresh, 5 minutes before the ID token expires (at once when it is already stale). */
export function scheduleProactiveRefresh(core: TSessionCore): void {
  if (!core.session) return cancelTimer(core);
  schedule(core, core.session.tokens.expiresAt - IDENTITY.refreshBeforeExpiryMs - core.clock.now());
}

export function isExpired(core: TSessionCore, current: TAuthSession): boolean {
  return core.clock.now() >= current.tokens.expiresAt - IDENTITY.expirySkewMs;
}

export function apply(core: TSessionCore, next: TAuthSession, { isNewUser }: { isNewUser: boolean }): void {
  const { session } = core;
  const changed = isNewUser || session?.user.uid !== next.user.uid || JSON.stringify(session?.user) !== JSON.stringify(next.user);
  core.session = next;
  core.retryAttempt = 0;
  core.storage.setItem(core.key, JSON.stringify(next));
  scheduleProactiveRefresh(core);
  if (changed) notify(core);
}

export function clear(core: TSessionCore): void {
  core.generation += 1;
  cancelTimer(core);
  core.inflight = null;
  core.retryAttempt = 0;
  const wasSignedIn = core.session !== null;
  core.session = null;
  core.storage.removeItem(core.key);
  if (wasSignedIn) notify(core);
}

function onRefreshFailed(core: TSessionCore, error: unknown): void {
  if (isSignOutError(error)) return clear(core);
  schedule(core, backoffDelay(core.retryAttempt, IDENTITY.refreshRetryStartMs, IDENTITY.refreshRetryMaxMs));
  core.retryAttempt += 1;
}

export function refreshNow(core: TSessionCore): Promise<TAuthSession> {
  if (core.inflight) return core.inflight;
  if (!core.session) return Promise.reject(new Error('Not signed in'));
  // Another tab over the same storage may have rotated the refresh token already: use its
  // newer one, or the gateway would see a spent token.
  const stored = readStored(core);
  if (stored && stored.user.uid === core.session.user.uid && stored.tokens.expiresAt > core.session.tokens.expiresAt) {
    core.session = stored;
    if (!isExpired(core, stored)) {
      scheduleProactiveRefresh(core);
      return Promise.resolve(stored);
    }
  }
  const startedGeneration = core.generation;
  const refreshToken = core.session.tokens.refreshToken;
  const refreshing: Promise<TAuthSession> = core
    .refresh(refreshToken)
    .then((next) => {
      if (core.generation !== startedGeneration) throw new Error('Signed out during refresh');
      apply(core, next, { isNewUser: false });
      return next;
    })
    .catch((error: unknown) => {
      if (core.generation === startedGeneration) onRefreshFailed(core, error);
      throw error;
    })
    .finally(() => {
      // Only its own: a sign-in or an account update may have put another in its place.
      if (core.inflight === refreshing) core.inflight = null;
    });
  core.inflight = refreshing;
  return refreshing;
}

/**
 * Runs a request that answers with the session to use next (an account update: a new password
 * revokes every refresh token and answers with new ones). Until it answers, a refresh waits for it
 * rather than spend a token being revoked (an open connection told that its sign-in ended asks for
 * one at once), which would sign the user out for a moment. A refresh that waited on a failed
 * request fails with it; the next one refreshes as usual.
 */
export function replaceSession(core: TSessionCore, request: Promise<TAuthSession>): Promise<TAuthSession> {
  const settle = () => {
    if (core.inflight === waiting) core.inflight = null;
  };
  const waiting: Promise<TAuthSession> = request.then(
    (next) => {
      settle();
      core.generation += 1;
      apply(core, next, { isNewUser: true });
      return next;
    },
    (error: unknown) => {
      settle();
      throw error;
    },
  );
  core.inflight = waiting;
  return waiting;
}
