/**
 * Paths outside the API: file downloads under hostile percent-encodings, and the SPA fallback,
 * which must not answer a missing script or style sheet with the app's HTML.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS } from '@movelab/shared';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let gw: TGateway;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Movelab</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-new.js'), 'console.log("new build")');
  gw = await startGateway({ CLIENT_DIST: dist });
});
afterAll(async () => {
  await gw.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type TRawAnswer = { status: number; contentType: string; body: string };

/**
 * GET with the path sent byte for byte: fetch's URL parser would turn `%2e%2e` into `..` and
 * resolve it before the gateway saw it.
 */
function rawGet(pathName: string): Promise<TRawAnswer> {
  const { hostname, port } = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: pathName, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const errorLines = () => gw.logs.filter((line) => (line.level as number) >= 50);

describe('file downloads under hostile encodings', () => {
  it.each([
    '/files/%25zz',
    '/files/%25',
    '/files/avatars/%25zz?token=x',
    '/files/%',
    '/files/%zz',
    '/files/%2e%2e/%2e%2e/movelab.db',
    '/files/%2e%2e%2f%2e%2e%2fmovelab.db',
    '/files/..%2f..%2ftoken-secret',
    '/files/avatars%00.png',
    '/files/%00',
    '/files/%c0',
    '/files/%c0%ae%c0%ae/token-secret',
    '/files/%E0%A4%A',
  ])('GET %s answers 400 or 404 with the JSON error shape', async (pathName) => {
    const answer = await rawGet(pathName);
    expect([400, 404], `${pathName}: ${answer.status} ${answer.body}`).toContain(answer.status);
    expect(answer.contentType).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
    expect(body.error.code).toMatch(/^(app\/bad-request|app\/not-found|storage\/object-not-found)$/);
    expect(answer.body).not.toContain('SQLite');
  });

  it('a stored file still downloads by its URL', async () => {
    const user = await newUser(gw.url, 'Avatar');
    const uploaded = await call<{ url: string }>(gw.url, 'PUT', `/api/users/${user.user.uid}/avatar`, {
      token: user.token,
      raw: PNG,
      contentType: 'image/png',
    });
    expect(uploaded.status).toBe(200);
    const download = await fetch(`${gw.url}${uploaded.body.url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  afterAll(() => {
    expect(errorLines()).toEqual([]);
  });
});

describe('the SPA fallback', () => {
  it.each([
    '/assets/index-old.js',
    '/assets/index-old.css',
    '/assets/index-old.js.map',
    '/assets/whatever',
    '/models/movenet-lightning.bin',
    '/sw.js',
    '/manifest.webmanifest',
    '/favicon.ico',
    '/discover/logo.PNG',
    '/fonts/inter.woff2',
    '/robots.txt',
    '/config.json',
    '/ort-wasm.wasm',
    '/remote-streaming/stale.js',
  ])('a missing static file %s is 404 JSON, not the app page', async (pathName) => {
    const answer = await rawGet(pathName);
    expect(answer.status).toBe(404);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: APP_ERRORS.notFound, message: expect.any(String) } });
  });

  it.each(['/', '/home', '/discover/abc123', '/users/john.doe', '/auth?mode=resetPassword&oobCode=a.b', '/practice/routine/r1', '/v1.2'])(
    'the app route %s gets index.html',
    async (pathName) => {
      const answer = await rawGet(pathName);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(/^text\/html/);
      expect(answer.body).toContain('<title>Movelab</title>');
    },
  );

  it('an existing bundle is served as itself', async () => {
    const answer = await rawGet('/assets/index-new.js');
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/javascript/);
    expect(answer.body).toBe('console.log("new build")');
  });
});
