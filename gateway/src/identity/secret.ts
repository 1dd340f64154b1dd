import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The access-token signing key: TOKEN_SECRET when given, else a random 32-byte key created on
 * first start and kept in DATA_DIR/token-secret (mode 0600) so tokens survive restarts.
 */
export function resolveTokenSecret(dataDir: string, configured?: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'token-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two starts never overwrite each other's key.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
