// @vitest-environment node
/// <reference types="node" />
/**
 * The backend port's identity, run against the embedded adapter over a REAL gateway: the runtime
 * configuration, signing up, in and out, resets, account changes and deletion, a disabled user,
 * and the recent sign-in that sensitive changes need.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, authErrorMessage } from '@movelab/shared';
import { createMemoryStorage } from '@/lib/backend/embedded/session';
import { createBackend, loadRuntimeConfig } from '@/lib/backend';
import { PASSWORD, embeddedGatewaySuite } from './embedded-suite';
import { startGateway, type TGateway } from './gateway';
import { rejectionOf as failure, uniqueEmail } from './helpers';

const suite = embeddedGatewaySuite();
const { newBackend, newUser } = suite;

describe('runtime configuration', () => {
  it('loads the embedded configuration and builds that backend', async () => {
    const config = await loadRuntimeConfig({ baseUrl: suite.gateway.url });
    expect(config.backend).toBe('embedded');
    const backend = await createBackend(config, { baseUrl: suite.gateway.url, storage: createMemoryStorage() });
    expect(backend.kind).toBe('embedded');
    expect(backend.identity.currentUser()).toBeNull();
  });
});

describe('identity', () => {
  it('signs up, out and in, telling the listeners each time', async () => {
    const backend = newBackend();
    const seen: (string | null)[] = [];
    backend.identity.onAuthStateChanged((user) => seen.push(user?.email ?? null));
    const email = uniqueEmail('ada');
    const user = await backend.identity.signUp(email, PASSWORD, 'Ada');
    expect(user.email).toBe(email);
    expect(backend.identity.currentUser()?.uid).toBe(user.uid);
    expect(await backend.identity.getIdToken()).toMatch(/\S{20,}/);

    await backend.identity.signOut();
    expect(backend.identity.currentUser()).toBeNull();
    expect(await backend.identity.getIdToken()).toBeNull();

    const again = await backend.identity.signIn(email, PASSWORD);
    expect(again.uid).toBe(user.uid);
    expect(seen).toEqual([null, email, null, email]);
  });

  it('stays signed in across a reload (a new adapter over the same storage)', async () => {
    const storage = createMemoryStorage();
    const first = newBackend(storage);
    const email = uniqueEmail('reload');
    const user = await first.identity.signUp(email, PASSWORD);
    await first.users.createUser(user.uid, { displayName: 'Reload', email });
    first.dispose?.();

    const reloaded = newBackend(storage);
    expect(reloaded.identity.currentUser()?.uid).toBe(user.uid);
    expect((await reloaded.users.getUser(user.uid))?.email).toBe(email);
    // A forced refresh rotates the refresh token and still works.
    expect(await reloaded.identity.getIdToken(true)).toMatch(/\S{20,}/);
  });

  it('a sign-out revokes the refresh token another copy of the session still holds', async () => {
    const storage = createMemoryStorage();
    const backend = newBackend(storage);
    await backend.identity.signUp(uniqueEmail('revoke'), PASSWORD);
    const copy = createMemoryStorage();
    for (const key of ['movelab.session']) copy.setItem(key, storage.getItem(key) ?? '');
    await backend.identity.signOut();

    const stale = newBackend(copy);
    const seen: (string | null)[] = [];
    stale.identity.onAuthStateChanged((user) => seen.push(user?.uid ?? null));
    await failure(stale.identity.getIdToken(true));
    expect(stale.identity.currentUser()).toBeNull();
    expect(seen.at(-1)).toBeNull();
  });

  it('maps the §8 error codes to the catalogue messages', async () => {
    const backend = newBackend();
    const email = uniqueEmail('codes');
    await backend.identity.signUp(email, PASSWORD);
    await backend.identity.signOut();
    const message = async (promise: Promise<unknown>) => {
      const error = await failure(promise);
      return authErrorMessage(error.code, error.message);
    };
    expect(await message(backend.identity.signIn(email, 'wrong-password'))).toBe('Email or password is incorrect');
    expect(await message(backend.identity.signIn(uniqueEmail('nobody'), PASSWORD))).toBe('Email or password is incorrect');
    expect(await message(backend.identity.signUp(uniqueEmail('weak'), '12345'))).toBe('Password should be at least 6 characters long');
    expect(await message(backend.identity.signUp('not-an-email', PASSWORD))).toBe('Not a valid email');
    expect(await message(backend.identity.signUp(email, PASSWORD))).toBe('This email is already used. Please login or reset your password');
    expect(await message(backend.identity.signIn(email, ''))).toBe('Password is missing');
    expect(await message(backend.identity.signIn('', PASSWORD))).toBe('Email is missing');
    expect(backend.identity.currentUser()).toBeNull();
  });

  it('resets a password with the link from the gateway log, once', async () => {
    const { backend, user, email } = await newUser('reset');
    await backend.identity.signOut();
    await backend.identity.sendPasswordReset(email);
    const line = await suite.gateway.waitForLog((l) => l.msg === 'password reset link' && l.uid === user.uid);
    const oobCode = new URL(String(line.link)).searchParams.get('oobCode') ?? '';
    expect(oobCode).not.toBe('');

    await backend.identity.confirmPasswordReset(oobCode, 'new-secret-1');
    expect((await failure(backend.identity.confirmPasswordReset(oobCode, 'other-secret'))).code).toBe(AUTH_ERRORS.invalidActionCode);
    await failure(backend.identity.signIn(email, PASSWORD));
    expect((await backend.identity.signIn(email, 'new-secret-1')).uid).toBe(user.uid);
  });

  it('a reset for an unknown e-mail answers like a known one (no account enumeration)', async () => {
    await expect(newBackend().identity.sendPasswordReset(uniqueEmail('ghost'))).resolves.toBeUndefined();
  });

  it('updates display name, e-mail and password', async () => {
    const { backend, user } = await newUser('changer');
    await backend.identity.updateDisplayName('Changed Name');
    expect(backend.identity.currentUser()?.displayName).toBe('Changed Name');

    const newEmail = uniqueEmail('changed');
    await backend.identity.updateEmail(newEmail);
    expect(backend.identity.currentUser()?.email).toBe(newEmail);
    await backend.identity.updatePassword('another-secret');
    await backend.identity.signOut();
    expect((await backend.identity.signIn(newEmail, 'another-secret')).uid).toBe(user.uid);
    expect(authErrorMessage((await failure(backend.identity.updatePassword('12345'))).code)).toBe('Password should be at least 6 characters long');
  });

  it('deletes the account: signed out, and the e-mail no longer signs in', async () => {
    const { backend, email } = await newUser('leaver');
    const seen: (string | null)[] = [];
    backend.identity.onAuthStateChanged((user) => seen.push(user?.uid ?? null));
    await backend.identity.deleteAccount();
    expect(backend.identity.currentUser()).toBeNull();
    expect(seen.at(-1)).toBeNull();
    const error = await failure(newBackend().identity.signIn(email, PASSWORD));
    expect(authErrorMessage(error.code)).toBe('Email or password is incorrect');
  });

  it('signs out a disabled user on the next refresh (user-disabled) and refuses sign-in', async () => {
    const { backend, user, email } = await newUser('disabled');
    const seen: (string | null)[] = [];
    backend.identity.onAuthStateChanged((u) => seen.push(u?.uid ?? null));
    const updated = await suite.admin.backend.users.setDisabled(user.uid, true);
    expect(updated.disabled).toBe(true);

    // Disabling revokes the sessions: the refresh is refused either way.
    const error = await failure(backend.identity.getIdToken(true));
    expect([AUTH_ERRORS.userDisabled, AUTH_ERRORS.invalidRefreshToken]).toContain(error.code);
    expect(backend.identity.currentUser()).toBeNull();
    expect(seen.at(-1)).toBeNull();
    expect((await failure(newBackend().identity.signIn(email, PASSWORD))).code).toBe(AUTH_ERRORS.userDisabled);

    await suite.admin.backend.users.setDisabled(user.uid, false);
    expect((await newBackend().identity.signIn(email, PASSWORD)).uid).toBe(user.uid);
  });
});

describe('requires recent login', () => {
  let shifted: TGateway;
  let shiftFile: string;

  beforeAll(async () => {
    shiftFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-clock-')), 'shift');
    fs.writeFileSync(shiftFile, '0');
    const preload = new URL('./clock-shift.mjs', import.meta.url).href;
    shifted = await startGateway({
      env: { MOVELAB_CLOCK_SHIFT_FILE: shiftFile, NODE_OPTIONS: `--import=${preload}` },
    });
  }, 90_000);

  afterAll(async () => {
    await shifted?.stop();
    fs.rmSync(path.dirname(shiftFile), { recursive: true, force: true });
  });

  it('refuses e-mail and password changes 6 minutes after sign-in, allows them after signing in again', async () => {
    const backend = newBackend(createMemoryStorage(), shifted.url);
    const email = uniqueEmail('recent');
    await backend.identity.signUp(email, PASSWORD);
    fs.writeFileSync(shiftFile, String(6 * 60_000));

    const error = await failure(backend.identity.updatePassword('fresh-secret'));
    expect(error.code).toBe(AUTH_ERRORS.requiresRecentLogin);
    expect(authErrorMessage(error.code)).toBe('Please login again before changing your password');
    expect((await failure(backend.identity.updateEmail(uniqueEmail('late')))).code).toBe(AUTH_ERRORS.requiresRecentLogin);
    // A display name is not sensitive: still allowed.
    await backend.identity.updateDisplayName('Still Fine');

    await backend.identity.signIn(email, PASSWORD);
    await backend.identity.updatePassword('fresh-secret');
    await backend.identity.signOut();
    await expect(backend.identity.signIn(email, 'fresh-secret')).resolves.toMatchObject({ email });
  });
});
