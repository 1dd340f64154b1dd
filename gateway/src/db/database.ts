import fs from 'node:fs';
import path from 'node:path';
import { openSqlite, type TDatabase } from './sqlite.js';

export type { TDatabase } from './sqlite.js';

/**
 * Versioned migrations, applied in order inside one transaction each; `user_version` records
 * how far a database file has come. Append only: never edit a shipped step.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE documents (
    collection TEXT NOT NULL,
    parent_path TEXT NOT NULL DEFAULT '',
    id TEXT NOT NULL,
    data TEXT NOT NULL CHECK (json_valid(data)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (collection, parent_path, id)
  );
  -- The fields Movelab filters and sorts on, indexed where they live inside the JSON.
  CREATE INDEX documents_display_name ON documents (collection, json_extract(data, '$.displayNameLowercase'), id);
  CREATE INDEX documents_email ON documents (collection, json_extract(data, '$.email'), id);
  CREATE INDEX documents_name ON documents (collection, parent_path, json_extract(data, '$.name'), id);
  CREATE INDEX documents_created ON documents (collection, parent_path, json_extract(data, '$.createdAt'), id);

  CREATE TABLE accounts (
    uid TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    display_name TEXT,
    photo_url TEXT,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    last_sign_in_at TEXT
  );
  CREATE TABLE sign_in_failures (
    email TEXT PRIMARY KEY COLLATE NOCASE,
    count INTEGER NOT NULL,
    window_start INTEGER NOT NULL
  );
  CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
    family TEXT NOT NULL,
    auth_time INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    rotated_at INTEGER,
    revoked INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX refresh_tokens_family ON refresh_tokens (family);
  CREATE INDEX refresh_tokens_uid ON refresh_tokens (uid);
  CREATE TABLE reset_codes (
    code_hash TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  CREATE TABLE files (
    path TEXT PRIMARY KEY,
    token TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  `
  -- Proven ownership of the address (ADMIN_EMAILS grants nothing before it).
  ALTER TABLE accounts ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;
  -- Epoch seconds: access tokens without a sign-in id issued before it are refused.
  ALTER TABLE accounts ADD COLUMN tokens_valid_after INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE verification_codes (
    code_hash TEXT PRIMARY KEY,
    uid TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
    email TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  );
  `,
  `
  -- One user's rows of a top-level collection, newest first (user_stat_sessions for the history
  -- and the recap): without it a user's page is read past every other user's rows.
  CREATE INDEX documents_user_created ON documents (collection, parent_path, json_extract(data, '$.userId'), json_extract(data, '$.createdAt'), id);
  `,
  `
  -- A collection across every parent, newest first (the admin's latest analyses, a collection-group
  -- read): without it the latest N are found by reading and sorting every user's analyses.
  CREATE INDEX documents_group_created ON documents (collection, json_extract(data, '$.createdAt'), id);
  `,
];

/** The database holds password hashes and every user's data: only the gateway's user reads it. */
const PRIVATE_FILE = 0o600;

export function openDatabase(dataDir: string): TDatabase {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'movelab.db');
  // Created 0600 before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
  fs.chmodSync(file, PRIVATE_FILE);
  const db = openSqlite(file);
  db.pragma('journal_mode = WAL');
  [`${file}-wal`, `${file}-shm`].filter((companion) => fs.existsSync(companion)).forEach((companion) => fs.chmodSync(companion, PRIVATE_FILE));
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: TDatabase): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  MIGRATIONS.slice(current).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + index + 1}`);
    })();
  });
}
