/**
 * firestore.rules on user records, against the real rules engine (the Cloud Firestore emulator):
 * one's own record with empty roles and one's own e-mail and lowercase name; roles and `disabled`
 * are the gateway's; admins by claim only, no more once demoted; a disabled account's token
 * reads and writes nothing.
 */
import { expect, test } from '@playwright/test';
import { OWNER, admin, alice, bob, claimAdmin, emulatorToken, newUser, rulesDatabase, storedAdmin, analysis } from './rules-database.js';

const db = rulesDatabase();

test('a user creates their own record only with empty roles, and never another one', async () => {
  expect(await db.create('users/alice', { ...newUser('Alice'), roles: ['ADMIN'] }, alice)).toBe(403);
  expect(await db.create('users/alice', { ...newUser('Alice'), isPremium: true }, alice)).toBe(403);
  expect(await db.create('users/carol', newUser('Carol'), alice)).toBe(403);
  expect(await db.create('users/alice', { ...newUser('Alice'), disabled: false }, alice)).toBe(403);
  // The e-mail on one's record is the account's, not any address.
  expect(await db.create('users/alice', { ...newUser('Alice'), email: 'ceo@x.test' }, alice)).toBe(403);
  expect(await db.create('users/alice', newUser('Alice'), alice)).toBe(200);
});

test("a user cannot put someone else's e-mail or an over-long lowercase name on their record", async () => {
  expect(await db.update('users/alice', { email: 'ceo@x.test' }, alice)).toBe(403);
  expect(await db.update('users/alice', { email: 'ALICE@x.test' }, alice)).toBe(200);
  const dotted = '\u0130'.repeat(80);
  expect(await db.update('users/alice', { displayName: dotted, displayNameLowercase: dotted.toLowerCase() }, alice)).toBe(200);
  expect(await db.update('users/alice', { displayNameLowercase: 'x'.repeat(161) }, alice)).toBe(403);
});

test('the lowercase name admins search by is always the name’s own: never another, never missing', async () => {
  expect(await db.update('users/alice', { displayName: 'Alice', displayNameLowercase: 'alice' }, alice)).toBe(200);
  expect(await db.update('users/alice', { displayNameLowercase: 'aaaa first in the list' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Mallory', displayNameLowercase: 'alice' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Mallory' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayNameLowercase: undefined }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Sam', displayNameLowercase: '\u017Fam' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Zoë', displayNameLowercase: 'zoe' }, alice)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Zoë', displayNameLowercase: 'ZOË' }, alice)).toBe(403);
  expect(
    await db.create(
      'users/erin',
      { ...newUser('Erin'), email: 'erin@x.test', displayNameLowercase: 'zz' },
      emulatorToken('erin', { email: 'erin@x.test' }),
    ),
  ).toBe(403);
  // JavaScript's toLowerCase, which the app writes with, for names beyond ASCII.
  for (const name of ['Ölçü ÅSA', 'ΟΔΟΣ Σοφία', 'Straße İstanbul', 'ǅemal ＡＢＣ']) {
    expect(await db.update('users/alice', { displayName: name, displayNameLowercase: name.toLowerCase() }, alice), name).toBe(200);
  }
  expect(await db.update('users/alice', { displayName: 'Alice', displayNameLowercase: 'alice' }, alice)).toBe(200);
});

test('a user reads and updates their own record but cannot change their roles', async () => {
  expect(await db.read('users/alice', alice)).toBe(200);
  expect(await db.read('users/bob', alice)).toBe(403);
  expect(await db.read('users/alice', null)).toBe(403);
  expect(await db.update('users/alice', { displayName: 'Alice B', displayNameLowercase: 'alice b', height: 170 }, alice)).toBe(200);
  expect(await db.update('users/alice', { height: 20 }, alice)).toBe(403);
  expect(await db.update('users/alice', { roles: ['ADMIN'] }, alice)).toBe(403);
  expect(await db.update('users/bob', { displayName: 'Hacked' }, alice)).toBe(403);
  expect(await db.query('users', alice)).toBe(403);
});

