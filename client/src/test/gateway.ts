/// <reference types="node" />
/**
 * Starts the real gateway as a child process (tsx over gateway/src/index.ts) on a random port
 * with a fresh data folder, reads its JSON log lines, and stops it after the tests.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Resolved with node:path: under jsdom the global URL resolves a file: URL against the test page.
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type TLogLine = { msg?: string; level?: number | string; [key: string]: unknown };

export type TGateway = {
  url: string;
  port: number;
  dataDir: string;
  logs: TLogLine[];
  /** Resolves with the first log line (already seen or to come) matching `predicate`. */
  waitForLog(predicate: (line: TLogLine) => boolean, timeoutMs?: number): Promise<TLogLine>;
  stop(): Promise<void>;
};

export type TStartOptions = {
  env?: Record<string, string>;
  /** How long to wait for "gateway listening" (the first start may compile). */
  startTimeoutMs?: number;
};

export async function startGateway(options: TStartOptions = {}): Promise<TGateway> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-gw-'));
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['gateway/src/index.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: TLogLine[] = [];
  const waiters = new Set<{ predicate: (line: TLogLine) => boolean; resolve: (line: TLogLine) => void }>();
  let stderr = '';
  let buffered = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const text of lines) {
      const line = parseLine(text);
      if (!line) continue;
      logs.push(line);
      for (const waiter of [...waiters]) {
        if (!waiter.predicate(line)) continue;
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  function waitForLog(predicate: (line: TLogLine) => boolean, timeoutMs = 10_000): Promise<TLogLine> {
    const seen = logs.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { predicate, resolve: (line: TLogLine) => (clearTimeout(timer), resolve(line)) };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`No matching gateway log line within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  async function stop(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const listening = waitForLog((line) => line.msg === 'gateway listening', options.startTimeoutMs ?? 60_000);
  // Resolves (never rejects) so that a normal exit after stop() raises nothing.
  const died = exited.then((code) => ({ code }));
  try {
    const first = await Promise.race([listening, died]);
    if (!('msg' in first) && 'code' in first) {
      const lines = logs.map((l) => JSON.stringify(l)).join('\n');
      throw new Error(`The gateway exited (code ${String(first.code)}) before listening:\n${stderr}\n${lines}`);
    }
    const port = Number((first as TLogLine).port);
    return { url: `http://127.0.0.1:${port}`, port, dataDir, logs, waitForLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function parseLine(text: string): TLogLine | null {
  if (!text.startsWith('{')) return null;
  try {
    return JSON.parse(text) as TLogLine;
  } catch {
    return null;
  }
}
