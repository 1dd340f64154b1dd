/// <reference types="node" />
/**
 * Starts the real Firebase Auth emulator (firebase-tools, installed apart from the app by
 * `npm ci --prefix tools/firebase`) offline: a temp
 * firebase.json with a free port and the UI disabled (the UI would be downloaded), a `demo-`
 * project id so no credentials are needed. Fails loudly when it cannot start.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMULATOR_PROJECT_ID, type TFirebaseWebConfig } from '@movelab/shared';
import { firestoreEmulatorHere, freePort, startFirestoreEmulator as startFirestoreProcess } from '@movelab/test-tools';
import { REPO_ROOT } from './gateway';

export { EMULATOR_PROJECT_ID } from '@movelab/shared';
export { freePort } from '@movelab/test-tools';

/** The web configuration of the emulator project, its Auth at `authEmulatorUrl`. */
export function emulatorWebConfig(authEmulatorUrl: string): TFirebaseWebConfig {
  return {
    apiKey: 'demo-api-key',
    authDomain: `${EMULATOR_PROJECT_ID}.firebaseapp.com`,
    projectId: EMULATOR_PROJECT_ID,
    storageBucket: `${EMULATOR_PROJECT_ID}.appspot.com`,
    appId: '1:1:web:1',
    authEmulatorUrl,
  };
}

/**
 * The Firebase CLI, or null when tools/firebase is not installed: the emulator tests are then
 * skipped with a warning, except under CI, which installs it (.ci/run) and must run them.
 */
export const FIREBASE_CLI: string | null = (() => {
  const bin = path.join(REPO_ROOT, 'tools/firebase/node_modules/.bin/firebase');
  if (fs.existsSync(bin)) return bin;
  const hint = `firebase-tools is not installed (${bin} is missing): run \`npm ci --prefix tools/firebase\``;
  if (process.env.CI) throw new Error(`${hint}; CI runs the Auth emulator tests.`);
  console.warn(`${hint}. The Firebase Auth emulator tests are SKIPPED.`);
  return null;
})();

export type TAuthEmulator = {
  host: string;
  url: string;
  /** The emulator's process group (firebase-tools and the emulator it starts). */
  pid: number;
  /** Resolves when the emulator exits, whether stopped or not. */
  exited: Promise<void>;
  /** Disables an account through the emulator's admin REST API (Bearer owner). */
  disableUser(uid: string): Promise<void>;
  /** Marks the account's e-mail as verified, as following the verification link does. */
  verifyEmail(uid: string): Promise<void>;
  stop(): Promise<void>;
};

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** What firebase-tools prints when a port it was given is in use by the time it binds it. */
const PORT_TAKEN = /port taken|is not open on|EADDRINUSE/i;

/**
 * `port`: a fixed one (local emulator mode), else a free one. The free ports (the emulator's, its
 * hub's and its logging's) are free when picked, but another process can bind one in the seconds
 * before firebase-tools does (a clean CI saw "Could not start Logging Emulator, port taken" while
 * the Firestore emulator and a gateway started beside it): then the start is tried again on new
 * ports, at most three times in all. Any other failure fails at once.
 */
export async function startAuthEmulator(timeoutMs = 90_000, fixedPort?: number): Promise<TAuthEmulator> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startAuthEmulatorOnce(timeoutMs, fixedPort);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !PORT_TAKEN.test(error.message)) throw error;
      console.warn(`The Auth emulator found a port taken (attempt ${attempt}): starting it again on new ports`);
    }
  }
}

