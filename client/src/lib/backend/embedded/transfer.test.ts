// @vitest-environment node
/// <reference types="node" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_RETRY } from '@movelab/shared';
import type { TClock } from './clock';
import { createHttp } from './http';
import { uploadFile } from './transfer';

/** Answers the queued statuses in order, then 200; counts the attempts. */
let statuses: number[] = [];
let attempts = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    attempts += 1;
    const status = statuses.shift() ?? 200;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(status === 200 ? '{"url":"/files/a"}' : `{"error":{"code":"app/internal","message":"status ${status}"}}`);
  });
});
let baseUrl = '';

/** Real time for the request time-out, but back-off waits are recorded and skipped. */
function skippingClock(): TClock & { waits: number[]; offset: number } {
  const clock = {
    waits: [] as number[],
    offset: 0,
    now: () => Date.now() + clock.offset,
    setTimeout: (callback: () => void, ms: number) => {
      if (ms >= 60_000) return globalThis.setTimeout(callback, ms);
      clock.waits.push(ms);
      clock.offset += ms;
      return globalThis.setTimeout(callback, 0);
    },
    clearTimeout: (id: unknown) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  return clock;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const file = () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });

describe('uploadFile', () => {
  it('retries 503, 408 and 429 with doubling back-off, reporting 0 then 1', async () => {
    statuses = [503, 408, 429];
    attempts = 0;
    const clock = skippingClock();
    const progress: number[] = [];
    const response = await uploadFile(createHttp({ baseUrl, clock, timeoutMs: 60_000 }), {
      method: 'PUT',
      path: '/upload',
      file: file(),
      token: async () => 't',
      onProgress: (f) => progress.push(f),
    });
    expect(await response.json()).toEqual({ url: '/files/a' });
    expect(attempts).toBe(4);
    expect(clock.waits).toEqual([1000, 2000, 4000]);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('does not retry a 400, and gives up on 5xx once the upload budget is spent', async () => {
    statuses = [400];
    attempts = 0;
    const http400 = createHttp({ baseUrl, clock: skippingClock(), timeoutMs: 60_000 });
    await expect(uploadFile(http400, { method: 'PUT', path: '/u', file: file(), token: async () => null })).rejects.toMatchObject({
      status: 400,
    });
    expect(attempts).toBe(1);

    statuses = Array.from({ length: 100 }, () => 500);
    attempts = 0;
    const clock = skippingClock();
    await expect(
      uploadFile(createHttp({ baseUrl, clock, timeoutMs: 60_000 }), { method: 'PUT', path: '/u', file: file(), token: async () => null }),
    ).rejects.toMatchObject({ status: 500 });
    const waited = clock.waits.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThanOrEqual(STORAGE_RETRY.maxUploadRetryMs);
    expect(waited).toBeGreaterThan(STORAGE_RETRY.maxUploadRetryMs - 32_000);
    expect(attempts).toBe(clock.waits.length + 1);
  });
});
