/**
 * What the firestore.rules specs share: one Cloud Firestore emulator per spec file, started
 * before its tests with the records they build on, and the callers' tokens. Skipped, saying why,
 * on machines without the emulator; under CI that fails instead.
 */
import { expect, test } from '@playwright/test';
import {
  OWNER,
  emulatorToken,
  firestoreRest,
  firestoreEmulatorHere,
  startFirestoreEmulator,
  type TEmulator,
  type TFirestoreRest,
} from '../fixtures/firestore-emulator.js';

export { OWNER, emulatorToken };

export const alice = emulatorToken('alice', { email: 'alice@x.test' });
export const bob = emulatorToken('bob');
export const admin = emulatorToken('admin', { roles: ['ADMIN'] });
export const claimAdmin = emulatorToken('claim-admin', { roles: ['ADMIN'] });
/** Stored roles without the claim: what a demoted admin holds after writing their roles back. */
export const storedAdmin = emulatorToken('stored-admin');
export const newUser = (name: string) => ({ displayName: name, displayNameLowercase: name.toLowerCase(), email: `${name}@x.test`, roles: [] });
export const analysis = { score: 0.5, groupId: 'g1', movementId: 'm1', perspectiveId: 'p1', createdAt: '2026-01-02T03:04:05.000Z' };

/** A practice's stat session of alice's as the app writes it, started and saved at `at`; `fields` override. */
export function statSession(at: string, fields: Record<string, unknown> = {}) {
  return {
    userId: 'alice',
    kind: 'practice',
    activityId: null,
    routineId: null,
    startedAt: at,
    durationMs: 1000,
    reps: 3,
    score: null,
    createdAt: at,
    ...fields,
  };
}

/**
 * Registers the spec file's emulator, its tests run in order (each builds on the one before), and
 * answers its REST client. Seeded past the rules: bob, an admin (claim and its copy), ADMIN stored
 * without the claim, and a movescore group.
 */
export function rulesDatabase(): TFirestoreRest {
  test.skip(!firestoreEmulatorHere('the firestore.rules specs'), 'the Cloud Firestore emulator (Google Cloud SDK) is not installed');
  test.describe.configure({ mode: 'serial' });
  let emulator: TEmulator | undefined;
  let rest: TFirestoreRest | undefined;
  const db = (): TFirestoreRest => {
    if (!rest) throw new Error('the rules emulator has not started');
    return rest;
  };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    emulator = await startFirestoreEmulator();
    rest = firestoreRest(emulator.baseUrl);
    expect(await rest.create('users/bob', newUser('Bob'), OWNER)).toBe(200);
    expect(await rest.create('users/admin', { ...newUser('Admin'), roles: ['ADMIN'] }, OWNER)).toBe(200);
    expect(await rest.create('users/stored-admin', { ...newUser('Stored'), roles: ['ADMIN'] }, OWNER)).toBe(200);
    expect(await rest.create('movescore-groups/g1', { name: 'Squats', coverUrl: '', movementCount: 0 }, OWNER)).toBe(200);
  });

  test.afterAll(async () => {
    await emulator?.stop();
  });

  return {
    create: (...args) => db().create(...args),
    update: (...args) => db().update(...args),
    read: (...args) => db().read(...args),
    remove: (...args) => db().remove(...args),
    query: (...args) => db().query(...args),
  };
}
