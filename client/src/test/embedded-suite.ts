/// <reference types="node" />
/**
 * A suite of the embedded adapter's contract over a REAL gateway (a child process with its own
 * SQLite file and data folder), started before the suite's tests with its admin signed in.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { TAuthUser } from '@movelab/shared';
import { createEmbeddedBackend } from '@/lib/backend/embedded';
import { createMemoryStorage, type TKeyValueStorage } from '@/lib/backend/embedded/session';
import type { TBackend } from '@/lib/backend/port';
import { startGateway, type TGateway } from './gateway';
import { uniqueEmail } from './helpers';

export const ADMIN_EMAIL = 'admin@movelab.test';
export const PASSWORD = 'secret-1';
/** A 1x1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const png = () => new Blob([PNG], { type: 'image/png' });

export type TEmbeddedSuite = {
  /** Set once the suite has started. */
  gateway: TGateway;
  /** The ADMIN_EMAILS account, verified. */
  admin: { backend: TBackend; user: TAuthUser };
  /** A new adapter on the suite's gateway (or `baseUrl`), disposed of after the suite. */
  newBackend(storage?: TKeyValueStorage, baseUrl?: string): TBackend;
  /** Signs up a new account with its user record; answers the backend and the auth user. */
  newUser(name: string, email?: string): Promise<{ backend: TBackend; user: TAuthUser; email: string }>;
  newCategory(name: string): ReturnType<TBackend['catalog']['createCategory']>;
};

/** Starts the gateway and signs its admin in before the suite's tests; stops it after them. */
export function embeddedGatewaySuite(): TEmbeddedSuite {
  const backends: TBackend[] = [];
  const suite = {
    newBackend(storage: TKeyValueStorage = createMemoryStorage(), baseUrl = suite.gateway.url): TBackend {
      const backend = createEmbeddedBackend({ baseUrl, storage });
      backends.push(backend);
      return backend;
    },
    async newUser(name: string, email = uniqueEmail(name)) {
      const backend = suite.newBackend();
      const user = await backend.identity.signUp(email, PASSWORD, name);
      await backend.users.createUser(user.uid, { displayName: name, email });
      return { backend, user, email };
    },
    newCategory: (name: string) => suite.admin.backend.catalog.createCategory({ name }),
  } as TEmbeddedSuite;

  beforeAll(async () => {
    suite.gateway = await startGateway({ env: { ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: '1000' } });
    // ADMIN_EMAILS trusts the address once its owner followed the verification link.
    const backend = suite.newBackend();
    const user = await backend.identity.signUp(ADMIN_EMAIL, PASSWORD, 'Admin');
    expect(user.emailVerified).toBe(false);
    const line = await suite.gateway.waitForLog((entry) => entry.msg === 'email verification link' && entry.uid === user.uid);
    await backend.identity.confirmEmailVerification(new URL(String(line.link)).searchParams.get('oobCode') ?? '');
    expect(backend.identity.currentUser()?.emailVerified).toBe(true);
    expect((await backend.users.createUser(user.uid, { displayName: 'Admin', email: ADMIN_EMAIL })).roles).toEqual(['ADMIN']);
    suite.admin = { backend, user };
  }, 90_000);

  afterAll(async () => {
    for (const backend of backends) backend.dispose?.();
    await suite.gateway?.stop();
  }, 30_000);

  return suite;
}
