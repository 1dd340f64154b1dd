// @vitest-environment node
/// <reference types="node" />
/**
 * Firebase mode when an emulator dies under a running gateway, on the real emulators: `/healthz`
 * says which backend service cannot be reached (503, JSON), and `npm run start:emulators`
 * (scripts/start-emulators.ts, the built gateway) stops with a non-zero exit and names the
 * emulator, instead of serving an app whose sign-ups fail.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ERRORS } from '@movelab/shared';
import { EMULATOR_PROJECT_ID, freePort, HAS_EMULATORS } from './firebaseEmulator';
import { firebaseEmulatorSuite } from './firebase-suite';
import { REPO_ROOT, startGateway, type TGateway } from './gateway';

type THealth = { status: number; body: { ok?: boolean; error?: { code: string; message: string } } };

async function health(url: string): Promise<THealth> {
  const response = await fetch(`${url}/healthz`);
  return { status: response.status, body: (await response.json()) as THealth['body'] };
}

describe.skipIf(!HAS_EMULATORS)('an emulator that dies under the gateway', () => {
  const emulators = firebaseEmulatorSuite();
  let gateway: TGateway | undefined;

  afterAll(async () => {
    await gateway?.stop();
  }, 60_000);

  it('makes /healthz answer 503 naming the service it cannot reach', async () => {
    const { auth, firestore } = emulators;
    gateway = await startGateway({
      env: {
        BACKEND: 'firebase',
        FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: auth.host,
        FIRESTORE_EMULATOR_HOST: firestore.host,
      },
    });
    // The first contact opens Firestore's connection: it may take a moment on a busy machine.
    await expect.poll(() => health(gateway!.url), { timeout: 30_000, interval: 500 }).toEqual({ status: 200, body: { ok: true } });

    await auth.stop();
    // Answers are kept a few seconds: the 503 comes within that window.
    await expect
      .poll(() => health(gateway!.url), { timeout: 20_000, interval: 500 })
      .toMatchObject({
        status: 503,
        body: { error: { code: APP_ERRORS.notAvailable, message: expect.stringContaining('Firebase Auth cannot be reached') } },
      });
    expect((await health(gateway.url)).body.error?.message).not.toContain('Cloud Firestore');

    await firestore.stop();
    await expect
      .poll(async () => (await health(gateway!.url)).body.error?.message, { timeout: 60_000, interval: 500 })
      .toContain('Cloud Firestore cannot be reached');
  }, 180_000);

  it('stops `npm run start:emulators` with exit code 1 and a message when the Auth emulator dies', async () => {
    const [port, authPort, firestorePort] = [await freePort(), await freePort(), await freePort()];
    const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/start-emulators.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        AUTH_EMULATOR_PORT: String(authPort),
        FIRESTORE_EMULATOR_PORT: String(firestorePort),
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const appUrl = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          () =>
            health(appUrl).then(
              (answer) => answer.status,
              () => 0,
            ),
          { timeout: 120_000, interval: 500 },
        )
        .toBe(200);
      const authPid = Number(/Auth emulator on \S+ \(pid (\d+)\)/.exec(stdout)?.[1]);
      expect(authPid).toBeGreaterThan(0);

      process.kill(-authPid, 'SIGKILL');

      expect(await exited).toBe(1);
      expect(stderr).toContain('The Auth emulator exited unexpectedly');
      // Nothing is left serving: the gateway and the Firestore emulator were stopped with it.
      await expect(fetch(`${appUrl}/healthz`)).rejects.toThrow();
      await expect(fetch(`http://127.0.0.1:${firestorePort}/`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    }
  }, 180_000);
});
