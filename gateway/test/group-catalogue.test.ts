/**
 * "Practise together" takes its plan from the catalogue, not from the host's client: an unknown
 * routine or movement is refused, and a routine's step count is the stored one (the client's is
 * replaced). The embedded backend over real sockets; the Firebase backend's lookup against the
 * real Cloud Firestore emulator (skipped, visibly, on a machine without it; failed under CI).
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, GROUP_ERRORS, SOCKET_ERRORS, type TGroupBoard, type TGroupOpened } from '@movelab/shared';
import { firestoreEmulatorHere, startFirestoreEmulator, type TFirestoreEmulatorProcess } from '@movelab/test-tools';
import { firestorePeople } from '../src/realtime/firestore.js';
import { startGateway, type TGateway } from './helpers.js';
import { CATALOGUE, closeAll, member } from './group-sockets.js';
import { ok, pause, request, TOKEN_SECRET } from './live-sockets.js';

let gw: TGateway;
beforeAll(async () => {
  gw = await startGateway({ TOKEN_SECRET, ...CATALOGUE, GROUP_COUNTDOWN_SECONDS: '0' });
});
afterAll(() => gw.close());

const create = (host: { socket: Parameters<typeof request>[0] }, plan: unknown) => request<TGroupOpened>(host.socket, 'group:create', { plan });

describe('practise together: the plan comes from the catalogue (embedded)', () => {
  it('refuses a routine or a movement the catalogue does not have, clearly, and opens nothing', async () => {
    const host = await member(gw.url, 'Host');
    for (const plan of [{ routineId: 'no-such-routine', stepCount: 2 }, { routineId: 'hip-opener/../x', stepCount: 2 }]) {
      expect(await create(host, plan)).toEqual({
        ok: false,
        error: { code: SOCKET_ERRORS.notFound, message: 'That routine is not in the catalogue (it may have been deleted): choose another' },
      });
    }
    // A routine's id is no movement's, nor the other way round.
    for (const movementId of ['no-such-move', 'hip-opener']) {
      expect(await create(host, { movementId })).toMatchObject({
        ok: false,
        error: { code: SOCKET_ERRORS.notFound, message: expect.stringMatching(/^That movement is not in the catalogue/) },
      });
    }
    expect(await create(host, { routineId: 'squat', stepCount: 1 })).toMatchObject({ ok: false, error: { code: SOCKET_ERRORS.notFound } });
    // Nothing was opened: the host holds no group, so a real plan opens one (rather than `already-hosting`).
    const opened = await ok(create(host, { movementId: 'squat' }));
    expect(opened.board).toMatchObject({ plan: { movementId: 'squat' }, stepCount: 1, members: [{ uid: host.uid }] });
    closeAll(host);
  });

  it("takes a routine's step count from its stored steps, whatever the client says, and moves within them", async () => {
    const host = await member(gw.url, 'Host');
    // full-body-starter has three steps; the client claims one.
    const opened = await ok(create(host, { routineId: 'full-body-starter', stepCount: 1 }));
    expect(opened.board).toMatchObject({ plan: { routineId: 'full-body-starter', stepCount: 3 }, stepCount: 3 });
    // Re-attaching with the client's own number is the same plan: the host gets its group back.
    const again = await ok(create(host, { routineId: 'full-body-starter', stepCount: 1 }));
    expect(again.groupId).toBe(opened.groupId);

    const { groupId } = opened;
    await ok(request(host.socket, 'group:start', { groupId }));
    await pause(50);
    for (const step of [1, 2]) {
      await ok(request(host.socket, 'group:move', { groupId, to: 'next' }));
      expect((await ok(request<TGroupBoard>(host.socket, 'group:rejoin', { groupId }))).step).toBe(step);
    }
    const past = await request(host.socket, 'group:move', { groupId, to: 'next' });
    expect(past).toMatchObject({ ok: false, error: { code: GROUP_ERRORS.wrongPhase, message: expect.stringMatching(/last step/) } });
    closeAll(host);
  });

  it("replaces a forged step count beyond the routine's: the group stops at its real last step", async () => {
    const host = await member(gw.url, 'Host');
    const opened = await ok(create(host, { routineId: 'hip-opener', stepCount: 100 }));
    expect(opened.board.stepCount).toBe(2);
    const { groupId } = opened;
    await ok(request(host.socket, 'group:start', { groupId }));
    await pause(50);
    await ok(request(host.socket, 'group:move', { groupId, to: 'next' }));
    expect(await request(host.socket, 'group:move', { groupId, to: 'next' })).toMatchObject({ ok: false, error: { code: GROUP_ERRORS.wrongPhase } });
    closeAll(host);
  });
});

describe.skipIf(!firestoreEmulatorHere('the Firestore catalogue lookup of group sessions'))('practise together: the plan comes from the catalogue (Firestore)', () => {
  let emulator: TFirestoreEmulatorProcess;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ projectId: 'demo-group-plans' });
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  });
  afterAll(async () => {
    delete process.env.FIRESTORE_EMULATOR_HOST;
    await emulator?.stop();
  });

  it('finds routines with their stored step count and movements; unknown, empty or path-like ids are none', async () => {
    const app = initializeApp({ projectId: 'demo-group-plans' }, 'group-plans');
    const db = getFirestore(app);
    const step = { movementId: 'squat', reps: 10, restSeconds: 30 };
    await db.doc(`${COLLECTIONS.routines}/legs`).set({ activityId: 'a', name: 'Legs', description: '', steps: [step, step, step] });
    await db.doc(`${COLLECTIONS.routines}/empty`).set({ activityId: 'a', name: 'Empty', description: '', steps: [] });
    await db.doc(`${COLLECTIONS.movements}/squat`).set({ activityId: 'a', name: 'Squat', unit: 'reps' });
    const { plans } = firestorePeople(app);

    expect(await plans.routineSteps('legs')).toBe(3);
    expect(await plans.routineSteps('empty')).toBeNull();
    expect(await plans.routineSteps('nothing')).toBeNull();
    expect(await plans.routineSteps('squat')).toBeNull();
    expect(await plans.hasMovement('squat')).toBe(true);
    expect(await plans.hasMovement('legs')).toBe(false);
    for (const id of ['legs/steps/x', '..', '__name__']) {
      expect(await plans.routineSteps(id)).toBeNull();
      expect(await plans.hasMovement(id)).toBe(false);
    }
  });
});
