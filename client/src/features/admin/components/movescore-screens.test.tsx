import type { TMovescoreGroup, TMovescoreMovement } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { GroupScreen, GroupsScreen } from './movescore-screens';

const group: TMovescoreGroup = { id: 'g1', name: 'Deep squat', coverUrl: '', description: '', movementCount: 0 };
const pistol = { id: 'm1', name: 'Pistol', description: '', perspectiveCount: 1 } as TMovescoreMovement;

describe('naming a group', () => {
  it('lists a group with no movement for the admin, and refuses a name another group has, letter case and spacing ignored, sending nothing', async () => {
    const createGroup = vi.fn(async () => group);
    const backend = createFakeBackend({
      movescore: { listGroups: async () => [{ ...group, name: 'QA Group d' }], countGroups: async () => 1, createGroup },
    });
    renderWithProviders(<GroupsScreen />, { backend, path: '/administration/movescore' });
    expect(await screen.findByRole('row', { name: /QA Group d/ })).toHaveTextContent('0');
    await userEvent.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await userEvent.type(within(dialog).getByLabelText('Name'), ' qa  group D');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('A group named “QA Group d” already exists: choose another name.')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(createGroup).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'QA Group e');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(createGroup).toHaveBeenCalledWith(expect.objectContaining({ name: 'QA Group e' })));
  });
});

describe('deleting a group', () => {
  it('reads what the group holds when asked, and deletes its movements only after saying so, even when its row is older', async () => {
    let answerMovements!: (movements: TMovescoreMovement[]) => void;
    const deleteGroup = vi.fn(async () => undefined);
    const backend = createFakeBackend({
      movescore: {
        // The row says no movement: the list was read before one was added.
        listGroups: async () => [group],
        countGroups: async () => 1,
        listMovements: () => new Promise<TMovescoreMovement[]>((resolve) => (answerMovements = resolve)),
        deleteGroup,
      },
    });
    renderWithProviders(<GroupsScreen />, { backend, path: '/administration/movescore' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Deep squat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group?' });
    // Until the group's movements are read, nothing can be deleted.
    expect(dialog).toHaveTextContent('Checking what “Deep squat” holds…');
    const confirm = within(dialog).getByRole('button', { name: /Delete/ });
    expect(confirm).toBeDisabled();
    answerMovements([pistol]);
    await waitFor(() => expect(dialog).toHaveTextContent('“Deep squat” has 1 movement and 1 perspective'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(deleteGroup).toHaveBeenCalledWith('g1', 'cascade'));
  });
});

describe('deleting a movement', () => {
  it('waits while its list is read again and asks about the movement as the list now has it', async () => {
    const reads: Array<(movements: TMovescoreMovement[]) => void> = [];
    const deleteMovement = vi.fn(async () => undefined);
    const backend = createFakeBackend({
      movescore: {
        getGroup: async () => ({ ...group, movementCount: 1 }),
        listMovements: () => new Promise<TMovescoreMovement[]>((resolve) => reads.push(resolve)),
        deleteMovement,
      },
    });
    const client = createQueryClient();
    renderWithProviders(<GroupScreen groupId="g1" />, { backend, queryClient: client });
    // First read: the movement without its perspective (added a moment later, elsewhere in the app).
    await waitFor(() => expect(reads).toHaveLength(1));
    reads[0]!([{ ...pistol, perspectiveCount: 0 }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Pistol' }));
    // The list is read again (the perspective's save invalidates it) while the question is open.
    void client.invalidateQueries({ queryKey: ['movescore-groups', 'g1', 'movements'] });
    const dialog = await screen.findByRole('dialog', { name: 'Delete movement?' });
    await waitFor(() => expect(dialog).toHaveTextContent('Checking what “Pistol” holds…'));
    expect(within(dialog).getByRole('button', { name: /Delete/ })).toBeDisabled();
    reads[1]!([{ ...pistol, perspectiveCount: 1 }]);
    await waitFor(() => expect(dialog).toHaveTextContent('“Pistol” has 1 perspective'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(deleteMovement).toHaveBeenCalledWith('g1', 'm1', 'cascade'));
  });
});
