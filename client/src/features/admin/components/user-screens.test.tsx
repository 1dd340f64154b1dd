import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend, userRecord } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { UserScreen } from './user-screen';
import { UsersScreen } from './users-screen';

/** A record the backend could not read whole (readableUser): its activities were not ids. */
const unreadable = userRecord('u-hidden', { displayName: '', displayNameLowercase: '', unreadableFields: ['activities'] });

describe('a user record the app cannot read whole', () => {
  it('is a row of the user list, named as unreadable with its id and opening the user', async () => {
    const backend = createFakeBackend({
      users: {
        filterUsers: async () => ({
          items: [userRecord('u1', { displayName: 'Ada' }), unreadable, userRecord('u3', { displayName: 'Bo' })],
          nextCursor: 'more',
          prevCursor: null,
        }),
        countUsers: async () => 3,
      },
    });
    renderWithProviders(<UsersScreen />, { backend, path: '/administration/users' });
    const link = await screen.findByRole('link', { name: 'Unreadable record u-hidden' });
    expect(link).toHaveAttribute('href', expect.stringContaining('u-hidden'));
    expect(screen.getByRole('link', { name: 'Bo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('opens with the fields it could not read named, and can be disabled', async () => {
    const setDisabled = vi.fn(async () => ({ ...unreadable, disabled: true }));
    const backend = createFakeBackend({
      users: { getUser: async () => unreadable, setDisabled, loadVideoAnalyses: async () => [] },
      catalog: { getActivity: async () => null, getRoutine: async () => null },
    });
    renderWithProviders(<UserScreen userId="u-hidden" />, { backend, path: '/administration/users/u-hidden' });
    expect(await screen.findByRole('heading', { name: 'Unreadable record u-hidden' })).toBeInTheDocument();
    expect(screen.getByText(/^activities: stored in a form the app cannot read/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable account?' });
    expect(dialog).toHaveTextContent('Unreadable record u-hidden is signed out everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(setDisabled).toHaveBeenCalledWith('u-hidden', true);
  });
});
