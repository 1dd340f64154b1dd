/**
 * Request logs never carry credentials: a bearer token, a cookie or a file download token sent
 * to the real gateway does not appear in any log line, while the request itself is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe('secrets in logs', () => {
  it('logs requests without the bearer token, cookies or ?token= download tokens', async () => {
    const user = await newUser(gw.url, 'Logged');
    const upload = await call(gw.url, 'PUT', `/api/users/${user.user.uid}/avatar`, { token: user.token, raw: png, contentType: 'image/png' });
    expect(upload.status).toBe(200);
    const fileUrl = upload.body.url as string;
    const fileToken = new URL(fileUrl, gw.url).searchParams.get('token')!;
    expect(fileToken.length).toBeGreaterThan(10);
    const cookie = 'session=cookie-secret-4711';

    const download = await fetch(`${gw.url}${fileUrl}`, {
      headers: { cookie },
    });
    expect(download.status).toBe(200);
    const read = await fetch(`${gw.url}/api/users/${user.user.uid}`, {
      headers: { authorization: `Bearer ${user.token}`, cookie },
    });
    expect(read.status).toBe(200);
    // A miss is logged too, with its token and credentials.
    expect(
      (
        await fetch(`${gw.url}/files/avatars/nobody?token=${fileToken}&x=1`, {
          headers: { authorization: `Bearer ${user.token}` },
        })
      ).status,
    ).toBe(404);

    const text = JSON.stringify(gw.logs);
    const logged = gw.logs.filter((line) => typeof (line.req as { url?: string } | undefined)?.url === 'string');
    // The requests are there, with their paths, so the test looks at the lines that would leak.
    expect(logged.some((line) => (line.req as { url: string }).url.startsWith('/files/avatars/'))).toBe(true);
    expect(logged.some((line) => (line.req as { url: string }).url === `/api/users/${user.user.uid}`)).toBe(true);
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(user.tokens.refreshToken);
    expect(text).not.toContain(fileToken);
    expect(text).not.toContain('cookie-secret-4711');
    expect(text).toContain('[redacted]');
  });
});
