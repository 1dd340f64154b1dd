// @vitest-environment node
/// <reference types="node" />
/**
 * The backend contract (backend-contract.ts) on the real emulators: the Auth emulator, the Cloud
 * Firestore emulator running firestore.rules, and the gateway in firebase mode on both;
 * embedded.parity.test.ts runs the same cases on the embedded backend.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { describeBackendContract } from './backend-contract';
import { HAS_EMULATORS } from './firebaseEmulator';
import { firebaseGatewaySuite } from './firebase-suite';
import { firebaseUsers } from './firebase-users';

const ADMIN_A = `contract-admin-a-${process.pid}@movelab.test`;
const ADMIN_B = `contract-admin-b-${process.pid}@movelab.test`;

describe.skipIf(!HAS_EMULATORS)('firebase backend on the Auth and Firestore emulators', () => {
  const suite = firebaseGatewaySuite([ADMIN_A, ADMIN_B]);
  const { newBackend, newUser, connect, verifyAndReconnect, newAdmin, disconnectAll } = firebaseUsers(suite, 'movelab-contract');
  let adminA: Awaited<ReturnType<typeof newAdmin>>;

  beforeAll(async () => {
    adminA = await newAdmin(ADMIN_A);
  }, 60_000);

  afterAll(() => disconnectAll());

  describeBackendContract('firebase on the emulators', {
    // The app opens its gateway socket at sign-in: that is where ADMIN_EMAILS applies.
    newUser: async (name, email) => {
      const user = await newUser(name, email);
      await connect(user);
      return user;
    },
    listedEmail: ADMIN_B,
    verifyEmail: async (user) => void (await verifyAndReconnect(user)),
    admin: () => adminA,
    newBackend,
  });
});
