// @vitest-environment node
/// <reference types="node" />
/**
 * The backend contract (backend-contract.ts) against the embedded adapter over a real gateway
 * with its own SQLite file; firebase.contract.test.ts runs the same cases on the emulators.
 */
import { afterAll, beforeAll } from 'vitest';
import { createEmbeddedBackend } from '@/lib/backend/embedded';
import { createMemoryStorage } from '@/lib/backend/embedded/session';
import type { TBackend } from '@/lib/backend/port';
import { CONTRACT_PASSWORD, describeBackendContract, type TContractUser } from './backend-contract';
import { startGateway, type TGateway } from './gateway';
import { uniqueEmail } from './helpers';

const ADMIN_EMAIL = `parity-admin-${process.pid}@movelab.test`;
const LISTED_EMAIL = `parity-listed-${process.pid}@movelab.test`;

let gateway: TGateway;
let admin: TContractUser;
const backends: TBackend[] = [];

function newBackend(): TBackend {
  const backend = createEmbeddedBackend({ baseUrl: gateway.url, storage: createMemoryStorage() });
  backends.push(backend);
  return backend;
}

async function newUser(name: string, email = uniqueEmail(name)): Promise<TContractUser> {
  const backend = newBackend();
  const { uid } = await backend.identity.signUp(email, CONTRACT_PASSWORD, name);
  await backend.users.createUser(uid, { displayName: name, email });
  return { backend, uid, email };
}

/** Follows the verification link the gateway logged for the user (ADMIN_EMAILS trusts the address then). */
async function verifyEmail(user: Pick<TContractUser, 'backend' | 'uid'>): Promise<void> {
  const line = await gateway.waitForLog((entry) => entry.msg === 'email verification link' && entry.uid === user.uid);
  await user.backend.identity.confirmEmailVerification(new URL(String(line.link)).searchParams.get('oobCode') ?? '');
}

beforeAll(async () => {
  gateway = await startGateway({ env: { ADMIN_EMAILS: `${ADMIN_EMAIL},${LISTED_EMAIL}`, AUTH_RATE_LIMIT: '1000' } });
  admin = await newUser('Admin', ADMIN_EMAIL);
  await verifyEmail(admin);
}, 90_000);

afterAll(async () => {
  for (const backend of backends) backend.dispose?.();
  await gateway?.stop();
}, 30_000);

describeBackendContract('embedded', { newUser, listedEmail: LISTED_EMAIL, verifyEmail, admin: () => admin, newBackend });
