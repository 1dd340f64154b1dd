// @vitest-environment node
/// <reference types="node" />
/**
 * The firebase adapter's identity part against the real Firebase Auth emulator, and the
 * gateway in firebase mode accepting, then refusing, the emulator's ID tokens. Firestore is
 * exercised in firebase.data.test.ts; Storage has no emulator here.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_ERRORS, authErrorMessage } from '@movelab/shared';
import { changePassword } from '@/features/settings/api/change-password';
import { createFirebaseBackend } from '@/lib/backend/firebase';
import { createHttp } from '@/lib/backend/embedded/http';
import type { TBackend } from '@/lib/backend/port';
import { EMULATOR_PROJECT_ID, emulatorWebConfig, FIREBASE_CLI, startAuthEmulator, type TAuthEmulator } from './firebaseEmulator';
import { startGateway, type TGateway } from './gateway';
import { rejectionOf, uniqueEmail } from './helpers';

let emulator: TAuthEmulator;
let apps = 0;
const PASSWORD = 'secret-1';

function newFirebaseBackend(): TBackend {
  return createFirebaseBackend(emulatorWebConfig(emulator.url), { appName: `movelab-test-${++apps}` });
}

async function catalogueMessage(promise: Promise<unknown>): Promise<string> {
  const error = await rejectionOf(promise);
  return authErrorMessage(error.code, error.message);
}

beforeAll(async () => {
  if (FIREBASE_CLI) emulator = await startAuthEmulator();
}, 120_000);

afterAll(async () => {
  await emulator?.stop();
}, 30_000);

describe.skipIf(!FIREBASE_CLI)('firebase identity on the Auth emulator', () => {
  it('reports a new account with the name given at sign-up, so its first-start record carries it', async () => {
    const backend = newFirebaseBackend();
    const reported: (string | null)[] = [];
    const stop = backend.identity.onAuthStateChanged((user) => user && reported.push(user.displayName));
    await backend.identity.signUp(uniqueEmail('named'), PASSWORD, 'Named Early');
    stop();
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((name) => name === 'Named Early')).toBe(true);
  });

  it('signs up, signs out and in, and reports the state', async () => {
    const backend = newFirebaseBackend();
    const email = uniqueEmail('fb');
    const user = await backend.identity.signUp(email, PASSWORD, 'Fire Base');
    expect(user).toMatchObject({ email, displayName: 'Fire Base', isAnonymous: false });
    expect(backend.identity.currentUser()?.uid).toBe(user.uid);
    expect(await backend.identity.getIdToken()).toMatch(/\S{20,}/);
    await backend.identity.signOut();
    expect(backend.identity.currentUser()).toBeNull();
    expect((await backend.identity.signIn(email, PASSWORD)).uid).toBe(user.uid);
  });

  it('maps the emulator’s errors to the §8 catalogue', async () => {
    const backend = newFirebaseBackend();
    const email = uniqueEmail('fbcodes');
    await backend.identity.signUp(email, PASSWORD);
    await backend.identity.signOut();
    expect(await catalogueMessage(backend.identity.signIn(email, 'wrong-password'))).toBe('Email or password is incorrect');
    expect(await catalogueMessage(backend.identity.signIn(uniqueEmail('nobody'), PASSWORD))).toBe('Email or password is incorrect');
    expect(await catalogueMessage(backend.identity.signUp(uniqueEmail('weak'), '12345'))).toBe('Password should be at least 6 characters long');
    expect(await catalogueMessage(backend.identity.signUp('not-an-email', PASSWORD))).toBe('Not a valid email');
    expect(await catalogueMessage(backend.identity.signUp(email, PASSWORD))).toBe('This email is already used. Please login or reset your password');
  });

  it('changes the password after signing the same user in again with the current one, never signed out between', async () => {
    const backend = newFirebaseBackend();
    const email = uniqueEmail('fbchange');
    const { uid } = await backend.identity.signUp(email, PASSWORD);
    const reported: (string | null)[] = [];
    const stop = backend.identity.onAuthStateChanged((user) => reported.push(user?.uid ?? null));
    const newPassword = `${PASSWORD}-renewed`;

    expect(await catalogueMessage(changePassword(backend, { currentPassword: 'not-my-password', newPassword }))).toBe(
      'Email or password is incorrect',
    );
    expect(backend.identity.currentUser()?.uid).toBe(uid);
    await changePassword(backend, { currentPassword: PASSWORD, newPassword });
    await backend.identity.verifySignIn();
    stop();
    expect(reported[0]).toBe(uid);
    expect(reported.every((reportedUid) => reportedUid === uid)).toBe(true);
    expect(backend.identity.currentUser()?.uid).toBe(uid);

    const elsewhere = newFirebaseBackend();
    expect(await catalogueMessage(elsewhere.identity.signIn(email, PASSWORD))).toBe('Email or password is incorrect');
    await expect(elsewhere.identity.signIn(email, newPassword)).resolves.toMatchObject({ uid });
  });

  it('a sign-in ended elsewhere (the password changed on another device) signs out when checked, one still valid stays', async () => {
    const here = newFirebaseBackend();
    const elsewhere = newFirebaseBackend();
    const email = uniqueEmail('ended');
    const { uid } = await here.identity.signUp(email, PASSWORD);
    await here.identity.verifySignIn();
    expect(here.identity.currentUser()?.uid).toBe(uid);

    // Token times are whole seconds: the change must fall in a later second than this sign-in's token.
    await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
    await elsewhere.identity.signIn(email, PASSWORD);
    await elsewhere.identity.updatePassword(`${PASSWORD}-renewed`);
    // The ID token here is still within its hour: only the check with the server notices.
    expect(here.identity.currentUser()?.uid).toBe(uid);
    await expect(here.identity.verifySignIn()).rejects.toMatchObject({ code: 'auth/user-token-expired' });
    expect(here.identity.currentUser()).toBeNull();
    await elsewhere.identity.verifySignIn();
    expect(elsewhere.identity.currentUser()?.uid).toBe(uid);
  });

  it('a token that expired while offline is refreshed when checked; a refused refresh (account disabled meanwhile) signs out', async () => {
    const kept = newFirebaseBackend();
    const ended = newFirebaseBackend();
    const keptUser = await kept.identity.signUp(uniqueEmail('expired'), PASSWORD);
    const endedUser = await ended.identity.signUp(uniqueEmail('refused'), PASSWORD);
    const before = await kept.identity.getIdToken();
    await emulator.disableUser(endedUser.uid);
    // Token times are whole seconds: a refreshed token differs from `before` only in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
    // Two hours later on the device's clock: both ID tokens are past their hour.
    const realNow = Date.now.bind(Date);
    const later = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * 3600_000);
    try {
      await kept.identity.verifySignIn();
      expect(kept.identity.currentUser()?.uid).toBe(keptUser.uid);
      expect(await kept.identity.getIdToken()).not.toBe(before);
      await expect(ended.identity.verifySignIn()).rejects.toMatchObject({ code: AUTH_ERRORS.userDisabled });
      expect(ended.identity.currentUser()).toBeNull();
    } finally {
      later.mockRestore();
    }
  });
});

describe.skipIf(!FIREBASE_CLI)('the gateway in firebase mode', () => {
  let gateway: TGateway;

  beforeAll(async () => {
    gateway = await startGateway({
      env: {
        BACKEND: 'firebase',
        FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      },
    });
  }, 90_000);

  afterAll(async () => {
    await gateway?.stop();
  }, 30_000);

  it('serves a firebase runtime configuration pointing at the emulator', async () => {
    const config = await createHttp({ baseUrl: gateway.url }).call('config');
    expect(config).toMatchObject({ backend: 'firebase', firebase: { projectId: EMULATOR_PROJECT_ID, authEmulatorUrl: emulator.url } });
  });

  it('accepts an emulator ID token (403 for a non-admin, not 401) and refuses it once the user is disabled', async () => {
    const backend = newFirebaseBackend();
    const user = await backend.identity.signUp(uniqueEmail('gw'), PASSWORD);
    const token = await backend.identity.getIdToken();
    const http = createHttp({ baseUrl: gateway.url });
    const setRoles = () => http.call('setRoles', { params: { uid: user.uid }, body: { roles: ['ADMIN'] }, token });

    await expect(setRoles()).rejects.toMatchObject({ status: 403 });
    await emulator.disableUser(user.uid);
    const refused = await rejectionOf(setRoles());
    expect(refused.status).toBe(401);
    expect([AUTH_ERRORS.userDisabled, AUTH_ERRORS.invalidIdToken, 'auth/id-token-revoked']).toContain(refused.code);
  });

  it('refuses a malformed token as not valid, and keeps why in its log, not in the answer', async () => {
    const refused = await rejectionOf(
      createHttp({ baseUrl: gateway.url }).call('setRoles', { params: { uid: 'someone' }, body: { roles: [] }, token: 'not-a-jwt' }),
    );
    expect(refused).toMatchObject({ status: 401, code: AUTH_ERRORS.invalidIdToken, message: 'The ID token is not valid' });
    // The log line may reach the test after the answer does.
    const logged = await gateway.waitForLog((line) => line.msg === 'token refused' && line.code === 'auth/argument-error');
    expect(String(logged.reason)).toMatch(/Decoding Firebase ID token failed|JWT/i);
  });
});
