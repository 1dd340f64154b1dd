import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS, IDENTITY, MovelabError, type TAuthSession, type TAuthUser } from '@movelab/shared';
import { createMemoryStorage, createSessionManager, DEFAULT_SESSION_KEY } from './session';
import { FakeClock } from '@/test/fakeClock';

const HOUR = 60 * 60_000;
const MINUTE = 60_000;

const user: TAuthUser = {
  uid: 'u1',
  displayName: 'Ada',
  photoURL: null,
  email: 'ada@example.com',
  emailVerified: false,
  phoneNumber: null,
  tenantId: null,
  isAnonymous: false,
  providerData: [],
  metadata: {},
};

function sessionAt(clock: FakeClock, n: number, lifetimeMs = HOUR): TAuthSession {
  return { user, tokens: { idToken: `id-${n}`, refreshToken: `refresh-${n}`, expiresAt: clock.now() + lifetimeMs } };
}

function setup(refresh: (token: string) => Promise<TAuthSession>) {
  const clock = new FakeClock();
  const storage = createMemoryStorage();
  const calls: string[] = [];
  const manager = createSessionManager({
    storage,
    clock,
    refresh: (token) => {
      calls.push(token);
      return refresh(token);
    },
  });
  const seen: (string | null)[] = [];
  manager.subscribe((u) => seen.push(u?.uid ?? null));
  return { clock, storage, manager, calls, seen };
}

describe('session manager', () => {
  it('schedules the refresh 5 minutes before expiry and rotates the refresh token', async () => {
    let n = 1;
    const ctx = setup(async () => sessionAt(ctx.clock, ++n));
    ctx.manager.setSession(sessionAt(ctx.clock, 1));
    expect(ctx.manager.nextRefreshInMs()).toBe(HOUR - IDENTITY.refreshBeforeExpiryMs);

    await ctx.clock.advance(HOUR - 5 * MINUTE - 1);
    expect(ctx.calls).toEqual([]);
    await ctx.clock.advance(1);
    expect(ctx.calls).toEqual(['refresh-1']);
    expect(await ctx.manager.getIdToken()).toBe('id-2');
    expect(ctx.manager.refreshToken()).toBe('refresh-2');
    // The rotated token is what a reload will use.
    expect(JSON.parse(ctx.storage.getItem(DEFAULT_SESSION_KEY) ?? '{}').tokens.refreshToken).toBe('refresh-2');
    expect(ctx.manager.nextRefreshInMs()).toBe(HOUR - 5 * MINUTE);
  });

  it('retries a failed refresh after 30 s, doubling up to 16 minutes', async () => {
    const ctx = setup(async () => {
      throw new MovelabError(AUTH_ERRORS.networkRequestFailed, 'offline', 0);
    });
    ctx.manager.setSession(sessionAt(ctx.clock, 1, 10 * MINUTE));
    await ctx.clock.advance(5 * MINUTE);
    expect(ctx.calls).toHaveLength(1);

    const waits: (number | null)[] = [];
    for (let i = 0; i < 7; i += 1) {
      const wait = ctx.manager.nextRefreshInMs();
      waits.push(wait);
      await ctx.clock.advance(wait ?? 0);
    }
    const s = 1000;
    expect(waits).toEqual([30 * s, 60 * s, 120 * s, 240 * s, 480 * s, 960 * s, 960 * s]);
    expect(ctx.calls).toHaveLength(8);
    // A network failure keeps the user signed in.
    expect(ctx.manager.currentUser()?.uid).toBe('u1');
  });

  it('counts a token as expired 30 s before its expiry', async () => {
    let n = 1;
    const ctx = setup(async () => sessionAt(ctx.clock, ++n));
    const first = sessionAt(ctx.clock, 1);
    ctx.manager.setSession(first);
    // Cancel the proactive timer so only the on-demand check is exercised.
    ctx.manager.dispose();

    await ctx.clock.advance(first.tokens.expiresAt - IDENTITY.expirySkewMs - 1 - ctx.clock.now());
    expect(await ctx.manager.getIdToken()).toBe('id-1');
    expect(ctx.calls).toEqual([]);
    await ctx.clock.advance(1);
    expect(await ctx.manager.getIdToken()).toBe('id-2');
    expect(ctx.calls).toEqual(['refresh-1']);
  });

  it('signs out and tells the listeners when the gateway answers user-disabled', async () => {
    const ctx = setup(async () => {
      throw new MovelabError(AUTH_ERRORS.userDisabled, 'The user account has been disabled', 401);
    });
    ctx.manager.setSession(sessionAt(ctx.clock, 1));
    expect(ctx.seen).toEqual([null, 'u1']);
    await ctx.clock.advance(HOUR - 5 * MINUTE);
    expect(ctx.manager.currentUser()).toBeNull();
    expect(ctx.seen).toEqual([null, 'u1', null]);
    expect(ctx.storage.getItem(DEFAULT_SESSION_KEY)).toBeNull();
    expect(ctx.clock.pending()).toBe(0);
    expect(await ctx.manager.getIdToken()).toBeNull();
  });

  it('signs out on an invalid refresh token met on demand, and rejects the caller', async () => {
    const ctx = setup(async () => {
      throw new MovelabError(AUTH_ERRORS.invalidRefreshToken, 'Invalid refresh token', 400);
    });
    ctx.manager.setSession(sessionAt(ctx.clock, 1));
    await expect(ctx.manager.getIdToken(true)).rejects.toMatchObject({ code: AUTH_ERRORS.invalidRefreshToken });
    expect(ctx.manager.currentUser()).toBeNull();
  });

  it('restores a stored session on a new instance and refreshes it at once when stale', async () => {
    let n = 1;
    const first = setup(async () => sessionAt(first.clock, ++n));
    first.manager.setSession(sessionAt(first.clock, 1, 2 * MINUTE));
    first.manager.dispose();

    const calls: string[] = [];
    const again = createSessionManager({
      storage: first.storage,
      clock: first.clock,
      refresh: async (token) => {
        calls.push(token);
        return sessionAt(first.clock, 9);
      },
    });
    expect(again.currentUser()?.uid).toBe('u1');
    expect(again.nextRefreshInMs()).toBe(0);
    await first.clock.advance(0);
    expect(calls).toEqual(['refresh-1']);
    expect(await again.getIdToken()).toBe('id-9');
  });

  it('ignores stored data that is not a session', () => {
    const storage = createMemoryStorage();
    storage.setItem(DEFAULT_SESSION_KEY, '{"user":1}');
    const manager = createSessionManager({ storage, clock: new FakeClock(), refresh: async () => Promise.reject(new Error('no')) });
    expect(manager.currentUser()).toBeNull();
  });
});


