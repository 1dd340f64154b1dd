/// <reference types="node" />
/**
 * One contract, two implementations: the cases where the firebase backend used to answer
 * differently from the embedded one, written once and run against both
 * (embedded.parity.test.ts over a real gateway, firebase.data.test.ts on the Auth and
 * Firestore emulators with the gateway in firebase mode).
 */
import { describe, expect, it } from 'vitest';
import { APP_ERRORS, AUTH_ERRORS, authErrorMessage, type THistoryItem, type TVideoAnalysisInput } from '@movelab/shared';
import { buildReference, generateTake } from '@movelab/shared/movescore/index';
import { saveAnalysis } from '@/features/analysis/api/save-analysis';
import { savePractice, type TSavePracticeInput } from '@/features/practice/api/save-practice';
import type { TBackend } from '@/lib/backend/port';
import { newClientId } from '@/lib/offline/outbox-entry';
import { rejectionOf } from './helpers';

export const CONTRACT_PASSWORD = 'secret-1';

export type TContractUser = { backend: TBackend; uid: string; email: string };

export type TContractHarness = {
  /** A new account, signed in as the app does it, with its user record, password CONTRACT_PASSWORD. */
  newUser(name: string, email?: string): Promise<TContractUser>;
  /** An address in ADMIN_EMAILS that no account has yet. */
  listedEmail: string;
  /** Proves the user's address (as its verification link does), then the user signs in to the gateway again. */
  verifyEmail(user: TContractUser): Promise<void>;
  /** The backend's only admin (the last-admin cases count on it). */
  admin(): TContractUser;
  /** A new adapter, signed out. */
  newBackend(): TBackend;
};

export const analysisEntry = (score: number, id?: string): TVideoAnalysisInput => ({
  ...(id ? { id } : {}),
  score,
  groupId: 'g1',
  movementId: 'm1',
  perspectiveId: 'p1',
  repCount: 3,
  durationMs: 9000,
});

export const practiceInput = (uid: string, resultId = newClientId()): TSavePracticeInput => ({
  uid,
  resultId,
  label: 'Flow',
  activityId: 'a1',
  routineId: null,
  startedAt: new Date().toISOString(),
  durationMs: 60_000,
  steps: [],
  reps: 10,
  score: null,
});

/** The backend with its `createUserStatSession` failing once: the network lost between a save's two writes. */
function failingSecondWriteOnce(backend: TBackend): TBackend {
  let hasFailed = false;
  const catalog: TBackend['catalog'] = {
    ...backend.catalog,
    createUserStatSession: (input) => {
      if (hasFailed) return backend.catalog.createUserStatSession(input);
      hasFailed = true;
      return Promise.reject(new Error('network lost'));
    },
  };
  return { ...backend, catalog };
}

