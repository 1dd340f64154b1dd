/**
 * Upload access comes before the body: an attacker without a token (or with someone else's)
 * streaming a large image is refused at once, and the gateway never reads the body.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS } from '@movelab/shared';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

type TRefusal = {
  status: number;
  body: { error: { code: string; message: string } };
  bytesSent: number;
};

/**
 * Announces a 5 MiB body, sends the first 64 KiB and never the rest: only an answer given
 * before the body is read can arrive.
 */
function putNeverEnding(pathName: string, headers: Record<string, string> = {}): Promise<TRefusal> {
  const announced = 5 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 0x89);
  return new Promise((resolve, reject) => {
    const url = new URL(pathName, gw.url);
    const req = http.request(url, {
      method: 'PUT',
      headers: {
        'content-type': 'image/png',
        'content-length': String(announced),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(parts).toString('utf8')),
          bytesSent: chunk.length,
        });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(chunk);
  });
}

describe('upload access before the body', () => {
  it('refuses an unauthenticated avatar upload with 401 while the body is still unsent', async () => {
    const owner = await newUser(gw.url, 'Owner');
    const refusal = await putNeverEnding(`/api/users/${owner.user.uid}/avatar`);
    expect(refusal.status).toBe(401);
    expect(refusal.body.error.code).toBe(APP_ERRORS.unauthenticated);
    // Nothing was stored and the gateway still answers.
    const url = await call(gw.url, 'GET', `/api/users/${owner.user.uid}/avatar`, { token: owner.token });
    expect(url.body).toEqual({ url: '' });
  });

  it("refuses another user's avatar upload with 403 before reading the body", async () => {
    const owner = await newUser(gw.url, 'Owner');
    const other = await newUser(gw.url, 'Other');
    const refusal = await putNeverEnding(`/api/users/${owner.user.uid}/avatar`, { authorization: `Bearer ${other.token}` });
    expect(refusal.status).toBe(403);
    expect(refusal.body.error.code).toBe(APP_ERRORS.forbidden);
  });

  it('refuses cover and activity image uploads without a token or without ADMIN before the body', async () => {
    const plain = await newUser(gw.url, 'Plain');
    for (const target of ['/api/movescore-groups/any/cover', '/api/activities/any/image']) {
      expect((await putNeverEnding(target)).status).toBe(401);
      const forbidden = await putNeverEnding(target, {
        authorization: `Bearer ${plain.token}`,
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe(APP_ERRORS.forbidden);
    }
  });

  it('still stores an image for its owner', async () => {
    const owner = await newUser(gw.url, 'Owner');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const stored = await call(gw.url, 'PUT', `/api/users/${owner.user.uid}/avatar`, { token: owner.token, raw: png, contentType: 'image/png' });
    expect(stored.status).toBe(200);
    expect(stored.body.url).toMatch(/^\/files\/avatars\//);
  });
});
