import type { TDatabase } from './database.js';

/** Fields that may be ordered or range-filtered on: each has an index (see database.ts). */
export type TSortField = 'displayNameLowercase' | 'email' | 'name' | 'createdAt' | 'completedAt' | 'nameLowercase' | 'order';

export type TListOptions = {
  parent?: string;
  orderBy?: TSortField;
  isDescending?: boolean;
  /** Starts-with filter on the orderBy field. */
  prefix?: string;
  /** Equality filters on top-level fields. */
  where?: Record<string, string | number | boolean>;
  limit?: number;
  /** Keyset cursors on [orderBy value, id]. With only `before`, rows come nearest-first (descending). */
  after?: [string, string];
  before?: [string, string];
};

type TRow = { data: string };

/** The newest documents of a collection under every parent (a collection-group read); served by documents_group_created. */
export const LATEST_IN_GROUP_SQL = `SELECT parent_path, data FROM documents WHERE collection = ?
  ORDER BY json_extract(data, '$.createdAt') DESC, id DESC LIMIT ?`;

/**
 * Documents kept as JSON per collection, addressed like Firestore: collection name, parent
 * document path ('' at the top, 'users/<uid>' for a sub-collection) and id. The id is kept
 * inside the JSON too, so a read returns the whole entity.
 */
export class DocumentStore {
  constructor(readonly db: TDatabase) {}

  get<T>(collection: string, id: string, parent = ''): T | null {
    const row = this.db
      .prepare('SELECT data FROM documents WHERE collection = ? AND parent_path = ? AND id = ?')
      .get(collection, parent, id) as TRow | undefined;
    return row ? (JSON.parse(row.data) as T) : null;
  }

  put<T extends { id: string }>(collection: string, document: T, parent = ''): T {
    this.db
      .prepare(
        `INSERT INTO documents (collection, parent_path, id, data) VALUES (?, ?, ?, ?)
         ON CONFLICT (collection, parent_path, id) DO UPDATE SET data = excluded.data,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .run(collection, parent, document.id, JSON.stringify(document));
    return document;
  }

  delete(collection: string, id: string, parent = ''): boolean {
    const result = this.db
      .prepare('DELETE FROM documents WHERE collection = ? AND parent_path = ? AND id = ?')
      .run(collection, parent, id);
    return result.changes > 0;
  }

  /** Deletes every document whose parent path is `path` or lies under it. */
  deleteUnder(path: string): void {
    this.db.prepare("DELETE FROM documents WHERE parent_path = ? OR parent_path LIKE ? ESCAPE '\\'").run(path, `${escapeLike(path)}/%`);
  }

  /** Deletes the top-level documents of `collection` whose `field` equals `value` (a user's rows). */
  deleteWhere(collection: string, field: string, value: string): number {
    return this.db
      .prepare(`DELETE FROM documents WHERE collection = ? AND parent_path = '' AND json_extract(data, '$.${safeField(field)}') = ?`)
      .run(collection, value).changes;
  }

  count(collection: string, parent = ''): number {
    const row = this.db
      .prepare('SELECT COUNT(*) AS n FROM documents WHERE collection = ? AND parent_path = ?')
      .get(collection, parent) as { n: number };
    return row.n;
  }

  list<T>(collection: string, options: TListOptions = {}): T[] {
    const { sql, params } = this.listQuery(collection, options);
    return (this.db.prepare(sql).all(...params) as TRow[]).map((row) => JSON.parse(row.data) as T);
  }

  /** The `limit` newest documents of `collection` across every parent, with the parent path that names the owner. */
  latestInGroup<T>(collection: string, limit: number): { parentPath: string; document: T }[] {
    const rows = this.db.prepare(LATEST_IN_GROUP_SQL).all(collection, limit) as (TRow & { parent_path: string })[];
    return rows.map((row) => ({ parentPath: row.parent_path, document: JSON.parse(row.data) as T }));
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  private listQuery(
    collection: string,
    options: TListOptions,
  ): { sql: string; params: unknown[] } {
    const clauses = ['collection = ?', 'parent_path = ?'];
    const params: unknown[] = [collection, options.parent ?? ''];
    Object.entries(options.where ?? {}).forEach(([field, value]) => {
      clauses.push(`json_extract(data, '$.${safeField(field)}') = ?`);
      params.push(typeof value === 'boolean' ? Number(value) : value);
    });
    const sortExpression = options.orderBy ? `json_extract(data, '$.${safeField(options.orderBy)}')` : 'id';
    if (options.prefix !== undefined && options.orderBy) {
      // The same prefix range Firestore queries use: [text, text + high character].
      clauses.push(`${sortExpression} >= ? AND ${sortExpression} < ?`);
      params.push(options.prefix, `${options.prefix}\uf8ff`);
    }
    // The plain bound beside each row value lets SQLite seek the index to the cursor instead of
    // walking every row before it (it does not use a row-value comparison as an index range).
    if (options.after) {
      clauses.push(`${sortExpression} >= ? AND (${sortExpression}, id) > (?, ?)`);
      params.push(options.after[0], ...options.after);
    }
    if (options.before) {
      clauses.push(`${sortExpression} <= ? AND (${sortExpression}, id) < (?, ?)`);
      params.push(options.before[0], ...options.before);
    }
    // Paging backwards reads the rows nearest the cursor first; the caller reverses them.
    const isDescending = options.isDescending === true || (options.before !== undefined && options.after === undefined);
    const direction = isDescending ? 'DESC' : 'ASC';
    let sql = `SELECT data FROM documents WHERE ${clauses.join(' AND ')} ORDER BY ${sortExpression} ${direction}, id ${direction}`;
    if (options.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(options.limit);
    }
    return { sql, params };
  }
}

function safeField(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`Unsafe field name ${field}`);
  return field;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}
