import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, AUTH_ERRORS, ZRuntimeConfig } from '@movelab/shared';
import { loadConfig } from '../src/config.js';
import { call, startGateway, type TGateway } from './helpers.js';

const started: TGateway[] = [];
const start = async (overrides: Record<string, string>) => {
  const gw = await startGateway(overrides);
  started.push(gw);
  return gw;
};
afterAll(() => Promise.all(started.map((gw) => gw.close())));

/** A Firebase web config of the demo project; the tests add the emulators they want. */
const FIREBASE_DEMO = {
  BACKEND: 'firebase',
  FIREBASE_PROJECT_ID: 'demo-movelab',
  FIREBASE_API_KEY: 'demo-key',
  FIREBASE_AUTH_DOMAIN: 'demo-movelab.firebaseapp.com',
  FIREBASE_STORAGE_BUCKET: 'demo-movelab.appspot.com',
  FIREBASE_APP_ID: '1:1:web:1',
};

describe('one port for everything', () => {
  it('serves the client with an SPA fallback, health, config and security headers', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Movelab</title>');
    fs.writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    const gw = await start({ CLIENT_DIST: dist });
    expect((await call(gw.url, 'GET', '/healthz')).body).toEqual({ ok: true });
    expect(ZRuntimeConfig.parse((await call(gw.url, 'GET', '/api/config')).body)).toEqual({ backend: 'embedded', appVersion: '2.6.0' });
    const deepLink = await fetch(`${gw.url}/movescore/squat`);
    expect(await deepLink.text()).toContain('<title>Movelab</title>');
    const csp = deepLink.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toContain('worker-src');
    expect((await fetch(`${gw.url}/app.js`)).headers.get('content-type')).toContain('javascript');
    const unknownApi = await call(gw.url, 'GET', '/api/nothing-here');
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body.error.code).toBe(APP_ERRORS.notFound);
  });

  it('refuses relay-only ICE without a TURN server, naming the variables', () => {
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'relay' })).toThrow(/ICE_TRANSPORT_POLICY.*TURN_SECRET and TURN_URLS/);
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'sometimes' })).toThrow(/ICE_TRANSPORT_POLICY/);
    const relayed = loadConfig({ ICE_TRANSPORT_POLICY: 'relay', TURN_SECRET: 's'.repeat(32), TURN_URLS: 'turn:turn.example.org:3478' });
    expect(relayed.realtime).toMatchObject({ iceTransportPolicy: 'relay', turn: { urls: ['turn:turn.example.org:3478'] } });
  });

  it("serves a join link the phone's own page, and the whole app for the code page", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Movelab</title>');
    fs.writeFileSync(path.join(dist, 'phone.html'), '<!doctype html><title>Movelab phone</title>');
    const gw = await start({ CLIENT_DIST: dist });
    const joinLink = await fetch(`${gw.url}/remote-streaming/${'s'.repeat(22)}`);
    expect(joinLink.status).toBe(200);
    expect(await joinLink.text()).toContain('<title>Movelab phone</title>');
    expect(joinLink.headers.get('content-security-policy')).toBeTruthy();
    expect(await (await fetch(`${gw.url}/remote-streaming`)).text()).toContain('<title>Movelab</title>');
    expect(await (await fetch(`${gw.url}/remote-streaming/a/b`)).text()).toContain('<title>Movelab</title>');
  });

  it('limits auth requests per address', async () => {
    const gw = await start({ AUTH_RATE_LIMIT: '2' });
    const attempt = () => call(gw.url, 'POST', '/api/auth/sign-in', { body: { email: 'x@example.com', password: 'whatever' } });
    await attempt();
    await attempt();
    const third = await attempt();
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe(AUTH_ERRORS.tooManyRequests);
  });
});

describe('firebase mode', () => {
  it('gives the client the Firebase web config and serves no data', async () => {
    const gw = await start({ ...FIREBASE_DEMO, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIRESTORE_EMULATOR_HOST: '127.0.0.1:18888' });
    const config = ZRuntimeConfig.parse((await call(gw.url, 'GET', '/api/config')).body);
    expect(config).toMatchObject({
      backend: 'firebase',
      firebase: { projectId: 'demo-movelab', authEmulatorUrl: 'http://127.0.0.1:9099', firestoreEmulatorHost: '127.0.0.1:18888' },
    });
    const data = await call(gw.url, 'GET', '/api/movescore-groups');
    expect(data.status).toBe(404);
    expect(data.body.error.code).toBe(APP_ERRORS.notAvailable);
    expect((await call(gw.url, 'PUT', '/api/users/u1/roles', { body: { roles: [] } })).status).toBe(401);
  });
});