async function startAuthEmulatorOnce(timeoutMs: number, fixedPort: number | undefined): Promise<TAuthEmulator> {
  if (!FIREBASE_CLI) throw new Error('firebase-tools is not installed: npm ci --prefix tools/firebase');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-emu-'));
  const port = fixedPort ?? (await freePort());
  // The hub and logging ports are the emulator suite's own: firebase-tools starts them at 4400 and
  // 4500 unless told, and two suites starting at once (test files run side by side) race for them.
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  fs.writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config));
  const child = spawn(
    FIREBASE_CLI,
    ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID, '--config', path.join(dir, 'firebase.json')],
    // TMPDIR: firebase-tools keeps its hub's locator file (hub-<project>.json) in the temp folder,
    // one per project, which suites started side by side on the same demo project would share.
    { cwd: dir, env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, TMPDIR: dir }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;

  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      // firebase-tools starts the emulator as its own child: stop the whole process group.
      process.kill(-child.pid, 'SIGINT');
      const killer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The Firebase Auth emulator did not start on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  return {
    host,
    url,
    pid: child.pid!,
    exited,
    stop,
    disableUser: (uid) => updateAccount(url, { localId: uid, disableUser: true }),
    verifyEmail: (uid) => updateAccount(url, { localId: uid, emailVerified: true }),
  };
}

async function updateAccount(url: string, body: { localId: string } & Record<string, unknown>): Promise<void> {
  const response = await fetch(`${url}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Updating ${body.localId} failed: ${response.status} ${await response.text()}`);
}

/**
 * Both emulators can start here: the suites that need both skip without them, saying so, except
 * under CI, which installs both: there a missing one fails the run, as a missing FIREBASE_CLI does.
 */
export const HAS_EMULATORS = FIREBASE_CLI !== null && firestoreEmulatorHere('the Firebase suites on the Auth and Firestore emulators');

/** The environment of a gateway in Firebase mode on these emulators, ADMIN_EMAILS granted ADMIN. */
export function firebaseGatewayEnv(auth: Pick<TAuthEmulator, 'host'>, firestore: { host: string }, adminEmails: string[]): Record<string, string> {
  return {
    BACKEND: 'firebase',
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    FIRESTORE_EMULATOR_HOST: firestore.host,
    ADMIN_EMAILS: adminEmails.join(','),
  };
}

export type TFirestoreEmulator = {
  /** `127.0.0.1:<port>`, for FIRESTORE_EMULATOR_HOST and connectFirestoreEmulator. */
  host: string;
  /** Reads a document past the rules (the emulator's `owner` credential): its fields, or null. */
  readAsOwner(documentPath: string): Promise<Record<string, unknown> | null>;
  /** How many documents of a top-level collection have `field == value`, past the rules. */
  countAsOwner(collection: string, field: string, value: string): Promise<number>;
  /** Writes a document past the rules, its fields in the REST encoding (`{ score: { doubleValue: 42 } }`). */
  writeAsOwner(documentPath: string, fields: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the Firestore emulator (@movelab/test-tools: the repository's firestore.rules, the
 * emulator project) on `port` (a server started again where it was), else a free port. If it dies
 * while a suite runs, the suite fails saying so.
 */
export async function startFirestoreEmulator(options: { port?: number; timeoutMs?: number } = {}): Promise<TFirestoreEmulator> {
  const { host, stop } = await startFirestoreProcess({ ...options, projectId: EMULATOR_PROJECT_ID });
  const root = `http://${host}/v1/projects/${EMULATOR_PROJECT_ID}/databases/(default)/documents`;
  const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  return {
    host,
    stop,
    readAsOwner: async (documentPath) => {
      const response = await fetch(`${root}/${documentPath}`, { headers: owner });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`Reading ${documentPath} failed: ${response.status}`);
      return ((await response.json()) as { fields?: Record<string, unknown> }).fields ?? {};
    },
    countAsOwner: async (collection, field, value) => {
      const where = { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } };
      const response = await fetch(`${root}:runQuery`, {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId: collection }], where } }),
      });
      if (!response.ok) throw new Error(`Querying ${collection} failed: ${response.status}`);
      return ((await response.json()) as { document?: unknown }[]).filter((row) => row.document).length;
    },
    writeAsOwner: async (documentPath, fields) => {
      const response = await fetch(`${root}/${documentPath}`, { method: 'PATCH', headers: owner, body: JSON.stringify({ fields }) });
      if (!response.ok) throw new Error(`Writing ${documentPath} failed: ${response.status} ${await response.text()}`);
    },
  };
}
