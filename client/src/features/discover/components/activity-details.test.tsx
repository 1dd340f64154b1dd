import { MovelabError, type TActivity, type TMovement, type TRoutine } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { createFakeBackend, userRecord, type TFakeBackendParts } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { ActivityDetails } from './activity-details';

const activity: TActivity = {
  id: 'strength',
  name: 'Bodyweight strength',
  nameLowercase: 'bodyweight strength',
  categoryId: 'c1',
  description: 'Squats and push-ups.',
  imageUrl: '',
  difficulty: 'intermediate',
  durationMinutes: 20,
};
const squat: TMovement = {
  id: 'squat',
  activityId: 'strength',
  name: 'Squat',
  description: '',
  instructions: ['Feet shoulder-width apart', 'Drive up through the heels'],
  mediaUrl: '',
  unit: 'reps',
  movescore: null,
};
const routine: TRoutine = {
  id: 'starter',
  activityId: 'strength',
  name: 'Starter',
  description: '',
  steps: [
    { movementId: 'squat', reps: 12, restSeconds: 30 },
    { movementId: 'squat', seconds: 40, restSeconds: 15 },
  ],
};

/** A deferred answer, so the test can look at the screen while the call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(users: TFakeBackendParts['users'] = {}, activities: string[] = []) {
  useAppStore.getState().setCurrentUser({ ...userRecord('u1', { activities }), uid: 'u1' });
  const backend = createFakeBackend({
    users,
    catalog: {
      getActivity: async (id) => (id === activity.id ? activity : null),
      listMovements: async () => [squat],
      listRoutines: async () => [routine],
    },
  });
  renderWithProviders(<ActivityDetails activityId="strength" />, { backend });
  return userEvent.setup();
}

const storedActivities = () => useAppStore.getState().currentUser?.activities;

describe('ActivityDetails', () => {
  beforeEach(() => resetAppStore());
  afterEach(() => vi.restoreAllMocks());

  it('shows the description, movements with instructions, routine steps and practice links', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Bodyweight strength' })).toBeInTheDocument();
    expect(screen.getByText('Squats and push-ups.')).toBeInTheDocument();
    expect(screen.getByText('Intermediate')).toBeInTheDocument();
    expect(screen.getByText('Drive up through the heels')).toBeInTheDocument();
    expect(screen.getByText('Squat · 12 reps · rest 30 s')).toBeInTheDocument();
    expect(screen.getByText('Squat · 40 s · rest 15 s')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start practice' })).toHaveAttribute('href', '/practice/activity/strength');
    expect(screen.getByRole('link', { name: 'Start routine' })).toHaveAttribute('href', '/practice/routine/starter');
  });

  it('offers to practise each routine and each movement together', async () => {
    setup();
    const routineItem = await screen.findByRole('listitem', { name: 'Starter' });
    expect(within(routineItem).getByRole('link', { name: 'Practise together' })).toHaveAttribute('href', '/together/new?routine=starter');
    const movementItem = screen.getByRole('listitem', { name: 'Squat' });
    expect(within(movementItem).getByRole('link', { name: 'Practise together' })).toHaveAttribute('href', '/together/new?movement=squat');
  });

  it('adds the activity at once and keeps it when the backend agrees', async () => {
    const answer = deferred<ReturnType<typeof userRecord>>();
    const addActivity = vi.fn(() => answer.promise);
    const user = setup({ addActivity });

    await user.click(await screen.findByRole('button', { name: 'Add to my activities' }));
    // Optimistic: the screen and the store change before the backend answers.
    expect(screen.getByRole('button', { name: 'Remove from my activities' })).toBeInTheDocument();
    expect(storedActivities()).toEqual(['strength']);
    expect(addActivity).toHaveBeenCalledWith('u1', 'strength');

    answer.resolve(userRecord('u1', { activities: ['strength'] }));
    await waitFor(() => expect(addActivity).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Remove from my activities' })).toBeInTheDocument();
    expect(storedActivities()).toEqual(['strength']);
  });

  it('rolls an add back and says why when the backend refuses', async () => {
    const addActivity = vi.fn().mockRejectedValue(new MovelabError('app/permission-denied', 'Not allowed', 403));
    const user = setup({ addActivity });

    await user.click(await screen.findByRole('button', { name: 'Add to my activities' }));

    expect(await screen.findByText('Could not add the activity: Not allowed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to my activities' })).toBeInTheDocument();
    expect(storedActivities()).toEqual([]);
  });

  it('removes an added activity, and rolls the removal back on failure', async () => {
    const answer = deferred<never>();
    const removeActivity = vi.fn(() => answer.promise);
    const user = setup({ removeActivity }, ['other', 'strength']);

    await user.click(await screen.findByRole('button', { name: 'Remove from my activities' }));
    expect(screen.getByRole('button', { name: 'Add to my activities' })).toBeInTheDocument();
    expect(storedActivities()).toEqual(['other']);

    answer.reject(new Error('Network down'));
    expect(await screen.findByText('Could not remove the activity: Network down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove from my activities' })).toBeInTheDocument();
    expect(storedActivities()).toEqual(['other', 'strength']);
  });

  it('subscribes to a routine and shows the subscribed state', async () => {
    const addRoutineSubscription = vi.fn(async () => userRecord('u1', { routineSubscriptions: ['starter'] }));
    const user = setup({ addRoutineSubscription });

    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
    expect(addRoutineSubscription).toHaveBeenCalledWith('u1', 'starter');
    expect(useAppStore.getState().currentUser?.routineSubscriptions).toEqual(['starter']);
  });

  it('shows a not-found state with a way back for a missing activity', async () => {
    useAppStore.getState().setCurrentUser({ ...userRecord('u1'), uid: 'u1' });
    const backend = createFakeBackend({
      catalog: {
        getActivity: async () => null,
        listMovements: async () => [],
        listRoutines: async () => [],
      },
    });
    renderWithProviders(<ActivityDetails activityId="nope" />, { backend });
    expect(await screen.findByRole('heading', { name: 'Activity not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Discover' })).toHaveAttribute('href', '/discover');
  });
});
