/**
 * A test double for the backend port (lib/backend/port.ts): an in-memory identity with
 * listeners, plus whichever port methods a test passes in. Any other method rejects, so a
 * test never silently depends on something it did not set up.
 */
import { AUTH_ERRORS, MovelabError, type TAuthUser, type TUser } from '@movelab/shared';
import type { TBackend, TCatalogPort, TIdentityPort, TMovescorePort, TUserPort } from '@/lib/backend/port';

function port<T extends object>(name: string, implementation: Partial<T> = {}): T {
  return new Proxy(implementation, {
    get(target, key) {
      if (key in target) return target[key as keyof typeof target];
      return () => Promise.reject(new Error(`${name}.${String(key)} is not part of this test double`));
    },
  }) as T;
}

export function authUser(uid: string, email: string, displayName: string | null = null): TAuthUser {
  return {
    uid,
    email,
    displayName,
    photoURL: null,
    emailVerified: false,
    phoneNumber: null,
    tenantId: null,
    isAnonymous: false,
    providerData: [],
    metadata: {},
  };
}

export function userRecord(uid: string, overrides: Partial<TUser> = {}): TUser {
  const displayName = overrides.displayName ?? 'Ada';
  return {
    id: uid,
    displayName,
    displayNameLowercase: displayName.toLowerCase(),
    email: `${uid}@example.com`,
    roles: [],
    activities: [],
    routineSubscriptions: [],
    ...overrides,
  };
}

type TAccount = { password: string; user: TAuthUser };

/** An identity that keeps accounts in memory and calls its listeners like the real ones. */
export function createFakeIdentity(accounts: TAccount[] = [], signedIn: TAuthUser | null = null) {
  let current = signedIn;
  const listeners = new Set<(user: TAuthUser | null) => void>();
  const notify = () => listeners.forEach((listener) => listener(current));
  const identity: Partial<TIdentityPort> = {
    async signIn(email, password) {
      const account = accounts.find((candidate) => candidate.user.email === email);
      if (!account || account.password !== password) {
        throw new MovelabError(AUTH_ERRORS.invalidCredential, 'Invalid credential', 400);
      }
      current = account.user;
      notify();
      return account.user;
    },
    async signOut() {
      current = null;
      notify();
    },
    onAuthStateChanged(callback) {
      listeners.add(callback);
      queueMicrotask(() => callback(current));
      return () => listeners.delete(callback);
    },
    currentUser: () => current,
  };
  return identity;
}

export type TFakeBackendParts = {
  identity?: Partial<TIdentityPort>;
  users?: Partial<TUserPort>;
  movescore?: Partial<TMovescorePort>;
  catalog?: Partial<TCatalogPort>;
};

/**
 * The start-up's loadOrCreateUser, made of the test's own getUser and createUser as the Firebase
 * adapter makes it (read, then create when missing), unless the test gives one.
 */
function withLoadOrCreate(users: Partial<TUserPort> = {}): Partial<TUserPort> {
  const { getUser, createUser } = users;
  if (users.loadOrCreateUser || !getUser) return users;
  return {
    loadOrCreateUser: async (uid, data) => {
      const found = await getUser(uid);
      if (found) return found;
      if (!createUser) throw new Error('users.createUser is not part of this test double');
      return createUser(uid, data);
    },
    ...users,
  };
}

export function createFakeBackend(parts: TFakeBackendParts = {}): TBackend {
  return {
    kind: 'embedded',
    identity: port('identity', parts.identity),
    users: port('users', withLoadOrCreate(parts.users)),
    movescore: port('movescore', { recentSessions: async () => [], ...parts.movescore }),
    catalog: port('catalog', parts.catalog),
  };
}
