/**
 * The firebase backend: the backend port on the Firebase SDK (Auth, Firestore, Storage), with
 * the original product's collection and field names (shared COLLECTIONS).
 *
 * Test coverage, honestly: the identity part runs against the real Firebase Auth emulator and
 * the Firestore part against the Cloud Firestore emulator (with firestore.rules) when the
 * machine has it, in client/src/test, and in the browser journeys of the e2e `firebase-desktop`
 * project (local emulator mode). Storage is NOT tested against a server (no emulator here): it
 * is kept thin. Every document read is validated with its zod schema.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { getStorage } from 'firebase/storage';
import { emulatorHostPort, STORAGE_RETRY, type TFirebaseWebConfig } from '@movelab/shared';
import { defaultNetworkTimeoutMs } from '../device';
import type { TBackend } from '../port';
import { createFirebaseCatalog } from './catalog';
import { createGatewayCaller } from './gateway';
import { createFirebaseIdentity } from './identity';
import { createFirebaseMovescore } from './movescore';
import { createFirebaseUsers } from './users';

export type TFirebaseOptions = {
  /** Where the gateway's admin endpoints are: '' (same origin) in the browser. */
  gatewayBaseUrl?: string;
  /** A distinct app name lets tests run several instances in one process. */
  appName?: string;
  /** `host:port` of a Cloud Firestore emulator to use instead of Firestore. */
  firestoreEmulatorHost?: string;
  /** How long a result's write waits for the server before it stays in the outbox: 30 s, 60 s on a phone (as the embedded backend's requests). */
  writeTimeoutMs?: number;
};

export function createFirebaseBackend(config: TFirebaseWebConfig, options: TFirebaseOptions = {}): TBackend {
  const { authEmulatorUrl, firestoreEmulatorHost, ...webConfig } = config;
  const app: FirebaseApp = initializeApp(webConfig, options.appName);
  const auth = getAuth(app);
  if (authEmulatorUrl) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
  const db = getFirestore(app);
  const emulatorHost = firestoreEmulatorHost ?? options.firestoreEmulatorHost;
  if (emulatorHost) {
    const { host, port } = emulatorHostPort(emulatorHost);
    connectFirestoreEmulator(db, host, port);
  }
  // Local emulator mode has no Storage emulator: no Storage at all rather than Google's servers.
  const storage = emulatorHost ? null : getStorage(app);
  if (storage) {
    // Spec §9: 2 minutes for an operation, 10 for an upload (the SDK's defaults, set explicitly).
    storage.maxOperationRetryTime = STORAGE_RETRY.maxOperationRetryMs;
    storage.maxUploadRetryTime = STORAGE_RETRY.maxUploadRetryMs;
  }

  const gateway = createGatewayCaller(auth, options.gatewayBaseUrl ?? '');
  const writeTimeoutMs = options.writeTimeoutMs ?? defaultNetworkTimeoutMs();
  const users = createFirebaseUsers(db, auth, storage, gateway, writeTimeoutMs);
  return {
    kind: 'firebase',
    identity: createFirebaseIdentity(auth, gateway),
    users,
    movescore: createFirebaseMovescore(db, storage, users),
    catalog: createFirebaseCatalog(db, storage, auth, writeTimeoutMs),
  };
}
