/**
 * The admin user list's paging, one definition for the embedded gateway (SQLite) and the
 * Firebase adapter (Firestore), so a cursor and a page mean the same on both backends.
 *
 * Users are ordered by (sort field, id): by e-mail when an e-mail filter is given (even empty),
 * else by lower-case display name. A caller reads `take` rows in the reading direction (after
 * `after` ascending, or before `before` nearest-first) within the prefix, then `userPageOf`
 * turns them into the page: the one row more than the limit says whether another page exists.
 */
import type { TUserFilterQuery, TUserPage } from './api.js';
import { ZUserFilterQuery } from './api.js';
import { decodePairCursor, encodePairCursor, USER_CURSOR_MAX, type TPairCursor } from './cursor.js';
import type { TUser } from './entities.js';
import { HIGH_CHARACTER } from './constants.js';

export type TUserSortField = 'email' | 'displayNameLowercase';

export type TUserPageRead = {
  field: TUserSortField;
  /** Lower-case prefix of the sort field; undefined for every user. */
  prefix: string | undefined;
  /** Read ascending after this (sort value, id); wins over `before` when both are given. */
  after: TPairCursor | undefined;
  /** Read descending (nearest first) before this (sort value, id): paging backwards. */
  before: TPairCursor | undefined;
  /** Rows to read: the page size plus one. */
  take: number;
  limit: number;
};

export function encodeUserCursor(user: TUser, field: TUserSortField): string {
  return encodePairCursor([user[field], user.id]);
}

export function decodeUserCursor(text: string): TPairCursor | null {
  return decodePairCursor(text, USER_CURSOR_MAX);
}

/** The highest value a row matching `prefix` can have in the sort field. */
export const userPrefixEnd = (prefix: string) => prefix + HIGH_CHARACTER;

/** What to read for a filter query; the query's cursors must be valid (ZUserFilterQuery checks them). */
export function userPageRead(input: TUserFilterQuery): TUserPageRead {
  const query = ZUserFilterQuery.parse(input);
  const field: TUserSortField = query.email !== undefined ? 'email' : 'displayNameLowercase';
  const prefix = (query.email ?? query.name)?.toLowerCase() || undefined;
  const cursor = (text: string | undefined) => (text ? (decodeUserCursor(text) ?? undefined) : undefined);
  const after = cursor(query.startAfter);
  const before = after ? undefined : cursor(query.endBefore);
  return { field, prefix, after, before, take: query.limit + 1, limit: query.limit };
}

/** The page from the rows read for `read`, in its reading direction (at most `take`). */
export function userPageOf(read: TUserPageRead, rows: readonly TUser[]): TUserPage {
  const hasMore = rows.length > read.limit;
  const page = rows.slice(0, read.limit);
  const items = read.before ? page.reverse() : page;
  const first = items[0];
  const last = items.at(-1);
  const hasNext = read.before ? true : hasMore;
  const hasPrev = read.before ? hasMore : read.after !== undefined;
  return {
    items,
    nextCursor: hasNext && last ? encodeUserCursor(last, read.field) : null,
    prevCursor: hasPrev && first ? encodeUserCursor(first, read.field) : null,
  };
}
