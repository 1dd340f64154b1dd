// @vitest-environment node
/// <reference types="node" />
/**
 * The firebase adapter against the real emulators: the Auth emulator, the Cloud Firestore
 * emulator running firestore.rules, and the gateway in firebase mode with firebase-admin on
 * both. Each case is a place where the firebase backend must answer as the embedded one does.
 * Storage has no emulator here: avatars are not exercised.
 */
import { doc, getFirestore, setDoc } from 'firebase/firestore';
import { getApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERRORS, type TLiveAnalysis, type TVideoAnalysisInput } from '@movelab/shared';
import { saveAnalysis } from '@/features/analysis/api/save-analysis';
import { savePractice } from '@/features/practice/api/save-practice';
import { newClientId } from '@/lib/offline/outbox-entry';
import { createFirebaseBackend } from '@/lib/backend/firebase';
import type { TBackend } from '@/lib/backend/port';
import { setNoticeSocket } from '@/lib/socket/analysis-notices';
import { createUserSocket, type TClientSocket } from '@/lib/socket/socket';
import {
  EMULATOR_PROJECT_ID,
  emulatorWebConfig,
  hasFirestoreEmulator,
  startAuthEmulator,
  startFirestoreEmulator,
  type TAuthEmulator,
  type TFirestoreEmulator,
} from './firebaseEmulator';
import { startGateway, type TGateway } from './gateway';
import { rejectionOf, uniqueEmail } from './helpers';

const PASSWORD = 'secret-1';
const ADMIN_A = `admin-a-${process.pid}@movelab.test`;
const ADMIN_B = `admin-b-${process.pid}@movelab.test`;

let auth: TAuthEmulator;
let firestore: TFirestoreEmulator;
let gateway: TGateway;
let apps = 0;
const sockets: TClientSocket[] = [];

function newBackend(): TBackend {
  return createFirebaseBackend(emulatorWebConfig(auth.url), {
    appName: `movelab-data-${++apps}`,
    firestoreEmulatorHost: firestore.host,
    gatewayBaseUrl: gateway.url,
  });
}

type TSignedIn = { backend: TBackend; uid: string; email: string; appName: string };

async function newUser(name: string, email = uniqueEmail(name)): Promise<TSignedIn> {
  const backend = newBackend();
  const appName = `movelab-data-${apps}`;
  const { uid } = await backend.identity.signUp(email, PASSWORD, name);
  await backend.users.createUser(uid, { displayName: name, email });
  return { backend, uid, email, appName };
}

/** The user's gateway socket, connected (the app opens it right after sign-in). */
async function connect(user: TSignedIn): Promise<TClientSocket> {
  const socket = createUserSocket((force) => user.backend.identity.getIdToken(force), { url: gateway.url });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** An ADMIN_EMAILS account: signed up, its address verified, then signed in to the gateway. */
async function newAdmin(email: string): Promise<TSignedIn & { socket: TClientSocket }> {
  const user = await newUser('Admin', email);
  await auth.verifyEmail(user.uid);
  await user.backend.identity.getIdToken(true);
  const socket = await connect(user);
  return { ...user, socket };
}

function nextLiveAnalysis(socket: TClientSocket, analysisId: string, timeoutMs = 10_000): Promise<TLiveAnalysis> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`analysis:created ${analysisId} did not arrive`)), timeoutMs);
    const onAnalysis = (live: TLiveAnalysis) => {
      if (live.analysis.id !== analysisId) return;
      clearTimeout(timer);
      socket.off('analysis:created', onAnalysis);
      resolve(live);
    };
    socket.on('analysis:created', onAnalysis);
  });
}

const analysisEntry = (score: number, id?: string): TVideoAnalysisInput => ({
  ...(id ? { id } : {}),
  score,
  groupId: 'g1',
  movementId: 'm1',
  perspectiveId: 'p1',
  repCount: 3,
  durationMs: 9000,
});

/** The backend with its `op` write failing once (the network lost between a save's two writes). */
function failingOnce(backend: TBackend, op: 'createUserStatSession'): TBackend {
  let hasFailed = false;
  const catalog = {
    ...backend.catalog,
    [op]: (...args: Parameters<TBackend['catalog'][typeof op]>) => {
      if (hasFailed) return backend.catalog[op](...args);
      hasFailed = true;
      return Promise.reject(new Error('network lost'));
    },
  };
  return { ...backend, catalog };
}

const isAvailable = hasFirestoreEmulator();

