import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, APP_ERRORS } from '@movelab/shared';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
let user: Awaited<ReturnType<typeof newUser>>;
beforeAll(async () => {
  gw = await startGateway();
  user = await newUser(gw.url, 'Caller');
});
afterAll(() => gw.close());

/** fetch with a raw body and headers; the answer parsed as JSON. */
async function send(method: string, pathName: string, body: Buffer | string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${gw.url}${pathName}`, { method, body, headers: { authorization: `Bearer ${user.token}`, ...headers } });
  return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
}

const errorLines = () => gw.logs.filter((line) => (line.level as number) >= 50);

describe("the caller's mistakes answer 4xx, never 500", () => {
  it('bad percent-encoding in a path parameter is 400 app/bad-request', async () => {
    for (const pathName of [`/api/users/%E0%A4%A`, `/api/users/%`, `/api/users/${user.user.uid}/video_analysis/%zz`]) {
      const answer = await send('GET', pathName, undefined);
      expect(answer.status, pathName).toBeLessThan(500);
      expect(answer.status, pathName).toBeGreaterThanOrEqual(400);
    }
    // Every endpoint with a path parameter, with its method.
    const withParams = Object.values(API).filter((endpoint) => endpoint.path.includes(':'));
    expect(withParams.length).toBeGreaterThan(20);
    for (const endpoint of withParams) {
      const pathName = endpoint.path.replace(/:\w+/g, '%E0%A4%A');
      const body = ['POST', 'PUT', 'PATCH'].includes(endpoint.method) ? '{}' : undefined;
      const status = (await send(endpoint.method, pathName, body, body ? { 'content-type': 'application/json' } : {})).status;
      expect(status, `${endpoint.method} ${pathName}`).toBe(400);
    }
    const answer = await send('GET', '/api/users/%E0%A4%A', undefined);
    expect(answer).toEqual({ status: 400, body: { error: { code: APP_ERRORS.badRequest, message: expect.stringContaining('percent-encoding') } } });
    expect((await send('GET', '/files/%', undefined)).status).toBe(400);
  });

  it('a corrupt gzip or brotli body is 400 and changes nothing', async () => {
    const before = await call(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token });
    const garbage = Buffer.from('this is not compressed at all');
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const answer = await send('PATCH', `/api/users/${user.user.uid}`, garbage, {
        'content-type': 'application/json',
        'content-encoding': encoding,
      });
      expect(answer, encoding).toEqual({ status: 400, body: { error: { code: APP_ERRORS.badRequest, message: expect.any(String) } } });
    }
    // A well-formed compressed body is still read.
    const gzipped = zlib.gzipSync(JSON.stringify({ displayName: 'Zipped' }));
    expect(
      (await send('PATCH', `/api/users/${user.user.uid}`, gzipped, { 'content-type': 'application/json', 'content-encoding': 'gzip' })).status,
    ).toBe(200);
    const after = await call(gw.url, 'GET', `/api/users/${user.user.uid}`, { token: user.token });
    expect(after.body).toEqual({ ...before.body, displayName: 'Zipped', displayNameLowercase: 'zipped' });
  });

  it('extra analysis fields nested 1,000 deep are 400 app/payload-too-deep and nothing is stored', async () => {
    const deep = `${'['.repeat(1000)}1${']'.repeat(1000)}`;
    const body = `{"score":0.5,"groupId":"g1","movementId":"m1","perspectiveId":"p1","extra":${deep}}`;
    const answer = await send('POST', `/api/users/${user.user.uid}/video_analysis`, body, { 'content-type': 'application/json' });
    expect(answer).toEqual({ status: 400, body: { error: { code: APP_ERRORS.payloadTooDeep, message: expect.any(String) } } });
    const list = await call<unknown[]>(gw.url, 'GET', `/api/users/${user.user.uid}/video_analysis?limit=200`, { token: user.token });
    expect(list.body).toEqual([]);
  });

  it('a miss under /media/covers/ is 404 app/not-found, logged as a warning', async () => {
    const answer = await send('GET', '/media/covers/no-such-cover.png', undefined);
    expect(answer).toEqual({ status: 404, body: { error: { code: APP_ERRORS.notFound, message: expect.any(String) } } });
    expect(gw.logs.some((line) => line.msg === 'request refused' && line.level === 40 && line.url === '/media/covers/no-such-cover.png')).toBe(true);
  });

  afterAll(() => {
    // None of the above is the server's fault: nothing was logged as an error.
    expect(errorLines()).toEqual([]);
  });
});
