import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

/** Starts the real gateway entry; resolves with how it ended: listening, or exited with its output. */
function startEntry(env: Record<string, string>): Promise<{ isListening: boolean; code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-emu-'));
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/EMULATOR|FIREBASE|^HOST$|^NODE_ENV$/.test(name)));
  const child = spawn(tsx, [path.join(root, 'gateway/src/index.ts')], {
    cwd: root,
    env: { ...base, PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('gateway listening')) return;
      child.kill('SIGKILL');
      resolve({ isListening: true, code: null, output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ isListening: false, code, output });
    });
  });
}

const FIREBASE = { BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'demo-movelab', FIREBASE_API_KEY: 'k', PUBLIC_URL: 'https://movelab.example' };

describe('emulator settings', () => {
  it('stop a production gateway from starting, naming the variable', async () => {
    const started = await startEntry({ ...FIREBASE, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(started.isListening).toBe(false);
    expect(started.code).not.toBe(0);
    expect(started.output).toContain('FIREBASE_AUTH_EMULATOR_HOST: emulator settings are refused when NODE_ENV=production');
  }, 60_000);

  it('name every emulator variable set, FIREBASE_LOCAL included', () => {
    const env = { ...FIREBASE, NODE_ENV: 'production', FIREBASE_LOCAL: 'true', FIRESTORE_EMULATOR_HOST: '127.0.0.1:8888' };
    expect(() => loadConfig(env)).toThrow('FIREBASE_LOCAL, FIRESTORE_EMULATOR_HOST: emulator settings are refused');
    expect(() => loadConfig({ ...FIREBASE, NODE_ENV: 'production', FIREBASE_LOCAL: 'false' })).not.toThrow();
  });

  it('bind loopback on emulators unless HOST says otherwise', () => {
    expect(loadConfig({ ...FIREBASE, FIREBASE_LOCAL: 'true' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...FIREBASE, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...FIREBASE, FIREBASE_LOCAL: 'true', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(FIREBASE).host).toBe('0.0.0.0');
  });
});
