import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, SOCKET_ERRORS } from '@movelab/shared';
import { newUser, startGateway, type TGateway } from './helpers.js';
import { open, TOKEN_SECRET } from './live-sockets.js';
import { startRedis } from '@movelab/test-tools';

const started: TGateway[] = [];
const stops: (() => void)[] = [];
async function gateway(env: Record<string, string>): Promise<TGateway> {
  const gw = await startGateway({ TOKEN_SECRET, ...env });
  started.push(gw);
  return gw;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((gw) => gw.close()));
  stops.splice(0).forEach((stop) => stop());
});

/** A failed sign-in as if from `address` behind a proxy: its status and error code. */
async function signInFrom(gw: TGateway, address: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${gw.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
  });
  const body = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: body.error?.code };
}

describe('TRUST_PROXY and the identity rate limit', () => {
  it('with TRUST_PROXY=1, two forwarded addresses get separate buckets', async () => {
    const gw = await gateway({ TRUST_PROXY: '1', AUTH_RATE_LIMIT: '2' });
    await signInFrom(gw, '203.0.113.1');
    await signInFrom(gw, '203.0.113.1');
    expect(await signInFrom(gw, '203.0.113.1')).toEqual({ status: 429, code: AUTH_ERRORS.tooManyRequests });
    expect((await signInFrom(gw, '203.0.113.2')).status).not.toBe(429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every caller behind one peer shares the bucket', async () => {
    const gw = await gateway({ AUTH_RATE_LIMIT: '2' });
    await signInFrom(gw, '203.0.113.1');
    await signInFrom(gw, '203.0.113.2');
    expect(await signInFrom(gw, '203.0.113.3')).toEqual({ status: 429, code: AUTH_ERRORS.tooManyRequests });
  });

  it('refuses to start with a TRUST_PROXY that is not true, false or a hop count', async () => {
    await expect(startGateway({ TRUST_PROXY: 'sometimes' })).rejects.toThrow(/TRUST_PROXY/);
  });

  it('two gateways on one Redis share the identity limit', async () => {
    const redis = await startRedis();
    stops.push(() => redis.process.kill());
    const env = { REDIS_URL: redis.url, AUTH_RATE_LIMIT: '3', TRUST_PROXY: '1' };
    const a = await gateway(env);
    const b = await gateway(env);
    await signInFrom(a, '198.51.100.7');
    await signInFrom(b, '198.51.100.7');
    await signInFrom(a, '198.51.100.7');
    expect(await signInFrom(b, '198.51.100.7')).toEqual({ status: 429, code: AUTH_ERRORS.tooManyRequests });
    expect((await signInFrom(a, '198.51.100.8')).status).not.toBe(429);
  });
});

describe('camera sockets per address', () => {
  it('refuses tokenless sockets beyond CAMERA_SOCKETS_PER_ADDRESS, not signed-in ones, and frees a slot on disconnect', async () => {
    const gw = await gateway({ CAMERA_SOCKETS_PER_ADDRESS: '3' });
    const cameras = await Promise.all([1, 2, 3].map(() => open(gw.url, { role: 'camera' })));
    await expect(open(gw.url, { role: 'camera' })).rejects.toThrow(SOCKET_ERRORS.tooManyConnections);
    const user = await newUser(gw.url, 'Many');
    const signedIn = await open(gw.url, { token: user.token });
    expect(signedIn.connected).toBe(true);

    const serverSide = gw.app.io.of('/').sockets;
    const before = serverSide.size;
    cameras[0]!.close();
    // Bounded wait for the gateway to see the close.
    for (let i = 0; i < 100 && serverSide.size === before; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await open(gw.url, { role: 'camera' });
    expect(again.connected).toBe(true);
    [again, signedIn, ...cameras].forEach((socket) => socket.close());
  });

  it('behind TRUST_PROXY, counts the forwarded address', async () => {
    const gw = await gateway({ CAMERA_SOCKETS_PER_ADDRESS: '1', TRUST_PROXY: '1' });
    const cameraFrom = (address: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(gw.url, {
          auth: { role: 'camera' },
          extraHeaders: { 'x-forwarded-for': address },
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
    const first = await cameraFrom('203.0.113.1');
    await expect(cameraFrom('203.0.113.1')).rejects.toThrow(SOCKET_ERRORS.tooManyConnections);
    const other = await cameraFrom('203.0.113.2');
    expect(other.connected).toBe(true);
    first.close();
    other.close();
  });
});
