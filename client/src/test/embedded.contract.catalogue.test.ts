// @vitest-environment node
/// <reference types="node" />
/**
 * The backend port's catalogues, run against the embedded adapter over a REAL gateway: movescore
 * groups, movements and perspectives with their counts, recent sessions, admin writes refused to
 * others; and the activity catalogue with completions and stat sessions.
 */
import { describe, expect, it } from 'vitest';
import { APP_ERRORS } from '@movelab/shared';
import { DELETED_GROUP_NAME } from '@/lib/backend/recentSessions';
import { png, embeddedGatewaySuite } from './embedded-suite';
import { rejectionOf as failure } from './helpers';

const suite = embeddedGatewaySuite();
const { newUser, newCategory } = suite;

describe('movescore', () => {
  it('creates, reads, updates and deletes groups, movements and perspectives, keeping counts', async () => {
    const m = suite.admin.backend.movescore;
    const before = await m.countGroups();
    const group = await m.createGroup({ name: 'Zeta squats', coverUrl: '', description: '' });
    expect(group.movementCount).toBe(0);
    expect(await m.countGroups()).toBe(before + 1);
    expect((await m.listGroups({ prefix: 'Zeta' })).map((g) => g.id)).toContain(group.id);
    expect(await m.listGroups({ prefix: 'Zzz-none' })).toEqual([]);
    expect((await m.getGroupsByIds([group.id, 'missing-id'])).map((g) => g.id)).toEqual([group.id]);

    const movement = await m.createMovement(group.id, { name: 'Deep squat', description: '' });
    const second = await m.createMovement(group.id, { name: 'Air squat', description: '' });
    expect((await m.getGroup(group.id))?.movementCount).toBe(2);
    expect((await m.listMovements(group.id)).map((x) => x.name)).toEqual(['Air squat', 'Deep squat']);

    const perspective = await m.createPerspective(group.id, movement.id, { name: 'Front', view: 'front', instructions: '' });
    expect((await m.getMovement(group.id, movement.id))?.perspectiveCount).toBe(1);
    expect(await m.listPerspectives(group.id, movement.id)).toEqual([perspective]);
    expect((await m.updatePerspective(group.id, movement.id, perspective.id, { name: 'Front view' })).name).toBe('Front view');
    expect((await m.getPerspective(group.id, movement.id, perspective.id))?.name).toBe('Front view');
    expect((await m.updateMovement(group.id, movement.id, { name: 'Deep squats' })).name).toBe('Deep squats');
    expect((await m.updateGroup(group.id, { description: 'Legs' })).description).toBe('Legs');

    expect((await failure(m.deleteMovement(group.id, movement.id))).code).toBe(APP_ERRORS.hasChildren);
    await m.deletePerspective(group.id, movement.id, perspective.id);
    expect(await m.getPerspective(group.id, movement.id, perspective.id)).toBeNull();
    expect((await m.getMovement(group.id, movement.id))?.perspectiveCount).toBe(0);
    await m.deleteMovement(group.id, movement.id);
    expect(await m.getMovement(group.id, movement.id)).toBeNull();
    expect((await m.recountGroup(group.id)).movementCount).toBe(1);
    expect((await m.recountMovement(group.id, second.id)).perspectiveCount).toBe(0);

    const progress: number[] = [];
    const covered = await m.uploadGroupCover(group.id, png(), (f) => progress.push(f));
    expect(covered.coverUrl).not.toBe('');
    expect(progress.at(-1)).toBe(1);

    expect((await failure(m.deleteGroup(group.id))).code).toBe(APP_ERRORS.hasChildren);
    await m.deleteGroup(group.id, 'cascade');
    expect(await m.getGroup(group.id)).toBeNull();
    expect(await m.getMovement(group.id, second.id)).toBeNull();
    expect(await m.countGroups()).toBe(before);
  });

  it('lists video analyses newest first and joins recent sessions with their group, even a deleted one', async () => {
    const { backend, user } = await newUser('analyst');
    const kept = await suite.admin.backend.movescore.createGroup({ name: 'Kept group', coverUrl: '/covers/kept.png', description: '' });
    const doomed = await suite.admin.backend.movescore.createGroup({ name: 'Doomed group', coverUrl: '/covers/d.png', description: '' });
    const entry = (groupId: string, score: number) => ({ score, groupId, movementId: 'mv', perspectiveId: 'pv', source: 'camera' as const });
    await backend.users.createVideoAnalysis(user.uid, entry(kept.id, 0.1));
    await backend.users.createVideoAnalysis(user.uid, entry(kept.id, 0.2));
    await backend.users.createVideoAnalysis(user.uid, entry(doomed.id, 0.3));
    const last = await backend.users.createVideoAnalysis(user.uid, { ...entry(kept.id, 0.4), extra: 'kept as passed' });
    expect(last).toMatchObject({ score: 0.4, extra: 'kept as passed' });

    const three = await backend.users.loadVideoAnalyses(user.uid, 3);
    expect(three.map((a) => a.score)).toEqual([0.4, 0.3, 0.2]);

    await suite.admin.backend.movescore.deleteGroup(doomed.id, 'cascade');
    const sessions = await backend.movescore.recentSessions(user.uid);
    expect(sessions.map((s) => [s.score, s.groupName, s.coverUrl])).toEqual([
      [0.4, 'Kept group', '/covers/kept.png'],
      [0.3, DELETED_GROUP_NAME, ''],
      [0.2, 'Kept group', '/covers/kept.png'],
    ]);
    expect(await newUser('fresh').then(({ backend: b, user: u }) => b.movescore.recentSessions(u.uid))).toEqual([]);
  });

  it('refuses admin writes to a non-admin (403) and changes nothing', async () => {
    const { backend, user } = await newUser('plain');
    const before = await backend.movescore.countGroups();
    const group = await suite.admin.backend.movescore.createGroup({ name: 'Guarded', coverUrl: '', description: '' });
    const attempts: (() => Promise<unknown>)[] = [
      () => backend.movescore.createGroup({ name: 'Mine now', coverUrl: '', description: '' }),
      () => backend.movescore.updateGroup(group.id, { name: 'Renamed' }),
      () => backend.movescore.deleteGroup(group.id, 'cascade'),
      () => backend.movescore.createMovement(group.id, { name: 'Sneaky', description: '' }),
      () => backend.movescore.uploadGroupCover(group.id, png()),
      () => backend.users.setRoles(user.uid, ['ADMIN']),
      () => backend.users.setDisabled(suite.admin.user.uid, true),
      () => backend.users.countUsers(),
      () => backend.users.filterUsers({}),
      () => backend.catalog.createActivity({ name: 'Nope', categoryId: 'c' }),
    ];
    for (const attempt of attempts) expect((await failure(attempt())).status).toBe(403);
    expect(await backend.movescore.countGroups()).toBe(before + 1);
    expect(await backend.movescore.getGroup(group.id)).toMatchObject({ name: 'Guarded', movementCount: 0, coverUrl: '' });
    expect((await backend.users.getUser(user.uid))?.roles).toEqual([]);
    expect(await suite.admin.backend.identity.getIdToken(true)).not.toBeNull();
  });
});

