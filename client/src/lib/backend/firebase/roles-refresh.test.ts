import type { Auth } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshWhenRolesChanged } from './identity';

/** The part of Firebase Auth the check reads: the signed-in user's token claims and its refresh. */
function signedIn(uid: string, claimRoles: string[]) {
  const refreshes: boolean[] = [];
  const auth = {
    currentUser: {
      uid,
      getIdTokenResult: async () => ({ claims: { roles: claimRoles } }),
      getIdToken: async (force?: boolean) => {
        refreshes.push(!!force);
        return 'token';
      },
    },
  } as unknown as Auth;
  return { auth, refreshes };
}

describe('refreshing the token when the roles copy differs from its claim', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes once when they differ, not on every read while they still do, and again a minute later', async () => {
    const { auth, refreshes } = signedIn('promoted', ['USER']);
    for (let read = 0; read < 5; read += 1) await refreshWhenRolesChanged(auth, 'promoted', ['USER', 'ADMIN']);
    expect(refreshes).toEqual([true]);
    vi.advanceTimersByTime(61_000);
    await refreshWhenRolesChanged(auth, 'promoted', ['ADMIN', 'USER']);
    expect(refreshes).toEqual([true, true]);
  });

  it('does not refresh when the claim matches, nor for another account than the signed-in one', async () => {
    const { auth, refreshes } = signedIn('same', ['ADMIN', 'USER']);
    await refreshWhenRolesChanged(auth, 'same', ['USER', 'ADMIN']);
    await refreshWhenRolesChanged(auth, 'someone-else', ['USER']);
    expect(refreshes).toEqual([]);
  });

  it('a change of roles again is refreshed at once', async () => {
    const { auth, refreshes } = signedIn('changing', ['USER']);
    await refreshWhenRolesChanged(auth, 'changing', ['USER', 'ADMIN']);
    await refreshWhenRolesChanged(auth, 'changing', ['ADMIN']);
    expect(refreshes).toEqual([true, true]);
  });
});
