/**
 * The gateway the administration tests run against: ADMIN_EMAILS names the admin, signed up and
 * proven, and a plain user stands beside it. Each test file starts its own.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { openSqlite } from '../src/db/sqlite.js';
import { newListedAdmin, newUser, startGateway, type TGateway } from './helpers.js';

export type TSession = Awaited<ReturnType<typeof newUser>>;
export type TAdminGateway = { gw: TGateway; admin: TSession; plain: TSession };

const ADMIN_EMAIL = 'root@admin.test';

export async function startAdminGateway(): Promise<TAdminGateway> {
  // A generous auth rate limit: these files sign up many accounts from one address.
  const gw = await startGateway({ ADMIN_EMAILS: ADMIN_EMAIL, AUTH_RATE_LIMIT: '1000' });
  const admin = await newListedAdmin(gw, ADMIN_EMAIL, 'Root');
  const plain = await newUser(gw.url, 'Plain');
  return { gw, admin, plain };
}

export function openGatewayDb(gw: TGateway, readonly = true) {
  return openSqlite(path.join(gw.dataDir, 'movelab.db'), { readonly });
}

/** A digest of everything an admin operation could change: documents, files, account flags. */
export function stateDigest(gw: TGateway): string {
  const db = openGatewayDb(gw);
  try {
    const hash = crypto.createHash('sha256');
    const dump = (sql: string) => hash.update(JSON.stringify(db.prepare(sql).all()));
    dump('SELECT collection, parent_path, id, data FROM documents ORDER BY collection, parent_path, id');
    dump('SELECT path, token, size FROM files ORDER BY path');
    dump('SELECT uid, email, disabled FROM accounts ORDER BY uid');
    return hash.digest('hex');
  } finally {
    db.close();
  }
}