describe('local emulator mode', () => {
  it('puts Firestore on port 8888 and Auth on 9099 when FIREBASE_LOCAL is on, unless told otherwise', () => {
    expect(loadConfig({ BACKEND: 'firebase', FIREBASE_LOCAL: 'true' }).firebase).toMatchObject({
      firestoreEmulatorHost: '127.0.0.1:8888',
      authEmulatorHost: '127.0.0.1:9099',
    });
    const elsewhere = loadConfig({ BACKEND: 'firebase', FIREBASE_LOCAL: 'true', FIRESTORE_EMULATOR_HOST: 'emulators:9000' });
    expect(elsewhere.firebase.firestoreEmulatorHost).toBe('emulators:9000');
    expect(loadConfig({ BACKEND: 'firebase' }).firebase.firestoreEmulatorHost).toBeUndefined();
  });

  it('refuses an emulator address that is not host:port, naming the variable', () => {
    expect(() => loadConfig({ FIRESTORE_EMULATOR_HOST: 'http://127.0.0.1:8888' })).toThrow(/FIRESTORE_EMULATOR_HOST: must be host:port/);
    expect(() => loadConfig({ FIREBASE_LOCAL: 'maybe' })).toThrow(/FIREBASE_LOCAL/);
  });

  it('serves a runtime configuration the client schema accepts only with a valid emulator address', () => {
    const base = { apiKey: 'k', authDomain: 'd', projectId: 'p', storageBucket: 'b', appId: 'a' };
    const served = (firestoreEmulatorHost: string) => ({ backend: 'firebase', appVersion: '1', firebase: { ...base, firestoreEmulatorHost } });
    expect(ZRuntimeConfig.safeParse(served('127.0.0.1:8888')).success).toBe(true);
    expect(ZRuntimeConfig.safeParse(served('127.0.0.1')).success).toBe(false);
  });
});

/** The sources of one directive (connect-src unless named) of a page's answer, sent with `host` as its Host header. */
function policySources(url: string, host?: string, name = 'connect-src'): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/movescore`, { headers: host === undefined ? {} : { host } }, (response) => {
      response.resume();
      const policy = String(response.headers['content-security-policy'] ?? '');
      const directive = policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
      resolve(directive.trim().split(/\s+/).slice(1));
    });
    request.on('error', reject);
  });
}

/** No source that matches any host: a bare scheme or a wildcard. */
const expectNoOpenHost = (sources: string[]) => {
  expect(sources.filter((source) => /^[a-z-]+:$/.test(source) || source.includes('*'))).toEqual([]);
};

/**
 * The Content-Security-Policy's connect-src: the page may open requests and sockets to its own
 * origin, the configured ones and, in Firebase mode, Firebase's hosts or the emulators' only;
 * a script injected into the page cannot send what it reads to a host of its choosing.
 */
describe('connect-src', () => {
  /** A client build of one page: the policy is the page's. */
  const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-csp-'));
  fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Movelab</title>');
  afterAll(() => fs.rmSync(clientDist, { recursive: true, force: true }));

  it('names this origin, its sockets and the configured origins, and no scheme alone', async () => {
    const gw = await start({ CLIENT_DIST: clientDist, PUBLIC_URL: 'https://app.example.com', ALLOWED_ORIGINS: 'http://192.168.1.20:8080' });
    const host = new URL(gw.url).host;
    const sources = await policySources(gw.url);
    expectNoOpenHost(sources);
    expect(sources).toEqual(
      expect.arrayContaining([
        "'self'",
        `ws://${host}`,
        `wss://${host}`,
        'https://app.example.com',
        'wss://app.example.com',
        'http://192.168.1.20:8080',
        'ws://192.168.1.20:8080',
      ]),
    );
    expect(sources.some((source) => source.includes('googleapis'))).toBe(false);
  });

  it('adds nothing from a Host header that is not a plain host', async () => {
    const gw = await start({ CLIENT_DIST: clientDist });
    const sources = await policySources(gw.url, 'evil.example;script-src *');
    expectNoOpenHost(sources);
    expect(sources.some((source) => source.includes('evil'))).toBe(false);
  });

  it("names the emulators' hosts in local emulator mode, and not Google's", async () => {
    const gw = await start({
      ...FIREBASE_DEMO,
      CLIENT_DIST: clientDist,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:18888',
    });
    const sources = await policySources(gw.url);
    expectNoOpenHost(sources);
    expect(sources).toEqual(expect.arrayContaining(["'self'", 'http://127.0.0.1:9099', 'http://127.0.0.1:18888']));
    expect(sources.some((source) => source.includes('googleapis'))).toBe(false);
  });

  it('names the Firebase hosts the client calls in Firebase mode', async () => {
    const gw = await start({ ...FIREBASE_DEMO, CLIENT_DIST: clientDist });
    const sources = await policySources(gw.url);
    expectNoOpenHost(sources);
    expect(sources).toEqual(
      expect.arrayContaining([
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
        'https://firebasestorage.googleapis.com',
      ]),
    );
  });

  it("lets the page show Cloud Storage's pictures in Firebase mode, and no other host's", async () => {
    const firebase = await policySources((await start({ ...FIREBASE_DEMO, CLIENT_DIST: clientDist })).url, undefined, 'img-src');
    expect(firebase).toEqual(["'self'", 'blob:', 'data:', 'https://firebasestorage.googleapis.com']);
    const embedded = await policySources((await start({ CLIENT_DIST: clientDist })).url, undefined, 'img-src');
    expect(embedded).toEqual(["'self'", 'blob:', 'data:']);
  });
});
