/**
 * Links in messages (password reset, e-mail verification) come from PUBLIC_URL only: a request
 * naming another host cannot steer them, and production refuses to start without PUBLIC_URL.
 */
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { call, startGateway, type TGateway } from './helpers.js';

const started: TGateway[] = [];
afterAll(() => Promise.all(started.map((gw) => gw.close())));

/** POSTs JSON with a forged Host header (fetch keeps the real one). */
function postWithHost(url: string, pathName: string, host: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${pathName}`, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

async function resetLinkFor(gw: TGateway, email: string): Promise<URL> {
  expect(
    (
      await call(gw.url, 'POST', '/api/auth/sign-up', {
        body: { email, password: 'secret-pass' },
      })
    ).status,
  ).toBe(200);
  expect(
    await postWithHost(gw.url, '/api/auth/password-reset', 'evil.example', {
      email,
    }),
  ).toBe(204);
  const line = gw.logs.findLast((entry) => entry.msg === 'password reset link');
  return new URL(String(line?.link));
}

describe('links in messages', () => {
  it('use PUBLIC_URL, whatever Host the request names', async () => {
    const gw = await startGateway({
      PUBLIC_URL: 'https://movelab.example.org/',
    });
    started.push(gw);
    const link = await resetLinkFor(gw, 'hosted@example.com');
    expect(link.origin).toBe('https://movelab.example.org');
    expect(link.pathname).toBe('/auth');
  });

  it('use http://localhost:<PORT> in development without PUBLIC_URL, never the Host header', async () => {
    const gw = await startGateway({ PORT: '8123' });
    started.push(gw);
    const link = await resetLinkFor(gw, 'local@example.com');
    expect(link.origin).toBe('http://localhost:8123');
    const links = gw.logs.filter((entry) => typeof entry.link === 'string').map((entry) => String(entry.link));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((value) => value.includes('evil.example'))).toEqual([]);
  });

  it('refuse to start in production without PUBLIC_URL, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://movelab.example.org',
      }).publicUrl,
    ).toBe('https://movelab.example.org');
  });
});
