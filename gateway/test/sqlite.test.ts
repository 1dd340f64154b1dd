/**
 * The SQLite driver (src/db/sqlite.ts) on a real database file, with the driver this Node runs:
 * better-sqlite3 on Node 20 and 22, node:sqlite on Node 24 (CI runs this suite on both). Both
 * must answer the same: rows as plain objects, named parameters, pragmas, transactions that
 * commit or roll back whole, nested ones as savepoints, and a read-only handle that cannot write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { openSqlite, SQLITE_DRIVER, type TDatabase } from '../src/db/sqlite.js';

let dir: string;
let db: TDatabase;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movelab-sqlite-'));
  db = openSqlite(path.join(dir, 'test.db'));
  db.exec('CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL)');
});

afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = () => (db.prepare('SELECT COUNT(*) AS n FROM items').get() as { n: number }).n;

describe(`the SQLite driver on Node ${process.versions.node} (${SQLITE_DRIVER})`, () => {
  it('is node:sqlite from Node 24 on, better-sqlite3 before', () => {
    expect(SQLITE_DRIVER).toBe(Number(process.versions.node.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3');
    expect(db.driver).toBe(SQLITE_DRIVER);
  });

  it('runs, reads rows as plain objects, and binds positional and named parameters', () => {
    expect(db.prepare('INSERT INTO items (id, n) VALUES (?, ?)').run('a', 1)).toMatchObject({ changes: 1 });
    db.prepare('INSERT INTO items (id, n) VALUES (@id, @n)').run({ id: 'b', n: 2 });
    const row = db.prepare('SELECT id, n FROM items WHERE id = ?').get('a');
    expect(row).toStrictEqual({ id: 'a', n: 1 });
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(db.prepare('SELECT id FROM items WHERE id = ?').get('none')).toBeUndefined();
    expect(db.prepare('SELECT id, n FROM items ORDER BY id').all()).toStrictEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    expect(db.prepare('UPDATE items SET n = n + 1').run().changes).toBe(2);
  });

  it('reads a pragma whole or as its single value', () => {
    db.pragma('user_version = 7');
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.pragma('user_version')).toStrictEqual([{ user_version: 7 }]);
  });

  it('commits a transaction when it returns, with its arguments and result', () => {
    const insertBoth = db.transaction((first: string, second: string) => {
      db.prepare('INSERT INTO items (id, n) VALUES (?, 1)').run(first);
      db.prepare('INSERT INTO items (id, n) VALUES (?, 2)').run(second);
      return 'done';
    });
    expect(insertBoth('a', 'b')).toBe('done');
    expect(count()).toBe(2);
  });

  it('rolls a transaction back whole when it throws, and the error reaches the caller', () => {
    const failing = db.transaction(() => {
      db.prepare('INSERT INTO items (id, n) VALUES (?, 1)').run('a');
      db.prepare('INSERT INTO items (id, n) VALUES (?, 1)').run('a');
    });
    expect(failing).toThrow(/UNIQUE/);
    expect(count()).toBe(0);
    // The connection is usable again afterwards (no transaction left open).
    db.transaction(() => db.prepare('INSERT INTO items (id, n) VALUES (?, 1)').run('c'))();
    expect(count()).toBe(1);
  });

  it('runs a transaction inside another as a savepoint: its failure undoes only its own writes', () => {
    const inner = db.transaction(() => {
      db.prepare('INSERT INTO items (id, n) VALUES (?, 2)').run('inner');
      throw new Error('inner failed');
    });
    db.transaction(() => {
      db.prepare('INSERT INTO items (id, n) VALUES (?, 1)').run('outer');
      expect(inner).toThrow('inner failed');
    })();
    expect(db.prepare('SELECT id FROM items').all()).toStrictEqual([{ id: 'outer' }]);
  });

  it('refuses a transaction function that returns a promise, and writes nothing', () => {
    const asyncWork = db.transaction(async () => {
      db.prepare('INSERT INTO items (id, n) VALUES (?, 1)').run('a');
    });
    expect(() => asyncWork()).toThrow(/promise/);
    expect(count()).toBe(0);
  });

  it('opens read-only: reads work, writes are refused', () => {
    db.prepare('INSERT INTO items (id, n) VALUES (?, 1)').run('a');
    const reader = openSqlite(path.join(dir, 'test.db'), { readonly: true });
    try {
      expect(reader.prepare('SELECT id FROM items').all()).toStrictEqual([{ id: 'a' }]);
      expect(() => reader.prepare('INSERT INTO items (id, n) VALUES (?, 2)').run('b')).toThrow(/readonly/i);
    } finally {
      reader.close();
    }
  });

  it('closes twice without an error, and refuses work once closed', () => {
    const other = openSqlite(path.join(dir, 'other.db'));
    other.close();
    expect(() => other.close()).not.toThrow();
    expect(() => other.prepare('SELECT 1')).toThrow(/not open/i);
  });

  it('opens the gateway database: migrated, in WAL mode, foreign keys on, and again without migrating twice', () => {
    const dataDir = path.join(dir, 'data');
    const gatewayDb = openDatabase(dataDir);
    const version = gatewayDb.pragma('user_version', { simple: true });
    expect(version).toBeGreaterThan(0);
    expect(gatewayDb.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(gatewayDb.pragma('foreign_keys', { simple: true })).toBe(1);
    gatewayDb.close();
    const reopened = openDatabase(dataDir);
    expect(reopened.pragma('user_version', { simple: true })).toBe(version);
    reopened.close();
  });
});
