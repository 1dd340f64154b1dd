/**
 * What the gateway keeps on disk: private modes from a fresh start (database, token secret,
 * uploaded files and their directories), and file writes that are whole or not at all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../src/files/store.js';
import { call, newUser, startGateway, type TGateway } from './helpers.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ AUTH_RATE_LIMIT: '1000' });
});
afterAll(() => gw.close());

const png = (fill: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, fill)]);
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('file modes after a fresh start', () => {
  it('keeps the database, the token secret and uploads private to the gateway user', async () => {
    const user = await newUser(gw.url, 'Private');
    const upload = await call(gw.url, 'PUT', `/api/users/${user.user.uid}/avatar`, { token: user.token, raw: png(1), contentType: 'image/png' });
    expect(upload.status).toBe(200);
    const db = path.join(gw.dataDir, 'movelab.db');
    expect(mode(db)).toBe(0o600);
    expect(mode(`${db}-wal`)).toBe(0o600);
    expect(mode(path.join(gw.dataDir, 'token-secret'))).toBe(0o600);
    expect(mode(path.join(gw.dataDir, 'files'))).toBe(0o700);
    expect(mode(path.join(gw.dataDir, 'files', 'avatars'))).toBe(0o700);
    expect(mode(path.join(gw.dataDir, 'files', 'avatars', user.user.uid))).toBe(0o600);
  });
});

describe('atomic file writes', () => {
  it('leaves the previous file intact when the new content fails halfway', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-atomic-'));
    try {
      const file = path.join(dir, 'cover');
      writeFileAtomic(file, [Buffer.from('old content, complete')]);
      function* failingHalfway() {
        yield Buffer.alloc(64 * 1024, 1);
        throw new Error('connection lost');
      }
      expect(() => writeFileAtomic(file, failingHalfway())).toThrow('connection lost');
      expect(fs.readFileSync(file, 'utf8')).toBe('old content, complete');
      // No partial file is left beside it.
      expect(fs.readdirSync(dir)).toEqual(['cover']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('replaces an avatar whole through the gateway and serves the new bytes', async () => {
    const user = await newUser(gw.url, 'Replacer');
    const target = `/api/users/${user.user.uid}/avatar`;
    expect((await call(gw.url, 'PUT', target, { token: user.token, raw: png(1), contentType: 'image/png' })).status).toBe(200);
    const second = await call(gw.url, 'PUT', target, { token: user.token, raw: png(2), contentType: 'image/png' });
    expect(second.status).toBe(200);
    const served = Buffer.from(await (await fetch(`${gw.url}${second.body.url}`)).arrayBuffer());
    expect(served.equals(png(2))).toBe(true);
    expect(fs.readdirSync(path.join(gw.dataDir, 'files', 'avatars')).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });
});