describe.skipIf(!isAvailable)('firebase backend on the Auth and Firestore emulators', () => {
  let adminA: Awaited<ReturnType<typeof newAdmin>>;

  beforeAll(async () => {
    [auth, firestore] = await Promise.all([startAuthEmulator(), startFirestoreEmulator()]);
    gateway = await startGateway({
      env: {
        BACKEND: 'firebase',
        FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_EMULATOR_HOST: auth.host,
        FIRESTORE_EMULATOR_HOST: firestore.host,
        ADMIN_EMAILS: `${ADMIN_A},${ADMIN_B}`,
      },
    });
    adminA = await newAdmin(ADMIN_A);
  }, 180_000);

  afterAll(async () => {
    setNoticeSocket(null);
    for (const socket of sockets) socket.disconnect();
    await gateway?.stop();
    await Promise.all([auth?.stop(), firestore?.stop()]);
  }, 60_000);

  describe('ADMIN_EMAILS at sign-in', () => {
    it('grants ADMIN to a listed address once verified, not before', async () => {
      const user = await newUser('Listed', ADMIN_B);
      await connect(user);
      expect((await user.backend.users.getUser(user.uid))?.roles).toEqual([]);

      await auth.verifyEmail(user.uid);
      await user.backend.identity.getIdToken(true);
      await connect(user);
      expect((await user.backend.users.getUser(user.uid))?.roles).toEqual(['ADMIN']);
      // Demoted again so the last-admin cases below have one admin.
      await adminA.backend.users.setRoles(user.uid, []);
    });

    it('grants nothing to an address that is not listed, verified or not', async () => {
      const user = await newUser('Plain');
      await auth.verifyEmail(user.uid);
      await user.backend.identity.getIdToken(true);
      await connect(user);
      expect((await user.backend.users.getUser(user.uid))?.roles).toEqual([]);
    });
  });

  describe('live analyses', () => {
    it('an analysis saved to Firestore reaches an admin socket through the client’s notice', async () => {
      const user = await newUser('Live');
      setNoticeSocket(await connect(user));
      const id = `${newClientId()}-analysis`;
      const arrived = nextLiveAnalysis(adminA.socket, id);
      await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.8, id));
      const live = await arrived;
      expect(live).toMatchObject({ userId: user.uid, userName: 'Live', analysis: { id, score: 0.8, repCount: 3 } });
    });

    it('a notice for an analysis that is not stored is refused and pushes nothing', async () => {
      const user = await newUser('Liar');
      const socket = await connect(user);
      const result = await socket.timeout(10_000).emitWithAck('analysis:created', { analysisId: 'made-up' });
      expect(result).toMatchObject({ ok: false, error: { code: 'socket/not-found' } });
    });
  });

  describe('saves that cannot duplicate', () => {
    it('an analysis whose second write failed, saved again, is one analysis and one session', async () => {
      const user = await newUser('Retry');
      const resultId = newClientId();
      const input = { uid: user.uid, resultId, label: 'Squat', entry: analysisEntry(0.6), startedAt: new Date().toISOString() };
      const flaky = failingOnce(user.backend, 'createUserStatSession');
      await expect(saveAnalysis(flaky, input)).rejects.toThrow('network lost');
      expect(await saveAnalysis(flaky, input)).toBe('saved');
      expect(await saveAnalysis(user.backend, input)).toBe('saved');

      expect((await user.backend.users.loadVideoAnalyses(user.uid, 10)).map((a) => a.id)).toEqual([`${resultId}-analysis`]);
      expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([`${resultId}-session`]);
    });

    it('a practice whose second write failed, saved again, is one completion and one session', async () => {
      const user = await newUser('Practice');
      const resultId = newClientId();
      const input = {
        uid: user.uid,
        resultId,
        label: 'Flow',
        activityId: 'a1',
        routineId: null,
        startedAt: new Date().toISOString(),
        durationMs: 60_000,
        steps: [],
        reps: 10,
        score: null,
      };
      const flaky = failingOnce(user.backend, 'createUserStatSession');
      await expect(savePractice(flaky, input)).rejects.toThrow('network lost');
      expect(await savePractice(flaky, input)).toBe('saved');

      expect((await user.backend.catalog.listRoutineCompletions()).map((c) => c.id)).toEqual([`${resultId}-completion`]);
      expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([`${resultId}-session`]);
    });
  });

  describe('disabling an account', () => {
    it('disables the login and shows it on users/{uid}', async () => {
      const user = await newUser('Disabled');
      const updated = await adminA.backend.users.setDisabled(user.uid, true);
      expect(updated.disabled).toBe(true);
      expect(await firestore.readAsOwner(`users/${user.uid}`)).toMatchObject({ disabled: { booleanValue: true } });
      const page = await adminA.backend.users.filterUsers({ name: 'disabled', limit: 10 });
      expect(page.items.find((item) => item.id === user.uid)?.disabled).toBe(true);
      expect((await adminA.backend.users.setDisabled(user.uid, false)).disabled).toBe(false);
    });

    it('refuses an admin disabling themselves, as the embedded backend does', async () => {
      const refused = await rejectionOf(adminA.backend.users.setDisabled(adminA.uid, true));
      expect(refused).toMatchObject({ status: 409, code: APP_ERRORS.conflict });
      expect(await firestore.readAsOwner(`users/${adminA.uid}`)).not.toMatchObject({ disabled: { booleanValue: true } });
    });
  });

  describe('deleting an account', () => {
    it('deletes the login and every document kept for the user', async () => {
      const user = await newUser('Leaving');
      const leaving = newClientId();
      await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.5, `${leaving}-analysis`));
      await savePractice(user.backend, {
        uid: user.uid,
        resultId: leaving,
        label: 'Flow',
        activityId: 'a1',
        routineId: null,
        startedAt: new Date().toISOString(),
        durationMs: 1000,
        steps: [],
        reps: 1,
        score: null,
      });
      expect(await firestore.countAsOwner('routine_completion', 'userId', user.uid)).toBe(1);

      await user.backend.identity.deleteAccount();

      expect(user.backend.identity.currentUser()).toBeNull();
      expect(await firestore.readAsOwner(`users/${user.uid}`)).toBeNull();
      expect(await firestore.readAsOwner(`users/${user.uid}/video_analysis/${leaving}-analysis`)).toBeNull();
      expect(await firestore.countAsOwner('routine_completion', 'userId', user.uid)).toBe(0);
      expect(await firestore.countAsOwner('user_stat_sessions', 'userId', user.uid)).toBe(0);
      const signIn = await rejectionOf(newBackend().identity.signIn(user.email, PASSWORD));
      expect(signIn.code).toMatch(/^auth\/(user-not-found|invalid-credential)$/);
    });

    it('refuses the last admin, losing the role or the account, and keeps everything', async () => {
      const demote = await rejectionOf(adminA.backend.users.setRoles(adminA.uid, []));
      expect(demote).toMatchObject({ status: 409, code: APP_ERRORS.lastAdmin });
      const leave = await rejectionOf(adminA.backend.identity.deleteAccount());
      expect(leave).toMatchObject({ status: 409, code: APP_ERRORS.lastAdmin });
      expect(await firestore.readAsOwner(`users/${adminA.uid}`)).toMatchObject({ roles: { arrayValue: { values: [{ stringValue: 'ADMIN' }] } } });
      expect(adminA.backend.identity.currentUser()?.uid).toBe(adminA.uid);
    });
  });

  describe('catalogue', () => {
    it('refuses to delete a category that has activities (409), as the embedded backend does', async () => {
      const { catalog } = adminA.backend;
      const category = await catalog.createCategory({ name: 'Strength' });
      await catalog.createActivity({ name: 'Squats', categoryId: category.id });
      const refused = await rejectionOf(catalog.deleteCategory(category.id));
      expect(refused).toMatchObject({ status: 409, code: APP_ERRORS.hasChildren });
      expect((await catalog.listCategories()).map((c) => c.id)).toContain(category.id);
    });

    it('refuses creates whose parent does not exist (400), and the rules refuse them too', async () => {
      const { catalog } = adminA.backend;
      const noActivity = { status: 400, code: APP_ERRORS.badRequest, message: 'No activity with id no-such-activity' };
      expect(await rejectionOf(catalog.createActivity({ name: 'Orphan', categoryId: 'no-such-category' }))).toMatchObject({
        status: 400,
        code: APP_ERRORS.badRequest,
        message: 'No category with id no-such-category',
      });
      const steps = [{ movementId: 'm', reps: 1 }];
      expect(await rejectionOf(catalog.createRoutine({ name: 'Orphan', activityId: 'no-such-activity', steps }))).toMatchObject(noActivity);
      expect(await rejectionOf(catalog.createMovement({ name: 'Orphan', activityId: 'no-such-activity' }))).toMatchObject(noActivity);
      // Past the adapter, straight to Firestore as an admin: the rules check the parent.
      const db = getFirestore(getApp(adminA.appName));
      const write = setDoc(doc(db, 'activities', 'orphan'), { name: 'Orphan', nameLowercase: 'orphan', categoryId: 'no-such-category' });
      await expect(write).rejects.toMatchObject({ code: 'permission-denied' });
    });

    it('lists an activity’s routines by name', async () => {
      const { catalog } = adminA.backend;
      const category = await catalog.createCategory({ name: 'Mobility' });
      const activity = await catalog.createActivity({ name: 'Hips', categoryId: category.id });
      const movement = await catalog.createMovement({ name: 'Bridge', activityId: activity.id });
      const steps = [{ movementId: movement.id, reps: 5 }];
      for (const name of ['Zeta', 'Alpha', 'Mid']) await catalog.createRoutine({ name, activityId: activity.id, steps });
      expect((await catalog.listRoutines(activity.id)).map((r) => r.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
    });
  });
});
