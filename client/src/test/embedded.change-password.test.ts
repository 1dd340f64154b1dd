// @vitest-environment node
/// <reference types="node" />
/**
 * Settings' password change (features/settings/api/change-password.ts) over the embedded
 * backend and a REAL gateway, whose clock then runs 6 minutes ahead: the sign-in is no longer
 * recent, and the change signs the same user in again with the current password first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@movelab/shared';
import { changePassword } from '@/features/settings/api/change-password';
import { createEmbeddedBackend } from '@/lib/backend/embedded';
import { createMemoryStorage } from '@/lib/backend/embedded/session';
import type { TBackend } from '@/lib/backend/port';
import { startGateway, type TGateway } from './gateway';
import { connectUserSocket, rejectionOf, uniqueEmail } from './helpers';

const PASSWORD = 'secret-1';
const NEW_PASSWORD = 'fresh-secret';

let gateway: TGateway;
let shiftFile: string;
const backends: TBackend[] = [];

function newBackend(fetchImpl?: typeof fetch): TBackend {
  const backend = createEmbeddedBackend({ baseUrl: gateway.url, storage: createMemoryStorage(), ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  backends.push(backend);
  return backend;
}

beforeAll(async () => {
  shiftFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-clock-')), 'shift');
  fs.writeFileSync(shiftFile, '0');
  const preload = new URL('./clock-shift.mjs', import.meta.url).href;
  gateway = await startGateway({ env: { MOVELAB_CLOCK_SHIFT_FILE: shiftFile, NODE_OPTIONS: `--import=${preload}` } });
}, 90_000);

afterAll(async () => {
  for (const backend of backends) backend.dispose?.();
  await gateway?.stop();
  fs.rmSync(path.dirname(shiftFile), { recursive: true, force: true });
}, 30_000);

describe('changing the password 6 minutes after sign-in, with the current one', () => {
  it('refuses a wrong current password and changes nothing, then changes it without ever signing the user out', async () => {
    const backend = newBackend();
    const email = uniqueEmail('change');
    const { uid } = await backend.identity.signUp(email, PASSWORD);
    await backend.users.createUser(uid, { displayName: 'Changer', email });
    const reported: (string | null)[] = [];
    const stop = backend.identity.onAuthStateChanged((user) => reported.push(user?.uid ?? null));
    fs.writeFileSync(shiftFile, String(6 * 60_000));
    // Without signing in again, the gateway wants a recent sign-in.
    expect((await rejectionOf(backend.identity.updatePassword(NEW_PASSWORD))).code).toBe(AUTH_ERRORS.requiresRecentLogin);

    const wrong = await rejectionOf(changePassword(backend, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }));
    expect(wrong.code).toBe(AUTH_ERRORS.invalidCredential);
    expect(backend.identity.currentUser()?.uid).toBe(uid);

    await changePassword(backend, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    stop();
    expect(reported.length).toBeGreaterThan(1);
    expect(reported.every((reportedUid) => reportedUid === uid)).toBe(true);
    // Still signed in: the session reads the user's own record.
    expect(backend.identity.currentUser()?.uid).toBe(uid);
    expect((await backend.users.getUser(uid))?.email).toBe(email);

    const elsewhere = newBackend();
    expect((await rejectionOf(elsewhere.identity.signIn(email, PASSWORD))).code).toBe(AUTH_ERRORS.invalidCredential);
    await expect(elsewhere.identity.signIn(email, NEW_PASSWORD)).resolves.toMatchObject({ uid });
  });

  it('keeps the user signed in when the open connection hears first that the password change ended its sign-in', async () => {
    fs.writeFileSync(shiftFile, '0');
    // The change's answer comes late, as on a busy device: the connection's notice comes first.
    const lateAccountAnswers: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'PATCH' && String(input).endsWith('/api/auth/account')) await new Promise((resolve) => setTimeout(resolve, 500));
      return response;
    };
    const backend = newBackend(lateAccountAnswers);
    const email = uniqueEmail('connected');
    const { uid } = await backend.identity.signUp(email, PASSWORD);
    await backend.users.createUser(uid, { displayName: 'Connected', email });
    // The app's connection, on the sign-up's token: the change ends that sign-in, and the gateway
    // tells the connection (auth:expired) as it answers the change with the new session.
    const socket = await connectUserSocket((force) => backend.identity.getIdToken(force), gateway.url);
    const reported: (string | null)[] = [];
    const stop = backend.identity.onAuthStateChanged((user) => reported.push(user?.uid ?? null));
    const expired = new Promise<void>((resolve) => socket.once('auth:expired', () => resolve()));
    await changePassword(backend, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    await expired;
    // Connected again on the new session.
    await expect.poll(() => socket.connected, { timeout: 10_000 }).toBe(true);
    stop();
    socket.disconnect();
    expect(reported).not.toContain(null);
    expect(backend.identity.currentUser()?.uid).toBe(uid);
  });
});
