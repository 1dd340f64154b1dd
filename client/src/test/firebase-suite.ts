/// <reference types="node" />
/**
 * The Auth and Firestore emulators a client Firebase suite runs on, and the gateway in Firebase
 * mode on them: started together before the suite's tests (one that fails to start stops the
 * others) and stopped after them, whatever the tests did to them.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTogether } from '@movelab/test-tools';
import { firebaseGatewayEnv, startAuthEmulator, startFirestoreEmulator, type TAuthEmulator, type TFirestoreEmulator } from './firebaseEmulator';
import { startGateway, type TGateway } from './gateway';

/** Set once the suite has started; a test may put a restarted emulator in its place, to be stopped after the suite. */
export type TFirebaseEmulators = { auth: TAuthEmulator; firestore: TFirestoreEmulator };

export type TFirebaseGatewaySuite = TFirebaseEmulators & { gateway: TGateway };

/** Registers the emulators in the enclosing describe (or file). */
export function firebaseEmulatorSuite(): TFirebaseEmulators {
  const emulators = {} as Partial<TFirebaseEmulators>;
  beforeAll(async () => {
    [emulators.auth, emulators.firestore] = await startTogether([startAuthEmulator(), startFirestoreEmulator()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([emulators.auth?.stop(), emulators.firestore?.stop()]);
  }, 60_000);
  return emulators as TFirebaseEmulators;
}

/**
 * The emulators and a gateway in Firebase mode on them, `adminEmails` granted ADMIN and `env`
 * added to its environment. The gateway stops before the emulators.
 */
export function firebaseGatewaySuite(adminEmails: string[], env: Record<string, string> = {}): TFirebaseGatewaySuite {
  const suite = firebaseEmulatorSuite() as TFirebaseEmulators & Partial<TFirebaseGatewaySuite>;
  beforeAll(async () => {
    suite.gateway = await startGateway({ env: { ...firebaseGatewayEnv(suite.auth, suite.firestore, adminEmails), ...env } });
  }, 90_000);
  afterAll(async () => {
    await suite.gateway?.stop();
  }, 60_000);
  return suite as TFirebaseGatewaySuite;
}
