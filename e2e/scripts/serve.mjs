// Starts the BUILT app exactly as `npm start` serves it (node gateway/dist/index.js from the
// repository root), with a fresh temporary DATA_DIR, and removes that folder when stopped.
// Playwright's webServer runs this and waits on /healthz.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'gateway', 'dist', 'index.js');
if (!existsSync(entry) || !existsSync(join(root, 'client', 'dist', 'index.html'))) {
  console.error('The app is not built: run `npm run build` first (`npm run test:e2e` does it).');
  process.exit(1);
}

// A spec's second gateway shares the first one's data folder (DATA_DIR, kept) and TOKEN_SECRET.
const sharedDataDir = process.env.DATA_DIR;
const dataDir = sharedDataDir ?? mkdtempSync(join(tmpdir(), 'movelab-e2e-'));
// The gateway log is kept beside the test output: specs read password-reset links from it.
const outputDir = join(root, 'e2e', 'output');
mkdirSync(outputDir, { recursive: true });
// GATEWAY_LOG names another file for a second gateway started by a spec (remote-camera-turn).
const log = createWriteStream(join(outputDir, process.env.GATEWAY_LOG ?? 'gateway.log'));

const child = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '18080',
    DATA_DIR: dataDir,
    BACKEND: 'embedded',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    ADMIN_EMAILS: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.movelab.test',
    TOKEN_SECRET: process.env.TOKEN_SECRET ?? randomBytes(32).toString('hex'),
    // Every spec signs people up from this one address; the per-address limits themselves are
    // tested in the gateway's tests. Here they would stop the suite part-way.
    AUTH_RATE_LIMIT: '100000',
    SESSION_JOIN_RATE_LIMIT: '100000',
    SESSION_CODE_FAILURE_LIMIT: '100000',
    // The per-account save rate: above the 55 results history.spec seeds for one account at once,
    // low enough for save-limits.spec to reach it; no daily cap across the whole suite.
    SAVE_RATE_LIMIT: '100',
    // A 30 s window (60 s by default): save-limits.spec waits one out.
    SAVE_RATE_WINDOW_SECONDS: '30',
    SAVE_DAILY_LIMIT: '100000',
  },
});
child.stdout.on('data', (chunk) => {
  log.write(chunk);
  process.stdout.write(chunk);
});
child.stderr.on('data', (chunk) => {
  log.write(chunk);
  process.stderr.write(chunk);
});

const cleanUp = () => {
  if (!sharedDataDir) rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  log.end();
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
