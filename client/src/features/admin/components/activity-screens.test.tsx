import type { TActivity } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { ActivitiesScreen } from './activity-screens';

const activity = (id: string, name: string): TActivity => ({
  id,
  name,
  nameLowercase: name.toLowerCase(),
  categoryId: 'c1',
  description: '',
  imageUrl: '',
  difficulty: 'beginner',
  durationMinutes: 15,
});

describe('deleting activities with the keyboard', () => {
  it('moves focus to the next row’s Delete, and to New activity once none is left, never to the page', async () => {
    let stored = [activity('a1', 'Boxing'), activity('a2', 'Yoga')];
    const backend = createFakeBackend({
      catalog: {
        listActivities: async () => stored,
        countActivities: async () => stored.length,
        listCategories: async () => [{ id: 'c1', name: 'Fitness', description: '', order: 0, icon: '' }],
        listMovements: async () => [],
        listRoutines: async () => [],
        deleteActivity: async (id: string) => {
          stored = stored.filter((item) => item.id !== id);
        },
      },
    });
    renderWithProviders(<ActivitiesScreen />, { backend, path: '/administration/activity' });
    const user = userEvent.setup();

    const deleteWithKeyboard = async (name: string) => {
      screen.getByRole('button', { name: `Delete ${name}` }).focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Delete activity?' });
      const confirm = within(dialog).getByRole('button', { name: 'Delete' });
      await waitFor(() => expect(confirm).toBeEnabled());
      confirm.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };

    await screen.findByRole('button', { name: 'Delete Boxing' });
    // The difficulty is capitalised as on the user's screens and in the form's choices.
    expect(screen.getByRole('row', { name: /Boxing/ })).toHaveTextContent('Beginner');
    await deleteWithKeyboard('Boxing');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Boxing' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Yoga' })).toHaveFocus());

    await deleteWithKeyboard('Yoga');
    await waitFor(() => expect(screen.getByText('No activities yet.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'New activity' })).toHaveFocus());
  });
});
