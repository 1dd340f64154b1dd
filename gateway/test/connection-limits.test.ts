/**
 * Connection-level limits, attacked as a caller would from one address (127.0.0.1 only, every
 * loop bounded): slow bodies without a token, slow bodies and headers with one, too many
 * connections, engine.io sessions that never connect, and pages from foreign origins (pairing
 * codes guessed: wrong-codes.test.ts).
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { APP_ERRORS } from '@movelab/shared';
import { loadConfig } from '../src/config.js';
import { call, newUser, startGateway, type TGateway } from './helpers.js';
import { open, TOKEN_SECRET } from './live-sockets.js';

type TAnswer = { status: number; body: { error?: { code: string } }; ms: number; closed: Promise<number> };

/**
 * Sends the headers and the first KiB of an announced `announced`-byte JSON body, then nothing
 * more. Resolves with the answer, how long it took, and when the gateway closed the connection;
 * rejects when no answer came within `waitMs`.
 */
function slowBody(
  gw: TGateway,
  method: string,
  pathName: string,
  headers: Record<string, string> = {},
  waitMs = 5000,
  announced = 256 * 1024,
): Promise<TAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(pathName, gw.url), {
      method,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(announced), ...headers },
    });
    const closed = new Promise<number>((resolveClosed) =>
      req.on('socket', (socket) => socket.once('close', () => resolveClosed(Date.now() - started))),
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${waitMs} ms`));
    }, waitMs);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString('utf8')), ms: Date.now() - started, closed });
      });
    });
    req.on('error', () => undefined);
    req.write(`{"displayName":"${'x'.repeat(1024)}`);
  });
}

/** Resolves with the time the gateway took to close `socket` (rejects after `waitMs`). */
function closedWithin(socket: net.Socket, waitMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${waitMs} ms`)), waitMs);
    // Reading what arrives (the 408) lets the close be seen.
    socket.resume();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

function rawConnection(gw: TGateway): Promise<net.Socket> {
  const { port } = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** One GET /healthz on an open connection: the status line's code, or null when the connection was closed instead. */
function healthOn(socket: net.Socket): Promise<number | null> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    socket.once('close', () => resolve(null));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

/** A raw engine.io polling handshake, as a script would send it (never followed by a CONNECT). */
async function handshake(gw: TGateway, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${gw.url}/socket.io/?EIO=4&transport=polling`, { headers });
  await response.arrayBuffer();
  return response.status;
}

describe('request bodies and headers', () => {
  let gw: TGateway;
  beforeAll(async () => {
    // A body may take 1.5 s here: a refusal that waited for it would come late, or not at all.
    gw = await startGateway({ TOKEN_SECRET, HTTP_BODY_TIMEOUT_SECONDS: '1.5', HTTP_HEADERS_TIMEOUT_SECONDS: '0.5' });
  });
  afterAll(() => gw.close());

  it('answers 401 at once to tokenless requests with a slow body, and closes their connection', async () => {
    const user = await newUser(gw.url, 'Target');
    for (const [method, pathName] of [
      ['PUT', `/api/users/${user.user.uid}`],
      ['POST', '/api/activities'],
      ['PATCH', `/api/users/${user.user.uid}`],
    ] as const) {
      const answer = await slowBody(gw, method, pathName);
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe(APP_ERRORS.unauthenticated);
      // Well before the body's own deadline (1.5 s): the refusal did not wait for the body.
      expect(answer.ms).toBeLessThan(1400);
      expect(await answer.closed).toBeLessThan(1400);
    }
  });

  it('cuts a signed-in slow body after HTTP_BODY_TIMEOUT_SECONDS with 408, and changes nothing', async () => {
    const user = await newUser(gw.url, 'Slow');
    const answer = await slowBody(gw, 'PATCH', `/api/users/${user.user.uid}`, { authorization: `Bearer ${user.token}` });
    expect(answer.status).toBe(408);
    expect(answer.body.error?.code).toBe(APP_ERRORS.requestTimeout);
    expect(answer.ms).toBeGreaterThanOrEqual(1400);
    expect(answer.ms).toBeLessThan(4000);
    expect(await answer.closed).toBeLessThan(4000);
    const record = await call<{ displayName: string }>(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token });
    expect(record.body.displayName).toBe('Slow');
  });

  it('closes a connection whose headers do not arrive within HTTP_HEADERS_TIMEOUT_SECONDS', async () => {
    const socket = await rawConnection(gw);
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    // Timeouts are checked every second: 0.5 s plus at most one check.
    expect(await closedWithin(socket, 4000)).toBeLessThan(2500);
  });
});

describe('connections per address', () => {
  it('closes connections beyond CONNECTIONS_PER_ADDRESS at once, and frees a slot when one closes', async () => {
    const gw = await startGateway({ CONNECTIONS_PER_ADDRESS: '5' });
    const held: net.Socket[] = [];
    try {
      for (let i = 0; i < 5; i += 1) held.push(await rawConnection(gw));
      const extra = await rawConnection(gw);
      expect(await healthOn(extra)).toBeNull();
      // The five already open still work.
      expect(await healthOn(held[0]!)).toBe(200);

      const gone = new Promise((resolve) => held[4]!.once('close', resolve));
      held[4]!.destroy();
      await gone;
      // The gateway sees the close a moment later: bounded retries until the slot is free.
      let status: number | null = null;
      for (let attempt = 0; attempt < 50 && status === null; attempt += 1) status = await healthOn(await rawConnection(gw));
      expect(status).toBe(200);
    } finally {
      held.forEach((socket) => socket.destroy());
      await gw.close();
    }
  });
});

