import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, APP_ERRORS, LIMITS, pathParamsSchema } from '@movelab/shared';
import { call, newListedAdmin, startGateway, type TGateway } from './helpers.js';

const ADMIN_EMAIL = 'params-admin@example.com';
let gw: TGateway;
let admin: Awaited<ReturnType<typeof newListedAdmin>>;
beforeAll(async () => {
  gw = await startGateway({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await newListedAdmin(gw, ADMIN_EMAIL);
});
afterAll(() => gw.close());

const withParams = Object.values(API).filter((endpoint) => endpoint.path.includes(':'));

describe('route parameters are checked at the boundary', () => {
  it('an id longer than LIMITS.idMax is 400 app/bad-request naming the parameter, on every endpoint with one', async () => {
    const tooLong = 'x'.repeat(LIMITS.idMax + 1);
    expect(withParams.length).toBeGreaterThan(20);
    for (const endpoint of withParams) {
      for (const name of [...endpoint.path.matchAll(/:(\w+)/g)].map(([marker]) => marker.slice(1))) {
        // Only this parameter is too long; the others are plausible ids.
        const pathName = endpoint.path.replace(/:(\w+)/g, (_marker, other: string) => (other === name ? tooLong : 'some-id'));
        const isUpload = 'upload' in endpoint && endpoint.upload === 'image';
        const body = isUpload ? 'not read' : ['POST', 'PUT', 'PATCH'].includes(endpoint.method) ? '{}' : undefined;
        const response = await fetch(`${gw.url}${pathName}`, {
          method: endpoint.method,
          body,
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': isUpload ? 'image/png' : 'application/json' },
        });
        expect({ endpoint: `${endpoint.method} ${endpoint.path} (${name})`, status: response.status, body: await response.json() }).toEqual({
          endpoint: `${endpoint.method} ${endpoint.path} (${name})`,
          status: 400,
          body: { error: { code: APP_ERRORS.badRequest, message: `Invalid path parameter: ${name} is longer than ${LIMITS.idMax} characters`, details: expect.any(Array) } },
        });
      }
    }
  });

  it('an id of exactly LIMITS.idMax characters passes to the handler', async () => {
    const longest = 'x'.repeat(LIMITS.idMax);
    const answer = await call(gw.url, 'GET', `/api/activities/${longest}`, { token: admin.token });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe(APP_ERRORS.notFound);
    const own = await call(gw.url, 'GET', `/api/users/${admin.user.uid}`, { token: admin.token });
    expect(own.status).toBe(200);
  });

  it('an empty id never reaches a handler: the schema refuses it, and an empty path segment matches no endpoint', async () => {
    const schema = pathParamsSchema(API.addActivity.path);
    expect(schema.safeParse({ uid: 'u1', activityId: 'a1' }).success).toBe(true);
    const refused = schema.safeParse({ uid: '', activityId: 'a1' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['uid'], message: 'is empty' });
    const answer = await call(gw.url, 'GET', `/api/users//avatar`, { token: admin.token });
    expect(answer).toMatchObject({ status: 404, body: { error: { code: APP_ERRORS.notFound, message: 'No such endpoint' } } });
  });
});