describe('activity catalogue', () => {
  it('reads and writes categories, activities, movements, routines, completions and stat sessions', async () => {
    const { backend } = await newUser('practiser');
    const c = suite.admin.backend.catalog;
    const category = await newCategory('Mobility');
    expect((await backend.catalog.listCategories()).map((x) => x.id)).toContain(category.id);
    const categoryId = category.id;
    const activity = await c.createActivity({ name: 'Yoga Flow', categoryId, description: 'Calm' });
    expect(activity.nameLowercase).toBe('yoga flow');
    expect(await backend.catalog.getActivity(activity.id)).toMatchObject({ name: 'Yoga Flow' });
    expect(await backend.catalog.getActivity('missing')).toBeNull();
    expect((await backend.catalog.listActivities({ prefix: 'yoga' })).map((a) => a.id)).toContain(activity.id);
    expect((await backend.catalog.listActivities({ categoryId })).map((a) => a.id)).toContain(activity.id);
    expect(await backend.catalog.countActivities()).toBeGreaterThan(0);
    expect((await c.updateActivity(activity.id, { description: 'Calmer' })).description).toBe('Calmer');
    const imaged = await c.uploadActivityImage(activity.id, png());
    expect(imaged.imageUrl).not.toBe('');

    const movement = await c.createMovement({ activityId: activity.id, name: 'Sun salute' });
    expect(await backend.catalog.listMovements(activity.id)).toEqual([movement]);
    expect((await c.updateMovement(movement.id, { name: 'Sun salutation' })).name).toBe('Sun salutation');
    expect((await backend.catalog.getMovement(movement.id))?.name).toBe('Sun salutation');

    const routine = await c.createRoutine({
      activityId: activity.id,
      name: 'Morning',
      steps: [{ movementId: movement.id, seconds: 30 }],
    });
    expect((await backend.catalog.listRoutines(activity.id)).map((r) => r.id)).toEqual([routine.id]);
    expect((await backend.catalog.getRoutine(routine.id))?.name).toBe('Morning');
    expect((await c.updateRoutine(routine.id, { name: 'Evening' })).name).toBe('Evening');

    const completion = await backend.catalog.createRoutineCompletion({
      routineId: routine.id,
      activityId: activity.id,
      startedAt: new Date().toISOString(),
      durationMs: 30_000,
      steps: [{ movementId: movement.id, reps: 0, seconds: 30 }],
    });
    expect(await backend.catalog.listRoutineCompletions()).toEqual([completion]);
    const stat = await backend.catalog.createUserStatSession({
      kind: 'practice',
      activityId: activity.id,
      startedAt: new Date().toISOString(),
      durationMs: 30_000,
      reps: 12,
    });
    expect(await backend.catalog.listUserStatSessions()).toEqual([stat]);

    expect((await failure(c.deleteActivity(activity.id))).code).toBe(APP_ERRORS.hasChildren);
    await c.deleteRoutine(routine.id);
    await c.deleteMovement(movement.id);
    await c.deleteActivity(activity.id);
    expect(await backend.catalog.getActivity(activity.id)).toBeNull();
  });
});