describe('session manager back online', () => {
  function offlineThenOnline(answerOnline: (clock: FakeClock) => Promise<TAuthSession>) {
    const clock = new FakeClock();
    const network = new EventTarget();
    let isOnline = false;
    const calls: string[] = [];
    const manager = createSessionManager({
      storage: createMemoryStorage(),
      clock,
      reconnect: network,
      refresh: (token) => {
        calls.push(token);
        if (!isOnline) return Promise.reject(new MovelabError(AUTH_ERRORS.networkRequestFailed, 'offline', 0));
        return answerOnline(clock);
      },
    });
    const seen: (string | null)[] = [];
    manager.subscribe((u) => seen.push(u?.uid ?? null));
    const goOnline = () => {
      isOnline = true;
      network.dispatchEvent(new Event('online'));
    };
    return { clock, manager, calls, seen, goOnline };
  }

  it('refreshes a token that expired offline as soon as the network returns, not at the next back-off step', async () => {
    const ctx = offlineThenOnline(async (clock) => sessionAt(clock, 2));
    ctx.manager.setSession(sessionAt(ctx.clock, 1, 10 * MINUTE));
    await ctx.clock.advance(11 * MINUTE);
    const triedOffline = ctx.calls.length;
    expect(triedOffline).toBeGreaterThan(1);
    expect(ctx.manager.nextRefreshInMs()).toBeGreaterThan(30_000);

    // No clock advance: the refresh runs on the event itself.
    ctx.goOnline();
    await expect.poll(() => ctx.manager.refreshToken()).toBe('refresh-2');
    expect(ctx.calls).toHaveLength(triedOffline + 1);
    expect(await ctx.manager.getIdToken()).toBe('id-2');
    expect(ctx.seen.at(-1)).toBe('u1');
  });

  it('signs out when the refresh token was revoked while offline', async () => {
    const ctx = offlineThenOnline(async () => {
      throw new MovelabError(AUTH_ERRORS.invalidRefreshToken, 'revoked', 400);
    });
    ctx.manager.setSession(sessionAt(ctx.clock, 1, 10 * MINUTE));
    await ctx.clock.advance(11 * MINUTE);
    expect(ctx.manager.currentUser()?.uid).toBe('u1');

    ctx.goOnline();
    await expect.poll(() => ctx.manager.currentUser()).toBeNull();
    expect(ctx.seen.at(-1)).toBeNull();
  });

  it('does nothing on reconnect while the token is still fresh', async () => {
    const ctx = offlineThenOnline(async (clock) => sessionAt(clock, 2));
    ctx.manager.setSession(sessionAt(ctx.clock, 1));
    ctx.goOnline();
    expect(ctx.calls).toEqual([]);
    expect(await ctx.manager.getIdToken()).toBe('id-1');
  });
});
