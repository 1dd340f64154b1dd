// @vitest-environment node
/// <reference types="node" />
/**
 * The firebase adapter against the real emulators: the Auth emulator, the Cloud Firestore
 * emulator running firestore.rules, and the gateway in firebase mode with firebase-admin on
 * both: what only firebase mode has (the client's live notice, the rules, deletion checked past
 * the rules). The backend contract shared with the embedded backend runs on them in
 * firebase.contract.test.ts. Storage has no emulator here: avatars are not exercised.
 */
import { doc, getFirestore, setDoc, terminate, updateDoc, writeBatch } from 'firebase/firestore';
import { getApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { COLLECTIONS, nameKeyId, type TLiveAnalysis, type TLivePractice } from '@movelab/shared';
import { savePractice } from '@/features/practice/api/save-practice';
import { newClientId } from '@/lib/offline/outbox-entry';
import { createHttp } from '@/lib/backend/embedded/http';
import { setNoticeSocket } from '@/lib/socket/analysis-notices';
import type { TClientSocket } from '@/lib/socket/socket';
import { HAS_EMULATORS } from './firebaseEmulator';
import { firebaseGatewaySuite } from './firebase-suite';
import { firebaseUsers } from './firebase-users';
import { analysisEntry, CONTRACT_PASSWORD, practiceInput } from './backend-contract';
import { rejectionOf } from './helpers';

const ADMIN_A = `admin-a-${process.pid}@movelab.test`;

function nextLive<T>(
  socket: TClientSocket,
  event: 'analysis:created' | 'practice:created',
  isIt: (live: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const loose = socket as unknown as { on(event: string, listener: (live: T) => void): void; off(event: string, listener: (live: T) => void): void };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event} did not arrive`)), timeoutMs);
    const onLive = (live: T) => {
      if (!isIt(live)) return;
      clearTimeout(timer);
      loose.off(event, onLive);
      resolve(live);
    };
    loose.on(event, onLive);
  });
}

describe.skipIf(!HAS_EMULATORS)('firebase backend on the Auth and Firestore emulators', () => {
  const suite = firebaseGatewaySuite([ADMIN_A]);
  const { newBackend, newUser, connect, newAdmin, rawFirestore, disconnectAll, latestAppName } = firebaseUsers(suite, 'movelab-data');
  let adminA: Awaited<ReturnType<typeof newAdmin>>;

  beforeAll(async () => {
    adminA = await newAdmin(ADMIN_A);
  }, 60_000);

  afterAll(() => {
    setNoticeSocket(null);
    disconnectAll();
  });

  describe('live analyses', () => {
    it('an analysis saved to Firestore reaches an admin socket through the client’s notice', async () => {
      const user = await newUser('Live');
      setNoticeSocket(await connect(user));
      const id = `${newClientId()}-analysis`;
      const arrived = nextLive<TLiveAnalysis>(adminA.socket, 'analysis:created', (live) => live.analysis.id === id);
      await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.8, id));
      const live = await arrived;
      expect(live).toMatchObject({ userId: user.uid, userName: 'Live', analysis: { id, score: 0.8, repCount: 3 } });
    });

    it('a finished practice saved to Firestore reaches an admin socket through the client’s notice', async () => {
      const user = await newUser('Practising');
      setNoticeSocket(await connect(user));
      const input = practiceInput(user.uid);
      const arrived = nextLive<TLivePractice>(adminA.socket, 'practice:created', (live) => live.session.id === `${input.resultId}-session`);
      expect(await savePractice(user.backend, input)).toBe('saved');
      const live = await arrived;
      expect(live).toMatchObject({ userId: user.uid, userName: 'Practising', session: { kind: 'practice', reps: 10, activityId: 'a1' } });
      // Nobody can announce another user's practice, an admin neither.
      const result = await adminA.socket.timeout(10_000).emitWithAck('practice:created', { sessionId: `${input.resultId}-session` });
      expect(result).toMatchObject({ ok: false, error: { code: 'socket/not-found' } });
    });

    it('a notice for an analysis that is not stored is refused and pushes nothing', async () => {
      const user = await newUser('Liar');
      const socket = await connect(user);
      const result = await socket.timeout(10_000).emitWithAck('analysis:created', { analysisId: 'made-up' });
      expect(result).toMatchObject({ ok: false, error: { code: 'socket/not-found' } });
    });
  });

  describe('deleting an account', () => {
    it('deletes every document kept for the user, past the rules', async () => {
      const user = await newUser('Leaving');
      const leaving = newClientId();
      await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.5, `${leaving}-analysis`));
      await savePractice(user.backend, practiceInput(user.uid, leaving));
      expect(await suite.firestore.countAsOwner('routine_completion', 'userId', user.uid)).toBe(1);

      await user.backend.identity.deleteAccount();

      expect(user.backend.identity.currentUser()).toBeNull();
      expect(await suite.firestore.readAsOwner(`users/${user.uid}`)).toBeNull();
      expect(await suite.firestore.readAsOwner(`users/${user.uid}/video_analysis/${leaving}-analysis`)).toBeNull();
      expect(await suite.firestore.countAsOwner('routine_completion', 'userId', user.uid)).toBe(0);
      expect(await suite.firestore.countAsOwner('user_stat_sessions', 'userId', user.uid)).toBe(0);
    });
  });

  describe('access taken away holds at once in Firestore', () => {
    it('a demoted admin’s token, still within its hour, lists no users, edits no catalogue, cannot write ADMIN back; the sign-in ends', async () => {
      const deputy = await newUser('Deputy');
      await adminA.backend.users.setRoles(deputy.uid, ['ADMIN']);
      expect((await deputy.backend.users.getUser(deputy.uid))?.roles).toEqual(['ADMIN']);
      expect((await deputy.backend.users.filterUsers({ limit: 5 })).items.length).toBeGreaterThan(0);
      const adminToken = await deputy.backend.identity.getIdToken();

      await adminA.backend.users.setRoles(deputy.uid, []);

      // The same signed-in SDK, its ID token issued while ADMIN and not yet expired.
      expect(await rejectionOf(deputy.backend.users.filterUsers({ limit: 5 }))).toMatchObject({ code: 'permission-denied' });
      expect(await rejectionOf(deputy.backend.users.countAllVideoAnalyses())).toMatchObject({ code: 'permission-denied' });
      const db = rawFirestore(deputy);
      await expect(updateDoc(doc(db, 'users', deputy.uid), { roles: ['ADMIN'] })).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(setDoc(doc(db, 'activity_categories', `demoted-${deputy.uid}`), { name: 'Mine', order: 1 })).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(await suite.firestore.readAsOwner(`activity_categories/demoted-${deputy.uid}`)).toBeNull();
      // The admin screens show the claim's roles.
      expect((await adminA.backend.users.getUser(deputy.uid))?.roles).toEqual([]);
      // Its sign-ins ended (refresh tokens revoked): the gateway refuses its tokens (401, not 403).
      const refused = await rejectionOf(
        createHttp({ baseUrl: suite.gateway.url }).call('setRoles', { params: { uid: deputy.uid }, body: { roles: ['ADMIN'] }, token: adminToken }),
      );
      expect(refused.status).toBe(401);
    });

    it('a disabled user’s token, still within its hour, reads and writes nothing', async () => {
      const user = await newUser('Disabled Soon');
      const kept = newClientId();
      await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.5, `${kept}-analysis`));

      await adminA.backend.users.setDisabled(user.uid, true);

      expect(await rejectionOf(user.backend.users.getUser(user.uid))).toMatchObject({ code: 'permission-denied' });
      expect(await rejectionOf(user.backend.users.loadVideoAnalyses(user.uid, 10))).toMatchObject({ code: 'permission-denied' });
      expect(await rejectionOf(user.backend.catalog.listCategories())).toMatchObject({ code: 'permission-denied' });
      const later = newClientId();
      expect(await rejectionOf(user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.9, `${later}-analysis`)))).toMatchObject({
        code: 'permission-denied',
      });
      await expect(updateDoc(doc(rawFirestore(user), 'users', user.uid), { height: 180 })).rejects.toMatchObject({ code: 'permission-denied' });
      expect(await suite.firestore.readAsOwner(`users/${user.uid}/video_analysis/${later}-analysis`)).toBeNull();
      expect((await suite.firestore.readAsOwner(`users/${user.uid}`))?.height).toBeUndefined();
    });
  });

  describe('stored rows the schema refuses', () => {
    it('are skipped by the lists, the admin’s latest analyses and the user’s history, which still answer', async () => {
      const user = await newUser('Poisoned');
      const good = newClientId();
      await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.6, `${good}-analysis`));
      // Written past the rules (as rows stored before they checked): far in the future, so first by date.
      await suite.firestore.writeAsOwner(`users/${user.uid}/video_analysis/poison`, {
        score: { integerValue: '42' },
        groupId: { stringValue: 'g1' },
        movementId: { stringValue: 'm1' },
        perspectiveId: { stringValue: 'p1' },
        createdAt: { stringValue: '9999-12-31T23:59:59.999Z' },
        repCount: { doubleValue: 2.5 },
      });

      const latest = await adminA.backend.users.latestVideoAnalyses(5);
      expect(latest.items.map((analysis) => analysis.id)).not.toContain('poison');
      expect(latest.items.map((analysis) => analysis.id)).toContain(`${good}-analysis`);
      expect(latest.unreadable).toBe(1);
      expect((await user.backend.users.loadVideoAnalyses(user.uid, 10)).map((analysis) => analysis.id)).toEqual([`${good}-analysis`]);
      const history = await user.backend.catalog.listHistory({ limit: 10 });
      expect(history.items.map((item) => item.id)).toEqual([`${good}-analysis`]);
    });
  });

  describe('catalogue rules', () => {
    it('refuse an activity whose category does not exist, even to an admin writing past the adapter', async () => {
      const db = getFirestore(getApp(adminA.appName));
      const write = setDoc(doc(db, 'activities', 'orphan'), { name: 'Orphan', nameLowercase: 'orphan', categoryId: 'no-such-category' });
      await expect(write).rejects.toMatchObject({ code: 'permission-denied' });
    });
  });

  describe('group names', () => {
    it('stay unique even to an admin writing past the adapter: a group without its name claim, or with a claim another group holds, is refused', async () => {
      const db = getFirestore(getApp(adminA.appName));
      const held = await adminA.backend.movescore.createGroup({ name: 'Claimed name', coverUrl: '', description: '' });
      const group = { name: 'Claimed name', coverUrl: '', description: '', movementCount: 0 };
      await expect(setDoc(doc(db, COLLECTIONS.movescoreGroups, 'unclaimed'), group)).rejects.toMatchObject({ code: 'permission-denied' });
      const batch = writeBatch(db);
      batch.set(doc(db, COLLECTIONS.movescoreGroups, 'thief'), { ...group, nameKeyId: nameKeyId(group.name) });
      batch.set(doc(db, COLLECTIONS.movescoreGroupNames, nameKeyId(group.name)), { groupId: 'thief' });
      await expect(batch.commit()).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(updateDoc(doc(db, COLLECTIONS.movescoreGroups, held.id), { name: 'Renamed without a claim' })).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(await adminA.backend.movescore.getGroup('thief')).toBeNull();
    });
  });

  describe('a group deleted with everything under it', () => {
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

    it('goes in one write: an admin’s client lost at any moment of the delete leaves the whole group or none of it', async () => {
      const deputy = await newUser('Cascade Deputy');
      await adminA.backend.users.setRoles(deputy.uid, ['ADMIN']);
      // The contract's last-admin case counts the admins: the deputy steps down whatever happens here.
      onTestFinished(() => adminA.backend.users.setRoles(deputy.uid, []).then(() => undefined));
      const m = adminA.backend.movescore;
      const outcomes = new Map<number, string>();
      // The last delete is not cut short: it must leave nothing.
      for (const lostAfterMs of [0, 5, 10, 20, 30, 45, 60, 80, 110, 150, 200, 300, 400, Infinity]) {
        const group = await m.createGroup({ name: `Cascade ${lostAfterMs}`, coverUrl: '', description: '' });
        const paths = [`${COLLECTIONS.movescoreGroups}/${group.id}`];
        for (const name of ['Front squat', 'Back squat', 'Split squat']) {
          const movement = await m.createMovement(group.id, { name, description: '' });
          const movementPath = `${paths[0]}/${COLLECTIONS.groupMovements}/${movement.id}`;
          paths.push(movementPath);
          for (const view of ['front', 'side'] as const) {
            const perspective = await m.createPerspective(group.id, movement.id, { name: view, view, instructions: '' });
            paths.push(`${movementPath}/${COLLECTIONS.perspectives}/${perspective.id}`);
          }
        }
        // The deputy signs in on a fresh client, which is torn down `lostAfterMs` into the delete.
        const client = newBackend();
        const appName = latestAppName();
        await client.identity.signIn(deputy.email, CONTRACT_PASSWORD);
        await client.users.getUser(deputy.uid);
        const deleting = client.movescore.deleteGroup(group.id, 'cascade');
        if (Number.isFinite(lostAfterMs)) {
          const settled = deleting.catch(() => undefined);
          await sleep(lostAfterMs);
          await terminate(getFirestore(getApp(appName)));
          // A write already sent is the server's to finish.
          await Promise.race([settled, sleep(1_000)]);
        } else {
          await deleting;
        }
        const stored = await Promise.all(paths.map((path) => suite.firestore.readAsOwner(path)));
        const left = stored.filter((fields) => fields !== null).length;
        expect([0, paths.length], `lost ${lostAfterMs} ms into the delete: ${left} of ${paths.length} documents left`).toContain(left);
        if (left > 0) expect(stored[0]?.movementCount).toEqual({ integerValue: '3' });
        outcomes.set(lostAfterMs, left === 0 ? 'gone' : 'whole');
      }
      expect(outcomes.get(Infinity)).toBe('gone');
      // Lost before its first answer, the delete changed nothing.
      expect(outcomes.get(0)).toBe('whole');
    });
  });
});
