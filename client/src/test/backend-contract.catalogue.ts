/// <reference types="node" />
/**
 * The backend contract's catalogue cases: parents and children, unique group names, kept counts,
 * cascades, and updates that change only what they send.
 */
import { describe, expect, it } from 'vitest';
import { APP_ERRORS } from '@movelab/shared';
import { buildReference, generateTake } from '@movelab/shared/movescore/index';
import type { TContractHarness } from './backend-contract.fixtures';
import { rejectionOf } from './helpers';

export function describeCatalogue(harness: TContractHarness): void {
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
}
