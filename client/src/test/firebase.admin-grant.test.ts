// @vitest-environment node
/// <reference types="node" />
/**
 * `npm run admin:grant` (gateway/src/cli/admin-grant.ts, run as the npm script runs it) in a
 * fresh folder: `--emulators` grants in the app of `npm run start:emulators` (its project, the
 * emulator ports it was given) on the real Auth and Firestore emulators, and without a word on
 * the backend it refuses, instead of writing an embedded ./data.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_EMULATORS } from './firebaseEmulator';
import { firebaseEmulatorSuite } from './firebase-suite';
import { REPO_ROOT } from './gateway';
import { uniqueEmail } from './helpers';

/** Runs the CLI in `cwd` with only the environment given (and PATH): its exit code and output. */
function adminGrant(cwd: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'gateway/src/cli/admin-grant.ts'), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

describe('npm run admin:grant', () => {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-grant-'));
  afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));

  it('refuses when nothing names the backend, and writes no ./data', async () => {
    const { code, out } = await adminGrant(cwd, ['someone@example.com']);
    expect(code).toBe(2);
    expect(out).toContain('No backend named');
    expect(out).toContain('--emulators');
    expect(fs.existsSync(path.join(cwd, 'data'))).toBe(false);
  }, 60_000);

  describe.skipIf(!HAS_EMULATORS)('--emulators, on the emulators of `npm run start:emulators`', () => {
    const emulators = firebaseEmulatorSuite();

    it('grants ADMIN in that project with no other setting, and writes no ./data', async () => {
      const email = uniqueEmail('Granted');
      const signUp = await fetch(`${emulators.auth.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret-1', returnSecureToken: true }),
      });
      const { localId: uid } = (await signUp.json()) as { localId: string };

      // The ports npm run start:emulators was started with: the emulators of this test.
      const ports = { AUTH_EMULATOR_PORT: emulators.auth.host.split(':')[1]!, FIRESTORE_EMULATOR_PORT: emulators.firestore.host.split(':')[1]! };
      const { code, out } = await adminGrant(cwd, ['--emulators', email], ports);
      expect(out).toContain(`ADMIN granted to ${email} (uid ${uid})`);
      expect(code).toBe(0);
      const record = (await emulators.firestore.readAsOwner(`users/${uid}`)) as {
        roles?: { arrayValue?: { values?: { stringValue?: string }[] } };
        displayName?: { stringValue?: string };
        email?: { stringValue?: string };
      } | null;
      expect(record?.roles?.arrayValue?.values).toEqual([{ stringValue: 'ADMIN' }]);
      // Someone who never signed in gets a whole record, as the app's first start makes it ('New
      // User' for a name, none being given), which their first sign-in then finds.
      expect(record?.displayName?.stringValue).toBe('New User');
      expect(record?.email?.stringValue).toBe(email);
      expect(fs.existsSync(path.join(cwd, 'data'))).toBe(false);
    }, 120_000);
  });
});
