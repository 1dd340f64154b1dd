/**
 * The Cloud Firestore emulator of the Google Cloud SDK (Java, no download) with the repository's
 * firestore.rules: one starter for the client's and the gateway's tests, e2e and
 * `npm run start:emulators`. It watches the process once it runs: an emulator that dies under a
 * suite fails it at once, naming the emulator and its last output, instead of leaving each later
 * request to time out.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, untilPrinted } from './processes.js';

export const FIRESTORE_EMULATOR_BIN =
  process.env.FIRESTORE_EMULATOR_BIN ?? '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';
/** The repository's rules (from src/ and from dist/ alike, two folders up). */
export const FIRESTORE_RULES = fileURLToPath(new URL('../../firestore.rules', import.meta.url));

export const hasFirestoreEmulator = (): boolean => existsSync(FIRESTORE_EMULATOR_BIN);

/**
 * Whether the suites that need the emulator can run: true when it is installed. When it is not,
 * false with a warning naming what is skipped, except under CI, which installs it and must run
 * them: there it throws, so a green run means they ran.
 */
export function firestoreEmulatorHere(suites: string): boolean {
  if (hasFirestoreEmulator()) return true;
  const hint = `The Cloud Firestore emulator is not installed (${FIRESTORE_EMULATOR_BIN} is missing; FIRESTORE_EMULATOR_BIN names another)`;
  if (process.env.CI) throw new Error(`${hint}; CI runs ${suites}.`);
  console.warn(`${hint}. ${suites} are SKIPPED.`);
  return false;
}

export type TFirestoreEmulatorProcess = {
  port: number;
  /** `127.0.0.1:<port>`, for FIRESTORE_EMULATOR_HOST and connectFirestoreEmulator. */
  host: string;
  baseUrl: string;
  /** The emulator's process group (the launcher script and its java). */
  pid: number;
  /** Resolves when the emulator exits, whether stopped or not. */
  exited: Promise<void>;
  stop: () => Promise<void>;
};

export type TStartFirestoreEmulator = {
  projectId: string;
  /** A fixed port (a server started again where it was, local emulator mode); else a free one. */
  port?: number;
  timeoutMs?: number;
  /**
   * Called when the emulator exits without `stop()`. By default it throws an uncaught error, which
   * fails the running suite (vitest, Playwright) with this message. A caller that watches `exited`
   * itself passes its own.
   */
  onUnexpectedExit?: (error: Error) => void;
};

/** Signals a process group that may be gone already. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Whether nothing answers at `url` any more within `timeoutMs`. */
async function closedWithin(url: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (!answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const throwUncaught = (error: Error) => {
  setImmediate(() => {
    throw error;
  });
};

export async function startFirestoreEmulator(options: TStartFirestoreEmulator): Promise<TFirestoreEmulatorProcess> {
  const { projectId, timeoutMs = 90_000, onUnexpectedExit = throwUncaught } = options;
  const port = options.port ?? (await freePort());
  const child = spawn(
    FIRESTORE_EMULATOR_BIN,
    ['--host', '127.0.0.1', '--port', String(port), '--rules', FIRESTORE_RULES, '--project_id', projectId],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  let ready = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve();
      if (ready && !stopping) {
        onUnexpectedExit(
          new Error(
            `The Firestore emulator on port ${port} (pid ${child.pid}) exited unexpectedly (${signal ?? `code ${code}`}); ` +
              `the tests using it cannot pass. Its last output:\n${output}`,
          ),
        );
      }
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      // The launcher script starts java as its child: end the whole group.
      signalGroup(child.pid, 'SIGTERM');
      await exited;
    }
    // java may outlive the launcher for a moment: stopped means the port no longer answers.
    if (!(await closedWithin(baseUrl, 10_000)) && child.pid) {
      signalGroup(child.pid, 'SIGKILL');
      await closedWithin(baseUrl, 5_000);
    }
  };
  try {
    await untilPrinted(child, 'Dev App Server is now running', timeoutMs, `The Firestore emulator on port ${port}`);
  } catch (error) {
    await stop();
    throw error;
  }
  ready = true;
  const host = `127.0.0.1:${port}`;
  return { port, host, baseUrl, pid: child.pid!, exited, stop };
}
