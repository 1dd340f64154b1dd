/**
 * The admin's user filter against a real gateway: it pages through 250 users by name or e-mail
 * prefix, forwards and backwards, with no gaps or repeats, counts every user and refuses a
 * forged cursor.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, type TUser, type TUserPage } from '@movelab/shared';
import { DocumentStore } from '../src/db/documents.js';
import { createUserRecord } from '../src/routes/users/records.js';
import { openGatewayDb, startAdminGateway, type TSession } from './admin-gateway.js';
import { call, type TGateway } from './helpers.js';

let gw: TGateway;
let admin: TSession;
let plain: TSession;

beforeAll(async () => {
  ({ gw, admin, plain } = await startAdminGateway());
});
afterAll(() => gw.close());

const openDb = (readonly = true) => openGatewayDb(gw, readonly);
const get = <T = any>(token: string, pathName: string) => call<T>(gw.url, 'GET', pathName, { token });

describe('user filter over 250 users', () => {
  const SEEDED = 250;
  const seeded: TUser[] = [];

  beforeAll(() => {
    // Records written straight into the gateway's database file: 250 sign-ups would only time scrypt.
    const db = openDb(false);
    const docs = new DocumentStore(db);
    const firstNames = ['Pace', 'pace', 'Pacer', 'Paul', 'Quinn', 'Rae'];
    docs.transaction(() => {
      for (let i = 0; i < SEEDED; i += 1) {
        // Every seventh name repeats exactly, so the cursor must break ties on the id.
        const name = i % 7 === 0 ? 'Pace Twin' : `${firstNames[i % firstNames.length]} ${String((i * 37) % SEEDED).padStart(3, '0')}`;
        const email = `${i % 3 === 0 ? 'zz' : 'pm'}.${String((i * 53) % SEEDED).padStart(3, '0')}@seed.test`;
        const user = createUserRecord(`seed-${String(i).padStart(3, '0')}-${crypto.randomBytes(3).toString('hex')}`, email, name, []);
        seeded.push(docs.put('users', user));
      }
    });
    db.close();
  });

  const byField = (field: 'displayNameLowercase' | 'email') => (a: TUser, b: TUser) =>
    a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

  async function pageThrough(filter: string, limit: number) {
    const forward: TUserPage[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/users?${filter}&limit=${limit}${cursor ? `&startAfter=${encodeURIComponent(cursor)}` : ''}`;
      const page = await get<TUserPage>(admin.token, query);
      expect(page.status).toBe(200);
      forward.push(page.body);
      cursor = page.body.nextCursor;
    } while (cursor && forward.length < 100);
    const backward: TUserPage[] = [];
    cursor = forward.at(-1)!.prevCursor;
    while (cursor && backward.length < 100) {
      const page = await get<TUserPage>(admin.token, `/api/users?${filter}&limit=${limit}&endBefore=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      backward.push(page.body);
      cursor = page.body.prevCursor;
    }
    return { forward, backward };
  }

  const cases = [
    {
      label: 'by name prefix',
      filter: 'name=PACE',
      field: 'displayNameLowercase' as const,
      keep: (u: TUser) => u.displayNameLowercase.startsWith('pace'),
    },
    { label: 'by e-mail prefix', filter: 'email=pm.', field: 'email' as const, keep: (u: TUser) => u.email.startsWith('pm.') },
    { label: 'by name, no prefix', filter: 'name=', field: 'displayNameLowercase' as const, keep: () => true },
  ];

  it.each(cases)('pages $label forwards and backwards with no gaps and no repeats', async ({ filter, field, keep }) => {
    const everyone = (await get<TUserPage>(admin.token, '/api/users?limit=100')).body;
    expect(everyone.items.length).toBe(100);
    const others = [admin, plain].map((session) => session.user.uid);
    const all = [...seeded, ...(await Promise.all(others.map(async (uid) => (await get<TUser>(admin.token, `/api/users/${uid}`)).body)))];
    const expected = all
      .filter(keep)
      .sort(byField(field))
      .map((user) => user.id);
    expect(expected.length).toBeGreaterThan(40);

    const limit = 17;
    const { forward, backward } = await pageThrough(filter, limit);
    const forwardIds = forward.flatMap((page) => page.items.map((user) => user.id));
    expect(forwardIds).toEqual(expected);
    expect(new Set(forwardIds).size).toBe(forwardIds.length);
    expect(forward[0]!.prevCursor).toBeNull();
    expect(forward.at(-1)!.nextCursor).toBeNull();
    forward.slice(0, -1).forEach((page) => expect(page.items).toHaveLength(limit));

    // Backwards from the last page to the first: every user before it, once, in order.
    const backwardIds = [...backward].reverse().flatMap((page) => page.items.map((user) => user.id));
    const lastPageIds = forward.at(-1)!.items.map((user) => user.id);
    expect([...backwardIds, ...lastPageIds]).toEqual(expected);
    backward.forEach((page) => expect(page.nextCursor).not.toBeNull());
  });

  it('counts every user and refuses a forged cursor', async () => {
    const count = (await get(admin.token, '/api/users/count')).body.count;
    expect(count).toBe(SEEDED + 2);
    const forged = await get(admin.token, `/api/users?startAfter=${Buffer.from('{"x":1}').toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe(APP_ERRORS.badRequest);
  });
});
