// @vitest-environment node
/// <reference types="node" />
/**
 * Attacks on what the admin screens read in Firebase mode, against the real emulators (the
 * Auth emulator, the Cloud Firestore emulator running firestore.rules, the gateway with
 * firebase-admin): a user storing what the shared schemas refuse, so that the admin lists skip
 * their rows. The rules refuse it; rows stored before they did (written here past the rules, as
 * old data could be) are shown as unreadable, never skipped.
 */
import { getApp } from 'firebase/app';
import { doc, getFirestore, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseBackend } from '@/lib/backend/firebase';
import { createHttp } from '@/lib/backend/embedded/http';
import type { TBackend } from '@/lib/backend/port';
import { LIMITS } from '@movelab/shared';
import { analysisEntry, CONTRACT_PASSWORD } from './backend-contract';
import { emulatorWebConfig, HAS_EMULATORS } from './firebaseEmulator';
import { firebaseGatewaySuite, type TFirebaseGatewaySuite } from './firebase-suite';
import { connectUserSocket, uniqueEmail } from './helpers';

const ADMIN = `unreadable-admin-${process.pid}@movelab.test`;
/** Listed too, but granted before the app writes its record: the gateway writes it. */
const LATE_ADMIN = `unreadable-late-admin-${process.pid}@movelab.test`;

let suite: TFirebaseGatewaySuite;
let apps = 0;

type TSignedIn = { backend: TBackend; uid: string; appName: string };

/** A signed-up account, without its user record yet. */
async function signedUp(name: string, email = uniqueEmail(name)): Promise<TSignedIn> {
  const appName = `movelab-unreadable-${++apps}`;
  const backend = createFirebaseBackend(emulatorWebConfig(suite.auth.url), {
    appName,
    firestoreEmulatorHost: suite.firestore.host,
    gatewayBaseUrl: suite.gateway.url,
  });
  const { uid } = await backend.identity.signUp(email, CONTRACT_PASSWORD, name);
  return { backend, uid, appName };
}

async function newUser(name: string, email = uniqueEmail(name)): Promise<TSignedIn> {
  const user = await signedUp(name, email);
  await user.backend.users.createUser(user.uid, { displayName: name, email });
  return user;
}

/** Verifies the account's address: the gateway grants ADMIN_EMAILS ADMIN as the app's socket connects. */
async function verifyAndConnect(user: TSignedIn): Promise<void> {
  await suite.auth.verifyEmail(user.uid);
  await user.backend.identity.getIdToken(true);
  const socket = await connectUserSocket((force) => user.backend.identity.getIdToken(force), suite.gateway.url);
  socket.disconnect();
}

async function newAdmin(): Promise<TSignedIn> {
  const admin = await newUser('Admin', ADMIN);
  await verifyAndConnect(admin);
  // The next read renews the token, which then carries the claim.
  await admin.backend.users.getUser(admin.uid);
  return admin;
}

/** The user's own Firestore, past the adapter: what an attacker holding their token can send. */
const rawFirestore = (user: TSignedIn) => getFirestore(getApp(user.appName));

const text = (value: string) => ({ stringValue: value });

