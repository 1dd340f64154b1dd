/**
 * `npm run start:emulators`: Movelab entirely on the local Firebase emulators, no Firebase
 * project and no internet. Starts the Auth emulator (firebase-tools from tools/firebase, which the
 * npm script installs on first use) and the
 * Cloud Firestore emulator (Google Cloud SDK, with firestore.rules), then the built gateway with
 * BACKEND=firebase in local emulator mode; the gateway seeds the demo catalogue on a fresh
 * emulator. Ctrl-C stops all three. The emulators keep nothing: every start is a fresh database.
 *
 * Ports: PORT (8080, the app), FIRESTORE_EMULATOR_PORT (8888), AUTH_EMULATOR_PORT (9099).
 * Storage has no emulator here: avatar and cover uploads do not work in this mode.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMULATOR_PROJECT_ID, startAuthEmulator } from '../client/src/test/firebaseEmulator.ts';
import { EMULATOR_BIN, hasFirestoreEmulator, startFirestoreEmulator } from '../e2e/fixtures/firestore-emulator.ts';
import { emulatorGatewayEnv } from '../test-tools/src/firebase-gateway.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `${root}gateway/dist/index.js`;
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

if (!existsSync(entry)) {
  console.error('The app is not built: run `npm run build` first (`npm run start:emulators` does it).');
  process.exit(1);
}
if (!hasFirestoreEmulator()) {
  console.error(`No Cloud Firestore emulator at ${EMULATOR_BIN} (FIRESTORE_EMULATOR_BIN names another).`);
  process.exit(1);
}

const firestorePort = port('FIRESTORE_EMULATOR_PORT', 8888);
const authPort = port('AUTH_EMULATOR_PORT', 9099);
const [auth, firestore] = await Promise.all([
  startAuthEmulator(90_000, authPort),
  // This script watches both emulators' exits itself (below): it stops Movelab and says which one died.
  startFirestoreEmulator({ port: firestorePort, projectId: EMULATOR_PROJECT_ID, onUnexpectedExit: () => undefined }),
]);
console.log(
  `Auth emulator on ${auth.url} (pid ${auth.pid}), Firestore emulator on ${firestore.baseUrl} (pid ${firestore.pid}) (project ${EMULATOR_PROJECT_ID})`,
);

const gateway = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port('PORT', 8080)),
    ...emulatorGatewayEnv({ projectId: EMULATOR_PROJECT_ID, authHost: auth.host, firestoreHost: `127.0.0.1:${firestorePort}` }),
  },
});

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (gateway.exitCode === null) {
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    await exited;
  }
  await Promise.all([auth.stop(), firestore.stop()]);
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
gateway.on('exit', (code) => void stop(code ?? 0));
// An emulator that dies leaves a gateway whose sign-ups fail (auth/network-request-failed): stop
// everything and say which one, rather than keep serving.
for (const [name, emulator] of [
  ['Auth', auth],
  ['Firestore', firestore],
] as const) {
  void emulator.exited.then(() => {
    if (stopping) return;
    console.error(`The ${name} emulator exited unexpectedly: stopping Movelab (start it again with \`npm run start:emulators\`).`);
    void stop(1);
  });
}
