import { describe, expect, it } from 'vitest';
import { ZUserFilterQuery, type TUserFilterQuery, type TUserPage } from './api.js';
import { decodePairCursor, encodePairCursor, USER_CURSOR_MAX } from './cursor.js';
import type { TUser } from './entities.js';
import { decodeUserCursor, encodeUserCursor, userPageOf, userPageRead, userPrefixEnd, type TUserPageRead } from './user-page.js';

const user = (id: string, name: string, email: string): TUser => ({
  id,
  displayName: name,
  displayNameLowercase: name.toLowerCase(),
  email,
  roles: [],
  activities: [],
  routineSubscriptions: [],
});

/** Reads `read` from an in-memory table the way both stores do: (field, id) order, prefix range, keyset cursors. */
function readRows(table: TUser[], read: TUserPageRead): TUser[] {
  const key = (row: TUser): [string, string] => [row[read.field], row.id];
  const compare = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
  const inRange = table.filter((row) => !read.prefix || (row[read.field] >= read.prefix && row[read.field] <= userPrefixEnd(read.prefix)));
  const sorted = [...inRange].sort((a, b) => compare(key(a), key(b)));
  if (read.before)
    return sorted
      .filter((row) => compare(key(row), read.before!) < 0)
      .reverse()
      .slice(0, read.take);
  return sorted.filter((row) => !read.after || compare(key(row), read.after) > 0).slice(0, read.take);
}

const pageOf = (table: TUser[], query: TUserFilterQuery): TUserPage => {
  const read = userPageRead(query);
  return userPageOf(read, readRows(table, read));
};

// Two users share a name: the id breaks the tie, so no one is skipped or shown twice.
const table = [
  user('u5', 'Ada', 'ada@x.org'),
  user('u1', 'Bea', 'zed@x.org'),
  user('u3', 'ben', 'ben@x.org'),
  user('u2', 'Ben', 'ben2@x.org'),
  user('u4', 'Cem', 'cem@x.org'),
  user('u6', 'Émile', 'emile@x.org'),
  user('u7', 'Bo', 'bo@x.org'),
];

describe('user list cursors', () => {
  it('round-trip any sort value and id, and pass through a URL unescaped', () => {
    const edge = user('id-😀', 'Zoë 😀', 'zoë@x.org');
    const cursor = encodeUserCursor(edge, 'displayNameLowercase');
    expect(cursor).toMatch(/^[0-9a-f]+$/);
    expect(decodeUserCursor(cursor)).toEqual(['zoë 😀', 'id-😀']);
    expect(decodeUserCursor(encodeUserCursor(edge, 'email'))).toEqual(['zoë@x.org', 'id-😀']);
  });

  it('refuse what they did not make, at the query boundary too', () => {
    expect(decodeUserCursor('eyJ4IjoxfQ')).toBeNull();
    expect(decodeUserCursor(encodePairCursor(['only', 'two']).slice(4))).toBeNull();
    expect(decodePairCursor(encodePairCursor(['a', 'b']), 8)).toBeNull();
    expect(ZUserFilterQuery.safeParse({ startAfter: 'eyJ4IjoxfQ' }).success).toBe(false);
    expect(ZUserFilterQuery.safeParse({ endBefore: encodePairCursor(['a', 'b']).slice(0, -4) }).success).toBe(false);
    // The longest e-mail with the longest id still makes a cursor the query accepts.
    const longest = encodeUserCursor(user('i'.repeat(128), 'x', `${'e'.repeat(310)}@x.org`), 'email');
    expect(longest.length).toBeLessThanOrEqual(USER_CURSOR_MAX);
    expect(ZUserFilterQuery.safeParse({ startAfter: longest }).success).toBe(true);
  });
});

describe('userPageRead', () => {
  it('orders by e-mail once an e-mail filter is given, else by lower-case name', () => {
    expect(userPageRead({ name: 'BE' })).toMatchObject({ field: 'displayNameLowercase', prefix: 'be', take: 21, limit: 20 });
    expect(userPageRead({ email: 'Ada@', limit: 5 })).toMatchObject({ field: 'email', prefix: 'ada@', take: 6 });
    expect(userPageRead({ email: '' })).toMatchObject({ field: 'email', prefix: undefined });
  });

  it('reads forwards when both cursors are given', () => {
    const after = encodePairCursor(['b', 'u1']);
    const read = userPageRead({ startAfter: after, endBefore: encodePairCursor(['c', 'u4']) });
    expect(read.after).toEqual(['b', 'u1']);
    expect(read.before).toBeUndefined();
  });
});

describe('userPageOf', () => {
  it('pages forwards through every user once, in order, then back again', () => {
    const expected = ['u5', 'u1', 'u2', 'u3', 'u7', 'u4', 'u6'];
    const forward: TUserPage[] = [pageOf(table, { limit: 3 })];
    while (forward.at(-1)!.nextCursor) forward.push(pageOf(table, { limit: 3, startAfter: forward.at(-1)!.nextCursor! }));
    expect(forward.map((page) => page.items.length)).toEqual([3, 3, 1]);
    expect(forward.flatMap((page) => page.items.map((row) => row.id))).toEqual(expected);
    expect(forward[0]!.prevCursor).toBeNull();
    expect(forward[2]!.nextCursor).toBeNull();

    const backward: TUserPage[] = [pageOf(table, { limit: 3, endBefore: forward[2]!.prevCursor! })];
    while (backward.at(-1)!.prevCursor) backward.push(pageOf(table, { limit: 3, endBefore: backward.at(-1)!.prevCursor! }));
    expect(backward.map((page) => page.items.map((row) => row.id))).toEqual([
      ['u3', 'u7', 'u4'],
      ['u5', 'u1', 'u2'],
    ]);
    backward.forEach((page) => expect(page.nextCursor).not.toBeNull());
  });

  it('keeps a backward page within the prefix', () => {
    const first = pageOf(table, { name: 'b', limit: 2 });
    expect(first.items.map((row) => row.id)).toEqual(['u1', 'u2']);
    const second = pageOf(table, { name: 'b', limit: 2, startAfter: first.nextCursor! });
    expect(second.items.map((row) => row.id)).toEqual(['u3', 'u7']);
    expect(second.nextCursor).toBeNull();
    const back = pageOf(table, { name: 'b', limit: 2, endBefore: second.prevCursor! });
    expect(back.items.map((row) => row.id)).toEqual(['u1', 'u2']);
    expect(back.prevCursor).toBeNull();
  });

  it('answers an empty page without cursors', () => {
    expect(pageOf(table, { email: 'nobody' })).toEqual({ items: [], nextCursor: null, prevCursor: null });
  });
});
