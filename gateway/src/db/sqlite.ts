/**
 * The SQLite driver under the embedded backend: the few calls the gateway makes (prepare, run,
 * get, all, exec, pragma, transaction, close), on one of two drivers chosen by the running Node.
 *
 * - Node 24 and newer: Node's own `node:sqlite`. better-sqlite3 12 cannot run there: Node 24's
 *   `node::ObjectWrap` removes an environment cleanup hook in its destructor, and a prepared
 *   statement freed by the garbage collector outside a JavaScript context aborts the process
 *   (`Assertion failed: (env) != nullptr` in `node::RemoveEnvironmentCleanupHook`).
 *   better-sqlite3 13 fixes that but needs Node 22 or newer.
 * - Node 20 and 22: better-sqlite3 12, which Node 20 (no `node:sqlite`) needs.
 *
 * Both are SQLite itself, on the same file format: a database file moves between them as is.
 */
import { createRequire } from 'node:module';

/** A value for a `?` (string, number, bigint, null or bytes), or an object of values for named parameters (`@name`, without the `@`). */
type TParameter = unknown;
export type TRunResult = { changes: number; lastInsertRowid: number | bigint };

export type TStatement = {
  run(...parameters: TParameter[]): TRunResult;
  /** The first row, or undefined when there is none. */
  get(...parameters: TParameter[]): unknown;
  all(...parameters: TParameter[]): unknown[];
};

export type TDriverName = 'node:sqlite' | 'better-sqlite3';

export type TDatabase = {
  readonly driver: TDriverName;
  prepare(sql: string): TStatement;
  exec(sql: string): void;
  /** `PRAGMA <text>`: its rows, or with `simple` the first column of the first row. */
  pragma(text: string, options?: { simple?: boolean }): unknown;
  /**
   * `fn` wrapped in a transaction: committed when it returns, rolled back when it throws. Called
   * inside another transaction it becomes a savepoint of that one (as better-sqlite3 does).
   */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  close(): void;
};

export type TOpenOptions = { readonly?: boolean };

/** The parts of `node:sqlite` used here (Node 20's type definitions do not have the module). */
type TNodeStatement = {
  run(...parameters: TParameter[]): TRunResult;
  get(...parameters: TParameter[]): Record<string, unknown> | undefined;
  all(...parameters: TParameter[]): Record<string, unknown>[];
};
type TNodeDatabase = {
  prepare(sql: string): TNodeStatement;
  exec(sql: string): void;
  close(): void;
  readonly isOpen: boolean;
  readonly isTransaction: boolean;
};
type TNodeSqlite = { DatabaseSync: new (file: string, options?: { readOnly?: boolean }) => TNodeDatabase };

/** The parts of better-sqlite3 used here. */
type TBetterDatabase = {
  prepare(sql: string): TStatement;
  exec(sql: string): void;
  pragma(text: string, options?: { simple?: boolean }): unknown;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  close(): void;
};
type TBetterSqlite = new (file: string, options?: { readonly?: boolean }) => TBetterDatabase;

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The driver this process uses (see the module comment). */
export const SQLITE_DRIVER: TDriverName = nodeMajor >= 24 ? 'node:sqlite' : 'better-sqlite3';

export function openSqlite(file: string, options: TOpenOptions = {}): TDatabase {
  return SQLITE_DRIVER === 'node:sqlite' ? openNodeSqlite(file, options) : openBetterSqlite(file, options);
}

function openBetterSqlite(file: string, options: TOpenOptions): TDatabase {
  const Database = require('better-sqlite3') as TBetterSqlite;
  const db = new Database(file, { readonly: !!options.readonly });
  return {
    driver: 'better-sqlite3',
    prepare: (sql) => db.prepare(sql),
    exec: (sql) => db.exec(sql),
    pragma: (text, pragmaOptions) => db.pragma(text, pragmaOptions),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
}

function openNodeSqlite(file: string, options: TOpenOptions): TDatabase {
  const sqlite = process.getBuiltinModule?.('node:sqlite') as TNodeSqlite | undefined;
  if (!sqlite) throw new Error(`node:sqlite is not in Node ${process.versions.node}`);
  const db = new sqlite.DatabaseSync(file, { readOnly: !!options.readonly });
  // Rows come with a null prototype: plain objects, as better-sqlite3 gives.
  const plain = (row: Record<string, unknown>) => ({ ...row });
  /** How many transactions are open: a nested one is the savepoint named after its depth. */
  let depth = 0;
  return {
    driver: 'node:sqlite',
    prepare: (sql) => {
      const statement = db.prepare(sql);
      return {
        run: (...parameters) => statement.run(...parameters),
        get: (...parameters) => {
          const row = statement.get(...parameters);
          return row && plain(row);
        },
        all: (...parameters) => statement.all(...parameters).map(plain),
      };
    },
    exec: (sql) => db.exec(sql),
    pragma: (text, pragmaOptions = {}) => {
      const rows = db.prepare(`PRAGMA ${text}`).all();
      if (!pragmaOptions.simple) return rows.map(plain);
      const first = rows[0];
      return first === undefined ? undefined : Object.values(first)[0];
    },
    transaction:
      (fn) =>
      (...args) => {
        const savepoint = depth > 0 ? `movelab_${depth}` : null;
        db.exec(savepoint ? `SAVEPOINT ${savepoint}` : 'BEGIN');
        depth += 1;
        try {
          const result = fn(...args);
          if (result instanceof Promise) throw new TypeError('A transaction function cannot return a promise');
          db.exec(savepoint ? `RELEASE ${savepoint}` : 'COMMIT');
          return result;
        } catch (error) {
          // SQLite may have rolled the whole transaction back itself (a full disk, say).
          if (db.isTransaction) db.exec(savepoint ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK');
          throw error;
        } finally {
          depth -= 1;
        }
      },
    // Closing twice is a no-op, as in better-sqlite3 (node:sqlite throws).
    close: () => {
      if (db.isOpen) db.close();
    },
  };
}
