/**
 * Deleting one's account removes everything stored for it (record, analyses, routine
 * completions, practice sessions, avatar), and the only admin cannot delete their account.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS } from '@movelab/shared';
import { call, newListedAdmin, newUser, startGateway, type TGateway } from './helpers.js';
import { openSqlite } from '../src/db/sqlite.js';

const ADMIN_EMAIL = 'only-admin@example.com';
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(() => gw.close());

/** Rows anywhere in the database that mention `uid` (documents, accounts, tokens, files). */
function rowsMentioning(uid: string): Record<string, number> {
  const db = openSqlite(path.join(gw.dataDir, 'movelab.db'), { readonly: true });
  try {
    const count = (sql: string) => (db.prepare(sql).get({ pattern: `%${uid}%` }) as { n: number }).n;
    return {
      documents: count('SELECT COUNT(*) AS n FROM documents WHERE data LIKE @pattern OR parent_path LIKE @pattern'),
      accounts: count('SELECT COUNT(*) AS n FROM accounts WHERE uid LIKE @pattern'),
      files: count('SELECT COUNT(*) AS n FROM files WHERE path LIKE @pattern'),
    };
  } finally {
    db.close();
  }
}

describe('account deletion', () => {
  it('removes the record, analyses, routine completions, practice sessions and avatar', async () => {
    const user = await newUser(gw.url, 'Leaver');
    const other = await newUser(gw.url, 'Stayer');
    const uid = user.user.uid;
    const at = new Date().toISOString();
    const completion = {
      routineId: null,
      activityId: 'act1',
      startedAt: at,
      durationMs: 1000,
      steps: [{ movementId: 'm1', reps: 3, seconds: 10 }],
    };
    const session = {
      kind: 'practice',
      startedAt: at,
      durationMs: 1000,
      reps: 3,
    };
    for (const who of [user, other]) {
      expect(
        (
          await call(gw.url, 'POST', '/api/routine_completion', {
            token: who.token,
            body: completion,
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(gw.url, 'POST', '/api/user_stat_sessions', {
            token: who.token,
            body: session,
          })
        ).status,
      ).toBe(200);
    }
    const analysis = {
      score: 0.5,
      groupId: 'g1',
      movementId: 'm1',
      perspectiveId: 'p1',
    };
    expect(
      (
        await call(gw.url, 'POST', `/api/users/${uid}/video_analysis`, {
          token: user.token,
          body: analysis,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(gw.url, 'PUT', `/api/users/${uid}/avatar`, {
          token: user.token,
          raw: png,
          contentType: 'image/png',
        })
      ).status,
    ).toBe(200);
    expect(rowsMentioning(uid).documents).toBeGreaterThanOrEqual(4);

    const deleted = await call(gw.url, 'DELETE', '/api/auth/account', {
      token: user.token,
    });
    expect(deleted.status).toBe(204);
    expect(rowsMentioning(uid)).toEqual({
      documents: 0,
      accounts: 0,
      files: 0,
    });
    expect(fs.existsSync(path.join(gw.dataDir, 'files', 'avatars', uid))).toBe(false);
    // Nothing of the other user went with it.
    expect(
      (
        await call(gw.url, 'GET', '/api/routine_completion', {
          token: other.token,
        })
      ).body,
    ).toHaveLength(1);
    expect(
      (
        await call(gw.url, 'GET', '/api/user_stat_sessions', {
          token: other.token,
        })
      ).body,
    ).toHaveLength(1);
  });

  it('refuses the only admin with app/last-admin and keeps the account; a second admin lets it go', async () => {
    const admin = await newListedAdmin(gw, ADMIN_EMAIL);
    const refused = await call(gw.url, 'DELETE', '/api/auth/account', {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe(APP_ERRORS.lastAdmin);
    expect(
      (
        await call(gw.url, 'GET', `/api/users/${admin.user.uid}`, {
          token: admin.token,
        })
      ).body.roles,
    ).toEqual(['ADMIN']);
    expect((await call(gw.url, 'GET', '/api/users/count', { token: admin.token })).status).toBe(200);

    const second = await newUser(gw.url, 'Deputy');
    expect(
      (
        await call(gw.url, 'PUT', `/api/users/${second.user.uid}/roles`, {
          token: admin.token,
          body: { roles: ['ADMIN'] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(gw.url, 'DELETE', '/api/auth/account', {
          token: admin.token,
        })
      ).status,
    ).toBe(204);
    expect(rowsMentioning(admin.user.uid).accounts).toBe(0);
  });
});