describe.skipIf(!HAS_EMULATORS)('what admins read cannot be emptied by one user (Firebase emulators)', () => {
  let admin: TSignedIn;

  suite = firebaseGatewaySuite([ADMIN, LATE_ADMIN]);

  beforeAll(async () => {
    admin = await newAdmin();
  }, 60_000);

  describe('a user record', () => {
    it('refuses an entry that is not an id in any list a user writes, and a null where the schema has none', async () => {
      const user = await newUser('Hider');
      const own = doc(rawFirestore(user), 'users', user.uid);
      const refused: Record<string, unknown>[] = [];
      for (const field of ['activities', 'routineSubscriptions']) {
        for (const list of [[42], ['a1', 42, 'a2'], ['a1', '', 'a2'], ['x'.repeat(129)], ['😀'.repeat(65)], [null], [{ id: 'a1' }], [true]]) {
          refused.push({ [field]: list });
        }
      }
      refused.push({ height: null }, { gender: null });
      for (const bad of refused) {
        await expect(updateDoc(own, bad), JSON.stringify(bad).slice(0, 60)).rejects.toMatchObject({ code: 'permission-denied' });
      }
      // Lists at the schema's caps still pass: 500 ids of 128 characters (as UTF-16 counts them).
      const ids = Array.from({ length: 500 }, (_, i) => `${'😀'.repeat(60)}${String(i).padStart(8, '0')}`);
      await updateDoc(own, { activities: ids, routineSubscriptions: ids });
      expect((await user.backend.users.getUser(user.uid))?.activities).toHaveLength(500);
    });
  });

  describe('a stored record its schema refuses', () => {
    it('is listed and opened as unreadable with its id, the paging reaches the users after it, and disabling it answers 200', async () => {
      const prefix = `paged ${process.pid} `;
      const users: TSignedIn[] = [];
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) users.push(await newUser(`${prefix}${n}`));
      const hidden = users[1]!;
      // As old data could be: written past the rules, with an entry that is not an id.
      await suite.firestore.writeAsOwner(`users/${hidden.uid}`, {
        displayName: text(`${prefix}2`),
        displayNameLowercase: text(`${prefix}2`),
        email: text(`hidden-${process.pid}@movelab.test`),
        roles: { arrayValue: { values: [] } },
        activities: { arrayValue: { values: [{ integerValue: '42' }] } },
      });

      const listed: string[] = [];
      let page = await admin.backend.users.filterUsers({ name: prefix, limit: 3 });
      for (;;) {
        listed.push(...page.items.map((user) => user.id));
        if (!page.nextCursor) break;
        page = await admin.backend.users.filterUsers({ name: prefix, limit: 3, startAfter: page.nextCursor });
      }
      expect(listed).toEqual(users.map((user) => user.uid));

      const first = await admin.backend.users.filterUsers({ name: prefix, limit: 3 });
      expect(first.items[1]).toMatchObject({ id: hidden.uid, unreadableFields: ['activities'], activities: [] });
      expect(await admin.backend.users.getUser(hidden.uid)).toMatchObject({ id: hidden.uid, unreadableFields: ['activities'] });

      // The gateway's answer to the change it made: 200 with what it can read, never a 500.
      const token = await admin.backend.identity.getIdToken();
      const disabled = await createHttp({ baseUrl: suite.gateway.url }).call('setDisabled', {
        params: { uid: hidden.uid },
        body: { disabled: true },
        token,
      });
      expect(disabled).toMatchObject({ id: hidden.uid, disabled: true, unreadableFields: ['activities'] });
      expect(await admin.backend.users.setDisabled(hidden.uid, false)).toMatchObject({ id: hidden.uid, disabled: false });
    });
  });

  describe('an analysis', () => {
    const reps = (count: number) => Array.from({ length: count }, () => ({ score: 0.5, durationMs: 1200 }));

    it('is refused with an entry its schema refuses anywhere in its lists, or on a day no calendar has', async () => {
      const user = await newUser('Topper');
      const analysis = (id: string) => doc(rawFirestore(user), 'users', user.uid, 'video_analysis', id);
      // Dated 4 minutes ahead (within the clock skew allowed), to top the admin's latest analyses.
      const fresh = { score: 0.5, groupId: 'g1', movementId: 'm1', perspectiveId: 'p1', createdAt: new Date(Date.now() + 240_000).toISOString() };
      const refused: Record<string, unknown>[] = [
        { reps: [...reps(4), { score: 'x' }, ...reps(5)] },
        { reps: [...reps(7), { score: -0.1 }, ...reps(8)] },
        { reps: [...reps(7), 'x', ...reps(8)] },
        { reps: [...reps(7), { durationMs: 1 }, ...reps(8)] },
        { reps: reps(LIMITS.videoAnalysisRepsMax + 1) },
        { feedback: ['ok', '😀'.repeat(151), 'ok'] },
        { createdAt: '2026-02-30T10:00:00.000Z' },
        { createdAt: '2025-02-29T10:00:00.000Z' },
      ];
      for (const [index, bad] of refused.entries()) {
        await expect(setDoc(analysis(`bad-${index}`), { ...fresh, ...bad }), JSON.stringify(bad).slice(0, 60)).rejects.toMatchObject({
          code: 'permission-denied',
        });
      }
      // At the caps: every rep checked, 300 characters as UTF-16 counts them, a leap day.
      const now = new Date().toISOString();
      await setDoc(analysis('at-caps'), { ...fresh, createdAt: now, reps: reps(LIMITS.videoAnalysisRepsMax), feedback: ['😀'.repeat(150)] });
      await setDoc(analysis('leap-day'), { ...fresh, createdAt: '2024-02-29T10:00:00.000Z' });
    });

    it('stored past the rules and unreadable, is said by the latest analyses, which fill its place with further ones', async () => {
      const user = await newUser('Analyst');
      const readable: string[] = [];
      for (const score of [0.1, 0.2, 0.3, 0.4, 0.5]) readable.push((await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(score))).id);
      for (const second of [1, 2, 3]) {
        await suite.firestore.writeAsOwner(`users/${user.uid}/video_analysis/unreadable-${second}`, {
          score: { doubleValue: 0.5 },
          groupId: text('g1'),
          movementId: text('m1'),
          perspectiveId: text('p1'),
          createdAt: text(`9999-12-31T23:59:5${second}.999Z`),
          reps: { arrayValue: { values: [{ mapValue: { fields: { score: text('x') } } }] } },
        });
      }
      const latest = await admin.backend.users.latestVideoAnalyses(5);
      expect(latest.unreadable).toBe(3);
      expect(new Set(latest.items.map((item) => item.id))).toEqual(new Set(readable));
    });
  });

  describe("a user record's createdAt", () => {
    it('is the server’s time of the first write: a made-up "member since" is refused, then and later', async () => {
      const user = await signedUp('Veteran');
      const own = doc(rawFirestore(user), 'users', user.uid);
      const record = {
        displayName: 'Veteran',
        displayNameLowercase: 'veteran',
        email: user.backend.identity.currentUser()!.email,
        roles: [],
      };
      for (const createdAt of [
        '1990-01-01T00:00:00.000Z',
        Timestamp.fromDate(new Date('1990-01-01T00:00:00.000Z')),
        new Date(Date.now() - 30_000).toISOString(),
      ]) {
        await expect(setDoc(own, { ...record, createdAt }), String(createdAt)).rejects.toMatchObject({ code: 'permission-denied' });
      }
      await setDoc(own, { ...record, createdAt: serverTimestamp() });
      await expect(updateDoc(own, { createdAt: '1990-01-01T00:00:00.000Z' })).rejects.toMatchObject({ code: 'permission-denied' });

      // The app's own first-start record carries the server's time, read back as an ISO date.
      const app = await newUser('Newcomer');
      const since = (await admin.backend.users.getUser(app.uid))?.createdAt;
      expect(Math.abs(Date.parse(since ?? '') - Date.now())).toBeLessThan(60_000);
      expect(await suite.firestore.readAsOwner(`users/${app.uid}`)).toMatchObject({ createdAt: { timestampValue: expect.any(String) } });
    });

    it('is the server’s time too where the gateway writes the record (an ADMIN_EMAILS grant before the app wrote it)', async () => {
      const late = await signedUp('Late admin', LATE_ADMIN);
      await verifyAndConnect(late);
      expect(await suite.firestore.readAsOwner(`users/${late.uid}`)).toMatchObject({ createdAt: { timestampValue: expect.any(String) } });
      const since = (await admin.backend.users.getUser(late.uid))?.createdAt;
      expect(Math.abs(Date.parse(since ?? '') - Date.now())).toBeLessThan(60_000);
    });
  });
});
