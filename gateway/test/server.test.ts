import fs from 'node:fs';
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
    const gw = await start({
      BACKEND: 'firebase',
      FIREBASE_PROJECT_ID: 'demo-movelab',
      FIREBASE_API_KEY: 'demo-key',
      FIREBASE_AUTH_DOMAIN: 'demo-movelab.firebaseapp.com',
      FIREBASE_STORAGE_BUCKET: 'demo-movelab.appspot.com',
      FIREBASE_APP_ID: '1:1:web:1',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:18888',
    });
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