export function describeBackendContract(name: string, harness: TContractHarness): void {
  describe(`backend contract: ${name}`, () => {
    describe('ADMIN_EMAILS', () => {
      it('makes a listed address admin once it is verified, not before', async () => {
        const user = await harness.newUser('Listed', harness.listedEmail);
        expect((await user.backend.users.getUser(user.uid))?.roles).toEqual([]);
        await harness.verifyEmail(user);
        expect((await user.backend.users.getUser(user.uid))?.roles).toEqual(['ADMIN']);
        // Demoted again: the last-admin cases below count on one admin.
        await harness.admin().backend.users.setRoles(user.uid, []);
      });

      it('grants nothing to a verified address that is not listed', async () => {
        const user = await harness.newUser('Plain');
        await harness.verifyEmail(user);
        expect((await user.backend.users.getUser(user.uid))?.roles).toEqual([]);
      });
    });

    describe('saves that cannot duplicate', () => {
      it('an analysis whose second write failed, saved again, is one analysis and one session', async () => {
        const user = await harness.newUser('Retry');
        const resultId = newClientId();
        const input = { uid: user.uid, resultId, label: 'Squat', entry: analysisEntry(0.6), startedAt: new Date().toISOString() };
        const flaky = failingSecondWriteOnce(user.backend);
        await expect(saveAnalysis(flaky, input)).rejects.toThrow('network lost');
        expect(await saveAnalysis(flaky, input)).toBe('saved');
        expect(await saveAnalysis(user.backend, input)).toBe('saved');

        expect((await user.backend.users.loadVideoAnalyses(user.uid, 10)).map((a) => a.id)).toEqual([`${resultId}-analysis`]);
        expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([`${resultId}-session`]);
      });

      it('a practice whose second write failed, saved again, is one completion and one session', async () => {
        const user = await harness.newUser('Practice');
        const input = practiceInput(user.uid);
        const flaky = failingSecondWriteOnce(user.backend);
        await expect(savePractice(flaky, input)).rejects.toThrow('network lost');
        expect(await savePractice(flaky, input)).toBe('saved');

        expect((await user.backend.catalog.listRoutineCompletions()).map((c) => c.id)).toEqual([`${input.resultId}-completion`]);
        expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([`${input.resultId}-session`]);
      });
    });

    describe('history', () => {
      it("pages through the user's own analyses and practices, newest first, and filters them", async () => {
        const user = await harness.newUser('Historian');
        const other = await harness.newUser('Neighbour');
        await other.backend.users.createVideoAnalysis(other.uid, analysisEntry(0.9));
        const saved: string[] = [];
        for (const [index, groupId] of ['g1', 'g2', 'g1'].entries()) {
          saved.push((await user.backend.users.createVideoAnalysis(user.uid, { ...analysisEntry(0.5 + index / 10), groupId })).id);
          const practice = practiceInput(user.uid);
          expect(await savePractice(user.backend, practice)).toBe('saved');
          saved.push(`${practice.resultId}-session`);
        }

        const seen: THistoryItem[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages < 10; pages += 1) {
          const page = await user.backend.catalog.listHistory({ limit: 4, ...(cursor ? { cursor } : {}) });
          seen.push(...page.items);
          if (page.nextCursor === null) break;
          cursor = page.nextCursor;
        }
        expect(seen.map((item) => item.id).sort()).toEqual([...saved].sort());
        const times = seen.map((item) => Date.parse(item.createdAt));
        expect(times).toEqual([...times].sort((a, b) => b - a));

        const practices = await user.backend.catalog.listHistory({ kind: 'practice' });
        expect(practices.items.map((item) => item.kind)).toEqual(['practice', 'practice', 'practice']);
        const inGroup = await user.backend.catalog.listHistory({ groupId: 'g1' });
        expect(inGroup.items.map((item) => [item.kind, item.groupId])).toEqual([
          ['analysis', 'g1'],
          ['analysis', 'g1'],
        ]);
        expect(inGroup.nextCursor).toBeNull();
      });

      it('deletes an item only for its owner: an analysis with its stat session, a practice session', async () => {
        const user = await harness.newUser('Corrector');
        const other = await harness.newUser('Intruder');
        const resultId = newClientId();
        const analysisInput = { uid: user.uid, resultId, label: 'Squat', entry: analysisEntry(0.4), startedAt: new Date().toISOString() };
        expect(await saveAnalysis(user.backend, analysisInput)).toBe('saved');
        const practice = practiceInput(user.uid);
        expect(await savePractice(user.backend, practice)).toBe('saved');
        const analysisId = `${resultId}-analysis`;
        const practiceId = `${practice.resultId}-session`;

        expect((await rejectionOf(other.backend.catalog.deleteHistoryItem('analysis', analysisId))).code).toBe(APP_ERRORS.notFound);
        expect((await rejectionOf(other.backend.catalog.deleteHistoryItem('practice', practiceId))).code).toBe(APP_ERRORS.notFound);
        expect((await user.backend.catalog.listHistory({})).items.map((item) => item.id).sort()).toEqual([analysisId, practiceId].sort());

        await user.backend.catalog.deleteHistoryItem('analysis', analysisId);
        expect((await user.backend.catalog.listHistory({})).items.map((item) => item.id)).toEqual([practiceId]);
        expect((await user.backend.catalog.listUserStatSessions()).map((s) => s.id)).toEqual([practiceId]);
        await user.backend.catalog.deleteHistoryItem('practice', practiceId);
        expect((await user.backend.catalog.listHistory({})).items).toEqual([]);
        expect((await rejectionOf(user.backend.catalog.deleteHistoryItem('practice', practiceId))).code).toBe(APP_ERRORS.notFound);
      });

      it("saves, lists and opens an analysis whose form was not judged with its score null and its count, never with its reps' scores", async () => {
        const user = await harness.newUser('Unseen');
        const feedback = ['Form not judged: your knees and ankles were out of the picture in every rep: put the camera further away'];
        const refused = await rejectionOf(
          user.backend.users.createVideoAnalysis(user.uid, { ...analysisEntry(0.5), score: null, reps: [{ score: 1 }] }),
        );
        expect(refused.code).toBe(APP_ERRORS.badRequest);
        const saved = await user.backend.users.createVideoAnalysis(user.uid, { ...analysisEntry(0.5), score: null, repCount: 4, feedback });
        expect(saved).toMatchObject({ score: null, repCount: 4 });
        expect((await user.backend.catalog.listHistory({})).items).toEqual([
          expect.objectContaining({ id: saved.id, kind: 'analysis', score: null, reps: 4 }),
        ]);
        expect(await user.backend.catalog.getHistoryItem('analysis', saved.id)).toMatchObject({ item: { score: null, reps: 4 }, reps: [], feedback });
        expect(await user.backend.movescore.recentSessions(user.uid, 3)).toEqual([expect.objectContaining({ id: saved.id, score: null })]);
      });

      it('opens an item with what was saved only for its owner: reps and feedback, a practice with its steps', async () => {
        const user = await harness.newUser('Reader');
        const other = await harness.newUser('Snooper');
        const analysis = await user.backend.users.createVideoAnalysis(user.uid, {
          ...analysisEntry(0.5),
          repCount: 2,
          reps: [{ score: 0.4 }, { score: 0.6 }],
          feedback: ['Go about 20° deeper'],
          source: 'file',
        });
        const practice = {
          ...practiceInput(user.uid),
          steps: [{ movementId: 'm1', targetReps: 10, reps: 10, seconds: 30, score: 0.8 }],
        };
        expect(await savePractice(user.backend, practice)).toBe('saved');
        const practiceId = `${practice.resultId}-session`;

        const details = await user.backend.catalog.getHistoryItem('analysis', analysis.id);
        expect(details).toMatchObject({ item: { id: analysis.id, kind: 'analysis', reps: 2, source: 'file' }, feedback: ['Go about 20° deeper'] });
        expect(details.reps.map((rep) => rep.score)).toEqual([0.4, 0.6]);
        const practiceDetails = await user.backend.catalog.getHistoryItem('practice', practiceId);
        expect(practiceDetails.item).toMatchObject({ id: practiceId, kind: 'practice', reps: 10 });
        expect(practiceDetails.steps).toEqual([{ movementId: 'm1', targetReps: 10, reps: 10, seconds: 30, score: 0.8 }]);

        expect((await rejectionOf(other.backend.catalog.getHistoryItem('analysis', analysis.id))).code).toBe(APP_ERRORS.notFound);
        expect((await rejectionOf(other.backend.catalog.getHistoryItem('practice', practiceId))).code).toBe(APP_ERRORS.notFound);
        expect((await rejectionOf(user.backend.catalog.getHistoryItem('practice', analysis.id))).code).toBe(APP_ERRORS.notFound);
      });
    });

    describe('disabling an account', () => {
      it('disables the account and shows it on the user record', async () => {
        const admin = harness.admin();
        const user = await harness.newUser('Disabled');
        expect((await admin.backend.users.setDisabled(user.uid, true)).disabled).toBe(true);
        expect((await admin.backend.users.getUser(user.uid))?.disabled).toBe(true);
        const page = await admin.backend.users.filterUsers({ name: 'disabled', limit: 100 });
        expect(page.items.find((item) => item.id === user.uid)?.disabled).toBe(true);
        expect((await admin.backend.users.setDisabled(user.uid, false)).disabled).toBe(false);
      });

      it('refuses an admin disabling themselves (409)', async () => {
        const admin = harness.admin();
        expect(await rejectionOf(admin.backend.users.setDisabled(admin.uid, true))).toMatchObject({ status: 409, code: APP_ERRORS.conflict });
        expect((await admin.backend.users.getUser(admin.uid))?.disabled).not.toBe(true);
      });
    });

    describe('a password reset link', () => {
      it('is checked before its form: a made-up one is auth/invalid-action-code', async () => {
        const refusal = await rejectionOf(harness.newBackend().identity.verifyPasswordResetCode('made-up-reset-code'));
        expect(refusal.code).toBe(AUTH_ERRORS.invalidActionCode);
      });
    });

    describe('deleting an account', () => {
      it('removes the login, the user record and the analyses', async () => {
        const admin = harness.admin();
        const user = await harness.newUser('Leaving');
        await user.backend.users.createVideoAnalysis(user.uid, analysisEntry(0.5));
        await savePractice(user.backend, practiceInput(user.uid));

        await user.backend.identity.deleteAccount();

        expect(user.backend.identity.currentUser()).toBeNull();
        expect(await admin.backend.users.getUser(user.uid)).toBeNull();
        expect(await admin.backend.users.loadVideoAnalyses(user.uid, 10)).toEqual([]);
        const signIn = await rejectionOf(harness.newBackend().identity.signIn(user.email, CONTRACT_PASSWORD));
        expect(authErrorMessage(signIn.code, signIn.message)).toBe('Email or password is incorrect');
      });

      it('refuses the last admin losing the role or the account (409 app/last-admin) and keeps both', async () => {
        const admin = harness.admin();
        expect(await rejectionOf(admin.backend.users.setRoles(admin.uid, []))).toMatchObject({ status: 409, code: APP_ERRORS.lastAdmin });
        expect(await rejectionOf(admin.backend.identity.deleteAccount())).toMatchObject({ status: 409, code: APP_ERRORS.lastAdmin });
        expect((await admin.backend.users.getUser(admin.uid))?.roles).toEqual(['ADMIN']);
        expect(admin.backend.identity.currentUser()?.uid).toBe(admin.uid);
      });
    });

    describe('catalogue', () => {
      it('refuses to delete a category that still has activities (409) and keeps it', async () => {
        const { catalog } = harness.admin().backend;
        const category = await catalog.createCategory({ name: 'Strength' });
        await catalog.createActivity({ name: 'Squats', categoryId: category.id });
        expect(await rejectionOf(catalog.deleteCategory(category.id))).toMatchObject({ status: 409, code: APP_ERRORS.hasChildren });
        expect((await catalog.listCategories()).map((c) => c.id)).toContain(category.id);
      });

      it('refuses creates whose parent does not exist (400)', async () => {
        const { catalog } = harness.admin().backend;
        const noActivity = { status: 400, code: APP_ERRORS.badRequest, message: 'No activity with id no-such-activity' };
        expect(await rejectionOf(catalog.createActivity({ name: 'Orphan', categoryId: 'no-such-category' }))).toMatchObject({
          status: 400,
          code: APP_ERRORS.badRequest,
          message: 'No category with id no-such-category',
        });
        const steps = [{ movementId: 'm', reps: 1 }];
        expect(await rejectionOf(catalog.createRoutine({ name: 'Orphan', activityId: 'no-such-activity', steps }))).toMatchObject(noActivity);
        expect(await rejectionOf(catalog.createMovement({ name: 'Orphan', activityId: 'no-such-activity' }))).toMatchObject(noActivity);
      });

      it('lists an activity’s routines by name', async () => {
        const { catalog } = harness.admin().backend;
        const category = await catalog.createCategory({ name: 'Mobility' });
        const activity = await catalog.createActivity({ name: 'Hips', categoryId: category.id });
        const movement = await catalog.createMovement({ name: 'Bridge', activityId: activity.id });
        const steps = [{ movementId: movement.id, reps: 5 }];
        for (const routine of ['Zeta', 'Alpha', 'Mid']) await catalog.createRoutine({ name: routine, activityId: activity.id, steps });
        expect((await catalog.listRoutines(activity.id)).map((r) => r.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
      });

      it('deletes an activity with its movements and routines only when asked to', async () => {
        const { catalog } = harness.admin().backend;
        const category = await catalog.createCategory({ name: 'Balance' });
        const activity = await catalog.createActivity({ name: 'Slackline', categoryId: category.id });
        const movement = await catalog.createMovement({ name: 'Stand', activityId: activity.id });
        const routine = await catalog.createRoutine({ name: 'Daily', activityId: activity.id, steps: [{ movementId: movement.id, reps: 1 }] });
        expect(await rejectionOf(catalog.deleteActivity(activity.id))).toMatchObject({ status: 409, code: APP_ERRORS.hasChildren });
        expect(await catalog.getMovement(movement.id)).not.toBeNull();

        await catalog.deleteActivity(activity.id, 'cascade');
        expect(await catalog.getActivity(activity.id)).toBeNull();
        expect(await catalog.getMovement(movement.id)).toBeNull();
        expect(await catalog.getRoutine(routine.id)).toBeNull();
        await catalog.deleteCategory(category.id);
        expect((await catalog.listCategories()).map((c) => c.id)).not.toContain(category.id);
      });

      it('refuses a second group with a name another has, letter case and spacing ignored (409), and frees the name once its group is gone', async () => {
        const { movescore } = harness.admin().backend;
        const first = await movescore.createGroup({ name: 'QA Group d', coverUrl: '', description: '' });
        const taken = { status: 409, code: APP_ERRORS.conflict, message: 'A group named “QA Group d” already exists: choose another name.' };
        expect(await rejectionOf(movescore.createGroup({ name: 'QA Group d', coverUrl: '', description: '' }))).toMatchObject(taken);
        expect(await rejectionOf(movescore.createGroup({ name: ' qa  GROUP D ', coverUrl: '', description: '' }))).toMatchObject(taken);
        const other = await movescore.createGroup({ name: 'QA Group e', coverUrl: '', description: '' });
        expect(await rejectionOf(movescore.updateGroup(other.id, { name: 'qa group d' }))).toMatchObject(taken);
        expect((await movescore.listGroups({ prefix: 'QA Group' })).map((group) => group.name)).toEqual(['QA Group d', 'QA Group e']);
        // A group may change the letter case of its own name; a name given up is free again.
        expect(await movescore.updateGroup(first.id, { name: 'QA group D' })).toMatchObject({ name: 'QA group D' });
        await movescore.updateGroup(first.id, { name: 'QA Group f' });
        expect(await movescore.updateGroup(other.id, { name: 'QA Group d' })).toMatchObject({ name: 'QA Group d' });
        await movescore.deleteGroup(other.id);
        expect(await movescore.createGroup({ name: 'qa group d', coverUrl: '', description: '' })).toMatchObject({ name: 'qa group d' });
      });

      it('keeps a group’s and a movement’s counts, and deletes a group with its movements and perspectives only when asked to', async () => {
        const { movescore } = harness.admin().backend;
        const group = await movescore.createGroup({ name: 'Legs', coverUrl: '', description: '' });
        const movement = await movescore.createMovement(group.id, { name: 'Squat', description: '' });
        const other = await movescore.createMovement(group.id, { name: 'Lunge', description: '' });
        const front = await movescore.createPerspective(group.id, movement.id, { name: 'Front', view: 'front', instructions: '' });
        const side = await movescore.createPerspective(group.id, movement.id, { name: 'Side', view: 'side', instructions: '' });
        expect((await movescore.getGroup(group.id))?.movementCount).toBe(2);
        expect((await movescore.getMovement(group.id, movement.id))?.perspectiveCount).toBe(2);
        expect((await movescore.listMovements(group.id)).map((m) => m.name)).toEqual(['Lunge', 'Squat']);

        await movescore.deletePerspective(group.id, movement.id, front.id);
        expect((await movescore.getMovement(group.id, movement.id))?.perspectiveCount).toBe(1);
        await movescore.deleteMovement(group.id, other.id);
        expect((await movescore.getGroup(group.id))?.movementCount).toBe(1);
        expect(await rejectionOf(movescore.deleteMovement(group.id, movement.id))).toMatchObject({ status: 409, code: APP_ERRORS.hasChildren });
        expect(await rejectionOf(movescore.deleteGroup(group.id))).toMatchObject({ status: 409, code: APP_ERRORS.hasChildren });
        expect((await movescore.listPerspectives(group.id, movement.id)).map((p) => p.name)).toEqual(['Side']);

        await movescore.deleteGroup(group.id, 'cascade');
        expect(await movescore.getGroup(group.id)).toBeNull();
        expect(await movescore.getMovement(group.id, movement.id)).toBeNull();
        expect(await movescore.getPerspective(group.id, movement.id, side.id)).toBeNull();
      });

      it('changes only the fields an update sends, and refuses a bad one (a malformed reference, one showing the fault) changing nothing', async () => {
        const { catalog, movescore } = harness.admin().backend;
        const group = await movescore.createGroup({ name: 'Press', coverUrl: '', description: '' });
        const movement = await movescore.createMovement(group.id, { name: 'Push-up', description: '' });
        const reference = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
        const side = await movescore.createPerspective(group.id, movement.id, {
          name: 'Side',
          view: 'side',
          instructions: 'Hips level',
          kind: 'push-up',
          reference,
        });
        // A rename keeps the view and the instructions (their schema defaults must not fill in).
        expect(await movescore.updatePerspective(group.id, movement.id, side.id, { name: 'Side view' })).toMatchObject({
          name: 'Side view',
          view: 'side',
          instructions: 'Hips level',
        });

        const sagging = {
          ...reference,
          template: reference.template.map((row, f) => (reference.features[f] === 'hip_sag' ? row.map(() => 15) : row)),
        };
        expect(await rejectionOf(movescore.updatePerspective(group.id, movement.id, side.id, { reference: sagging }))).toMatchObject({
          status: 400,
          code: APP_ERRORS.badRequest,
          message: expect.stringMatching(/the hips sag about 15° below a straight body line/),
        });
        const malformed = { ...reference, rest: 1e6 } as typeof reference;
        expect(await rejectionOf(movescore.updatePerspective(group.id, movement.id, side.id, { reference: malformed }))).toMatchObject({
          status: 400,
          code: APP_ERRORS.badRequest,
        });
        expect(await rejectionOf(movescore.updatePerspective(group.id, movement.id, side.id, { name: '' }))).toMatchObject({
          status: 400,
          code: APP_ERRORS.badRequest,
        });
        expect(await movescore.getPerspective(group.id, movement.id, side.id)).toMatchObject({
          name: 'Side view',
          view: 'side',
          instructions: 'Hips level',
          reference,
        });

        const category = await catalog.createCategory({ name: 'Upper body' });
        const activity = await catalog.createActivity({ name: 'Pressing', categoryId: category.id, description: 'From the floor' });
        expect(await catalog.updateActivity(activity.id, { name: 'Floor pressing' })).toMatchObject({
          name: 'Floor pressing',
          description: 'From the floor',
          categoryId: category.id,
        });
        await movescore.deleteGroup(group.id, 'cascade');
        await catalog.deleteActivity(activity.id, 'cascade');
        await catalog.deleteCategory(category.id);
      });
    });
  });
}