describe('connections per address behind a proxy', () => {
  it('is off by default with TRUST_PROXY (every connection comes from the proxy), unless set', () => {
    expect(loadConfig({}).http.connectionsPerAddress).toBe(64);
    expect(loadConfig({ TRUST_PROXY: '1' }).http.connectionsPerAddress).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1', CONNECTIONS_PER_ADDRESS: '500' }).http.connectionsPerAddress).toBe(500);
    expect(() => loadConfig({ CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/CONNECTIONS_PER_ADDRESS/);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not an origin' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('engine.io sessions that never connect', () => {
  it('refuses polling handshakes from one address beyond CAMERA_SOCKETS_PER_ADDRESS', async () => {
    const gw = await startGateway({ TOKEN_SECRET, CAMERA_SOCKETS_PER_ADDRESS: '10' });
    try {
      const statuses: number[] = [];
      // 600 handshakes, 20 at a time (on fewer connections than CONNECTIONS_PER_ADDRESS), none followed by a CONNECT.
      for (let batch = 0; batch < 30; batch += 1) statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => handshake(gw)))));
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 403)).toHaveLength(590);
      expect(gw.app.io.engine.clientsCount).toBe(10);
    } finally {
      await gw.close();
    }
  });

  it('closes sessions that send no CONNECT within SOCKET_CONNECT_TIMEOUT_SECONDS, and frees their slots', async () => {
    const gw = await startGateway({ TOKEN_SECRET, CAMERA_SOCKETS_PER_ADDRESS: '3', SOCKET_CONNECT_TIMEOUT_SECONDS: '0.5' });
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => fetch(`${gw.url}/socket.io/?EIO=4&transport=polling`).then((response) => response.text())),
      );
      const sid = (JSON.parse(opened[0]!.slice(1)) as { sid: string }).sid;
      expect(await handshake(gw)).toBe(403);
      // The next poll of a waiting session gets the close packet ("1") once its time is up.
      const poll = await fetch(`${gw.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`).then((response) => response.text());
      expect(poll.split('\x1e')).toContain('1');
      let status = 403;
      for (let attempt = 0; attempt < 40 && status !== 200; attempt += 1) {
        status = await handshake(gw);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(200);
      // Connected sockets hold no such slot: a signed-in client and cameras still connect.
      const user = await newUser(gw.url, 'Still');
      const sockets = [await open(gw.url, { token: user.token }), await open(gw.url, { role: 'camera' }), await open(gw.url, { role: 'camera' })];
      expect(sockets.every((socket) => socket.connected)).toBe(true);
      sockets.forEach((socket) => socket.close());
    } finally {
      await gw.close();
    }
  });
});

describe('origins', () => {
  let gw: TGateway;
  beforeAll(async () => {
    gw = await startGateway({ TOKEN_SECRET, PUBLIC_URL: 'https://movelab.example', ALLOWED_ORIGINS: 'https://partner.example' });
  });
  afterAll(() => gw.close());

  const socketFrom = (origin: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(gw.url, {
        auth: { role: 'camera' },
        extraHeaders: { origin },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });

  it('refuses sockets from a foreign page, over polling and websocket, and accepts the allowed origins', async () => {
    expect(await handshake(gw, { origin: 'https://evil.example' })).toBe(403);
    expect(await handshake(gw, { origin: 'null' })).toBe(403);
    await expect(socketFrom('https://evil.example')).rejects.toThrow();
    // A foreign page that names the gateway's own IP host in its origin on another port is foreign too.
    await expect(socketFrom('http://127.0.0.1:1')).rejects.toThrow();

    const allowed = await Promise.all([socketFrom('https://movelab.example'), socketFrom('https://partner.example'), socketFrom(gw.url)]);
    expect(allowed.every((socket) => socket.connected)).toBe(true);
    allowed.forEach((socket) => socket.close());
    // No Origin at all: a non-browser client.
    expect(await handshake(gw)).toBe(200);
  });

  it('refuses state-changing REST calls from a foreign page before reading them, and lets reads and allowed pages through', async () => {
    const foreign = await fetch(`${gw.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'victim@example.com', password: 'secret-pass' }),
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe(APP_ERRORS.originNotAllowed);

    const read = await fetch(`${gw.url}/api/config`, { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
    await read.arrayBuffer();

    for (const origin of ['https://movelab.example', 'https://partner.example', gw.url]) {
      const signUp = await fetch(`${gw.url}/api/auth/sign-up`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `o${Date.now()}${Math.random()}@example.com`.replace('0.', ''), password: 'secret-pass' }),
      });
      expect(signUp.status).toBe(200);
      await signUp.arrayBuffer();
    }
  });
});
