import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import { APP_ERRORS, LIMITS, MovelabError } from '@movelab/shared';
import type { TDatabase } from '../db/database.js';
import { badRequest } from '../errors.js';
import { randomToken } from '../identity/passwords.js';

/** Image types recognised by their first bytes; Content-Type alone is never trusted. */
const SIGNATURES: { type: string; test: (bytes: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImageType(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type ?? null;
}

/**
 * Writes a file whole or not at all: the chunks go to a temporary file beside it (mode 0600),
 * which is flushed and renamed over the target. If a chunk fails to arrive (the source throws)
 * or the process dies, the previous file stays as it was and the temporary file is removed
 * (or, after a crash, left under a `.tmp-` name that is never served).
 */
export function writeFileAtomic(file: string, chunks: Iterable<Buffer>): void {
  const temporary = path.join(path.dirname(file), `.tmp-${path.basename(file)}-${crypto.randomBytes(6).toString('hex')}`);
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    for (const chunk of chunks) fs.writeSync(fd, chunk);
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(temporary, file);
}

type TFileRow = { path: string; token: string; content_type: string; size: number };

/**
 * Files on disk under DATA_DIR/files (directories 0700, files 0600, written atomically), each with a random download token, served at
 * `/files/<path>?token=<t>` like Firebase Storage download URLs.
 */
export class FileStore {
  private readonly root: string;

  constructor(
    private readonly db: TDatabase,
    dataDir: string,
  ) {
    this.root = path.join(dataDir, 'files');
    fs.mkdirSync(this.root, { recursive: true, mode: 0o700 });
    fs.chmodSync(this.root, 0o700);
  }

  /** Stores an uploaded image and returns its download URL (a new token on every upload). */
  saveImage(objectPath: string, bytes: Buffer): string {
    if (bytes.length === 0) throw badRequest('The image is empty');
    if (bytes.length > LIMITS.imageBytes) throw new MovelabError(APP_ERRORS.payloadTooLarge, 'The image is too large', 413);
    const type = sniffImageType(bytes);
    if (!type) {
      throw new MovelabError(APP_ERRORS.unsupportedMediaType, 'Upload a PNG, JPEG, WebP or GIF image', 415);
    }
    const file = this.diskPath(objectPath);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileAtomic(file, [bytes]);
    const token = randomToken(24);
    this.db
      .prepare(
        `INSERT INTO files (path, token, content_type, size, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (path) DO UPDATE SET token = excluded.token, content_type = excluded.content_type,
           size = excluded.size, updated_at = excluded.updated_at`,
      )
      .run(objectPath, token, type, bytes.length, new Date().toISOString());
    return this.url(objectPath, token);
  }

  /** The download URL, or null when nothing is stored there. */
  downloadUrl(objectPath: string): string | null {
    const row = this.row(objectPath);
    return row ? this.url(objectPath, row.token) : null;
  }

  remove(objectPath: string): void {
    this.db.prepare('DELETE FROM files WHERE path = ?').run(objectPath);
    fs.rmSync(this.diskPath(objectPath), { force: true });
  }

  mount(app: Express): void {
    app.get(/^\/files\/(.+)$/, (req, res) => {
      // The router has decoded the path already (broken encodings are its 400): decoding it
      // again would make `%25zz` a URIError.
      const objectPath = (req.params as Record<string, string>)[0] ?? '';
      const row = this.row(objectPath);
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      if (!row || !isSameSecret(token, row.token)) {
        res.status(404).json({ error: { code: APP_ERRORS.storageObjectNotFound, message: 'No such file' } });
        return;
      }
      res.setHeader('Content-Type', row.content_type);
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.setHeader('Content-Disposition', 'inline');
      res.sendFile(this.diskPath(objectPath));
    });
  }

  private row(objectPath: string): TFileRow | undefined {
    return this.db.prepare('SELECT * FROM files WHERE path = ?').get(objectPath) as TFileRow | undefined;
  }

  private url(objectPath: string, token: string): string {
    return `/files/${objectPath.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
  }

  private diskPath(objectPath: string): string {
    const resolved = path.resolve(this.root, objectPath);
    if (!resolved.startsWith(this.root + path.sep)) throw badRequest('Bad file path');
    return resolved;
  }
}

function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
