import crypto from 'node:crypto';
import type { z } from 'zod';
import { APP_ERRORS } from '@movelab/shared';
import { badRequest, conflict, notFound } from '../errors.js';
import type { DocumentStore, TListOptions } from './documents.js';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character id like Firestore's auto ids. */
export function newId(): string {
  return Array.from(crypto.randomBytes(20), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/**
 * One collection (or sub-collection under a parent path) with the usual document operations.
 * With a schema, a document that breaks it (derived fields included) is refused before it is
 * written, and a stored one that breaks it is left out of lists instead of failing them.
 */
export class Collection<T extends { id: string }> {
  constructor(
    private readonly docs: DocumentStore,
    readonly name: string,
    readonly parent = '',
    private readonly label = 'Document',
    private readonly schema?: z.ZodType,
  ) {}

  /** The Firestore-style path of a document of this collection. */
  pathOf(id: string): string {
    return [this.parent, this.name, id].filter(Boolean).join('/');
  }

  get(id: string): T | null {
    return this.docs.get<T>(this.name, id, this.parent);
  }

  require(id: string): T {
    const document = this.get(id);
    if (!document) throw notFound(this.label);
    return document;
  }

  put(document: T): T {
    const checked = this.schema?.safeParse(document);
    if (checked && !checked.success) {
      const issues = checked.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
      throw badRequest(`The ${this.label.toLowerCase()} would not be valid: ${issues}`, checked.error.issues);
    }
    return this.docs.put(this.name, document, this.parent);
  }

  create(data: Omit<T, 'id'>): T {
    return this.put({ ...data, id: newId() } as T);
  }

  /**
   * Creates a document under the id the client chose, once: the same create sent again
   * answers the stored document (`isNew: false`) instead of a second one. An id already
   * taken by a document the caller does not own is refused, without saying whose it is.
   */
  createOnce(clientId: string | undefined, data: Omit<T, 'id'>, isOwn: (existing: T) => boolean): { document: T; isNew: boolean } {
    if (clientId === undefined) return { document: this.create(data), isNew: true };
    const existing = this.get(clientId);
    if (existing) {
      if (!isOwn(existing)) throw conflict(APP_ERRORS.conflict, `${this.label} id ${clientId} is already taken`);
      return { document: existing, isNew: false };
    }
    return { document: this.put({ ...data, id: clientId } as T), isNew: true };
  }

  /**
   * `createOnce` with a gate before anything new is stored (a per-user save budget): the same
   * create sent again answers the stored document without passing the gate, so a replay
   * costs nothing; a refusal of the gate stores nothing.
   */
  async createOnceGated(
    clientId: string | undefined,
    data: Omit<T, 'id'>,
    isOwn: (existing: T) => boolean,
    gate: () => Promise<void>,
  ): Promise<{ document: T; isNew: boolean }> {
    if (clientId === undefined || !this.get(clientId)) await gate();
    return this.createOnce(clientId, data, isOwn);
  }

  update(id: string, patch: Partial<T>): T {
    return this.put({ ...this.require(id), ...patch, id });
  }

  remove(id: string): void {
    if (!this.docs.delete(this.name, id, this.parent)) throw notFound(this.label);
  }

  list(options: Omit<TListOptions, 'parent'> = {}): T[] {
    const rows = this.docs.list<T>(this.name, {
      ...options,
      parent: this.parent,
    });
    const schema = this.schema;
    return schema ? rows.filter((row) => schema.safeParse(row).success) : rows;
  }

  count(): number {
    return this.docs.count(this.name, this.parent);
  }
}
