import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { TAuthSession } from '@movelab/shared';
import { createApp, type TApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export type TLogLine = Record<string, unknown> & { msg?: string };

export type TGateway = {
  url: string;
  dataDir: string;
  logs: TLogLine[];
  app: TApp;
  close(): Promise<void>;
};

/** A logger whose JSON lines are kept, parsed, in `logs`. */
export function capturedLogger(level = 'info') {
  const logs: TLogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunk
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .forEach((line) => logs.push(JSON.parse(line) as TLogLine));
      done();
    },
  });
  return { logs, logger: pino({ level }, sink) };
}

/**
 * A real gateway on a random port with its own temp DATA_DIR (unless one is given), its logs
 * captured as parsed JSON lines.
 */
export async function startGateway(overrides: Record<string, string> = {}): Promise<TGateway> {
  const dataDir = overrides.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-gw-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'info', ...overrides, DATA_DIR: dataDir });
  const { logs, logger } = capturedLogger(config.logLevel);
  const app = await createApp({ config, logger });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    logs,
    app,
    close: async () => {
      await app.close();
      if (!overrides.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TResponse<T = unknown> = { status: number; body: T; headers: Headers };

/** fetch with JSON in and out; `token` becomes the Bearer header. */
export async function call<T = any>(
  url: string,
  method: string,
  pathName: string,
  options: { token?: string; body?: unknown; raw?: Buffer; contentType?: string } = {},
): Promise<TResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: RequestInit['body'];
  if (options.raw) {
    payload = options.raw;
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
  } else if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${url}${pathName}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

let counter = 0;
/** Signs up a fresh account and creates its user record. */
export async function newUser(url: string, name = 'Tester'): Promise<TAuthSession & { token: string; email: string }> {
  counter += 1;
  const email = `${name.toLowerCase().replace(/\W/g, '')}${counter}-${Date.now()}@example.com`;
  const signUp = await call<TAuthSession>(url, 'POST', '/api/auth/sign-up', { body: { email, password: 'secret-pass' } });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const token = signUp.body.tokens.idToken;
  await call(url, 'PUT', `/api/users/${signUp.body.user.uid}`, { token, body: { displayName: name, email } });
  return { ...signUp.body, token, email };
}

/** The oobCode of the latest e-mail verification link the gateway logged for `uid`. */
export function verificationCode(gw: TGateway, uid: string): string {
  const line = gw.logs.findLast((entry) => entry.msg === 'email verification link' && entry.uid === uid);
  if (!line) throw new Error(`no verification link logged for ${uid}`);
  return new URL(String(line.link)).searchParams.get('oobCode') ?? '';
}

/** Follows the logged verification link of `uid`, as its owner would from the e-mail. */
export async function verifyEmail(gw: TGateway, uid: string): Promise<void> {
  const confirmed = await call(gw.url, 'POST', '/api/auth/email-verification/confirm', { body: { oobCode: verificationCode(gw, uid) } });
  if (confirmed.status !== 200) throw new Error(`verification failed: ${JSON.stringify(confirmed.body)}`);
}

/**
 * Signs up `email` (listed in the gateway's ADMIN_EMAILS) as its owner would become admin: the
 * address verified through the logged link, then the user record created; fails unless it holds ADMIN.
 */
export async function newListedAdmin(gw: TGateway, email: string, name = 'Admin'): Promise<TAuthSession & { token: string; email: string }> {
  const signUp = await call<TAuthSession>(gw.url, 'POST', '/api/auth/sign-up', { body: { email, password: 'secret-pass' } });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  await verifyEmail(gw, signUp.body.user.uid);
  const token = signUp.body.tokens.idToken;
  const record = await call<{ roles: string[] }>(gw.url, 'PUT', `/api/users/${signUp.body.user.uid}`, { token, body: { displayName: name, email } });
  if (!record.body.roles.includes('ADMIN')) throw new Error(`${email} did not become admin: ${JSON.stringify(record.body)}`);
  return { ...signUp.body, token, email };
}
