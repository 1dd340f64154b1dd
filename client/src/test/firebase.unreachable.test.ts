// @vitest-environment node
/// <reference types="node" />
/**
 * A result saved while the Firestore server cannot be reached, though the device has a network
 * (a server down, a network without a way out): the SDK's own write would wait with no end, so
 * the save would never finish and never reach the outbox. Against the real emulators: the
 * Firestore emulator is stopped under a signed-in app, the save fails as a network failure (what
 * the outbox keeps and writes again), and once the server is back the same save lands, once.
 */
import { describe, expect, it } from 'vitest';
import { savePractice } from '@/features/practice/api/save-practice';
import { createFirebaseBackend } from '@/lib/backend/firebase';
import type { TBackend } from '@/lib/backend/port';
import { isNetworkFailure } from '@/lib/offline/online';
import { CONTRACT_PASSWORD, practiceInput } from './backend-contract';
import { emulatorWebConfig, startFirestoreEmulator, HAS_EMULATORS } from './firebaseEmulator';
import { firebaseEmulatorSuite } from './firebase-suite';
import { rejectionOf, uniqueEmail } from './helpers';

/** Short, so the test does not wait the app's 30 s; the behaviour is the same. */
const WRITE_TIMEOUT_MS = 1500;

describe.skipIf(!HAS_EMULATORS)('a result saved while Firestore cannot be reached', () => {
  const emulators = firebaseEmulatorSuite();

  it('fails as a network failure instead of waiting, and lands once when the server is back', async () => {
    const backend: TBackend = createFirebaseBackend(emulatorWebConfig(emulators.auth.url), {
      appName: 'movelab-unreachable',
      firestoreEmulatorHost: emulators.firestore.host,
      gatewayBaseUrl: 'http://127.0.0.1:9',
      writeTimeoutMs: WRITE_TIMEOUT_MS,
    });
    const email = uniqueEmail('Offline');
    const { uid } = await backend.identity.signUp(email, CONTRACT_PASSWORD, 'Offline');
    await backend.users.createUser(uid, { displayName: 'Offline', email });
    const input = practiceInput(uid);

    await emulators.firestore.stop();
    const failure = await rejectionOf(savePractice(backend, input));
    expect(isNetworkFailure(failure)).toBe(true);
    expect(failure.message).toContain('did not confirm the write');

    // The server is back where it was (empty: the emulator keeps nothing); the outbox saves again.
    emulators.firestore = await startFirestoreEmulator({ port: Number(emulators.firestore.host.split(':')[1]) });
    const deadline = Date.now() + 60_000;
    let outcome: unknown = null;
    while (outcome !== 'saved') {
      outcome = await savePractice(backend, input).catch((error: unknown) => {
        if (!isNetworkFailure(error) || Date.now() > deadline) throw error;
        return null;
      });
    }
    const completion = await emulators.firestore.readAsOwner(`routine_completion/${input.resultId}-completion`);
    expect(completion).toMatchObject({ userId: { stringValue: uid }, activityId: { stringValue: 'a1' } });
    expect(await emulators.firestore.countAsOwner('routine_completion', 'userId', uid)).toBe(1);
    expect(await emulators.firestore.countAsOwner('user_stat_sessions', 'userId', uid)).toBe(1);
  }, 120_000);
});