test('`disabled` is the gateway’s: a user never changes it, and still edits a record that has it', async () => {
  expect(await db.update('users/bob', { disabled: false }, OWNER)).toBe(200);
  expect(await db.update('users/bob', { height: 180 }, bob)).toBe(200);
  expect(await db.update('users/bob', { disabled: true }, bob)).toBe(403);
});

test('admins by claim read all users; roles stored on a record prove nothing', async () => {
  expect(await db.query('users', admin)).toBe(200);
  expect(await db.read('users/bob', claimAdmin)).toBe(200);
  expect(await db.query('users', storedAdmin)).toBe(403);
  expect(await db.read('users/bob', storedAdmin)).toBe(403);
  expect(await db.update('movescore-groups/g1', { movementCount: 9 }, storedAdmin)).toBe(403);
});

test('no client writes roles, an admin neither: they are the gateway’s copy of the claim', async () => {
  expect(await db.update('users/bob', { roles: ['ADMIN'] }, admin)).toBe(403);
  expect(await db.update('users/bob', { roles: [] }, claimAdmin)).toBe(403);
  // A demoted admin, still holding a token with the claim, writes ADMIN back on their own record.
  expect(await db.update('users/admin', { roles: ['ADMIN', 'COACH'] }, admin)).toBe(403);
  expect(await db.update('users/admin', { roles: [] }, admin)).toBe(403);
  expect(await db.create('users/zed', { ...newUser('Zed'), roles: ['ADMIN'] }, admin)).toBe(403);
  expect(await db.update('users/bob', { disabled: true }, admin)).toBe(403);
});

test('a demoted admin’s token issued before the demotion proves ADMIN no more', async () => {
  const now = Math.floor(Date.now() / 1000);
  const before = emulatorToken('demoted', { roles: ['ADMIN'], iat: now - 60, auth_time: now - 60 });
  expect(await db.create('users/demoted', { ...newUser('Demoted'), roles: ['ADMIN'] }, OWNER)).toBe(200);
  expect(await db.query('users', before)).toBe(200);
  // The gateway, demoting: the claim goes, and the guard says when.
  expect(await db.create('account_guards/demoted', { adminValidAfter: now - 30 }, OWNER)).toBe(200);
  expect(await db.query('users', before)).toBe(403);
  expect(await db.update('movescore-groups/g1', { movementCount: 9 }, before)).toBe(403);
  expect(await db.read('users/bob', before)).toBe(403);
  // Still a user: their own record.
  expect(await db.read('users/demoted', before)).toBe(200);
  // A token issued after (promoted again) is an admin's.
  expect(await db.query('users', emulatorToken('demoted', { roles: ['ADMIN'] }))).toBe(200);
});

test('a disabled account’s unexpired token reads and writes nothing', async () => {
  const dora = emulatorToken('dora', { email: 'dora@x.test' });
  const doraAdmin = emulatorToken('dora', { email: 'dora@x.test', roles: ['ADMIN'] });
  expect(await db.create('users/dora', { ...newUser('Dora'), email: 'dora@x.test' }, dora)).toBe(200);
  expect(await db.create('users/dora/video_analysis/d1', analysis, dora)).toBe(200);
  expect(await db.read('users/dora', dora)).toBe(200);
  // The gateway, disabling (its own guard document, which no client can write).
  expect(await db.create('account_guards/dora', { disabled: true }, dora)).toBe(403);
  expect(await db.create('account_guards/dora', { disabled: true }, OWNER)).toBe(200);
  expect(await db.read('users/dora', dora)).toBe(403);
  expect(await db.update('users/dora', { height: 170 }, dora)).toBe(403);
  expect(await db.read('users/dora/video_analysis/d1', dora)).toBe(403);
  expect(await db.create('users/dora/video_analysis/d2', analysis, dora)).toBe(403);
  expect(await db.read('movescore-groups/g1', dora)).toBe(403);
  expect(await db.query('users', doraAdmin)).toBe(403);
  expect(await db.remove('users/dora', dora)).toBe(403);
  // Enabled again: the same token works.
  expect(await db.update('account_guards/dora', { disabled: false }, OWNER)).toBe(200);
  expect(await db.read('users/dora', dora)).toBe(200);
  expect(await db.update('account_guards/dora', { disabled: false }, dora)).toBe(403);
  expect(await db.read('account_guards/dora', dora)).toBe(403);
});
