import { APP_ERRORS, MovelabError, type TActivity, type TRoutine, type TUserStatSession } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { TCatalogPort } from '@/lib/backend/port';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderRoutes } from '@/testing/render';
import { FriendsScreen } from './friends-page';

const session = (createdAt: string, groupId: string, people: [string, string][]): TUserStatSession => ({
  id: `s-${groupId}`,
  userId: 'me',
  kind: 'practice',
  activityId: 'strength',
  routineId: null,
  startedAt: createdAt,
  durationMs: 60_000,
  reps: 10,
  score: null,
  createdAt,
  together: { groupId, people: people.map(([uid, name]) => ({ uid, name })) },
});
const alone: TUserStatSession = { ...session('2026-03-09T10:00:00.000Z', 'x', []), id: 'alone' };
delete (alone as Partial<TUserStatSession>).together;

const activities = [
  { id: 'strength', name: 'Bodyweight strength' },
  { id: 'yoga', name: 'Yoga' },
] as TActivity[];
const routines = [
  { id: 'starter', activityId: 'strength', name: 'Full-body starter' },
  { id: 'flow', activityId: 'yoga', name: 'Morning flow' },
] as TRoutine[];

/** What the new session's page was opened with. */
function NewSessionPage() {
  const location = useLocation();
  return <p data-testid="new-session">{location.search}</p>;
}

function renderFriends(catalog: Partial<TCatalogPort>) {
  const backend = createFakeBackend({ catalog: { listActivities: async () => activities, listRoutines: async () => routines, ...catalog } });
  return renderRoutes(
    [
      { path: '/friends', element: <FriendsScreen uid="me" /> },
      { path: '/together/new', element: <NewSessionPage /> },
    ],
    { backend, entries: ['/friends'] },
  );
}

const twoFriends = async () => [
  session('2026-03-01T10:00:00.000Z', 'g1', [
    ['ann', 'Ann'],
    ['bo', 'Bo'],
  ]),
  alone,
  session('2026-03-05T10:00:00.000Z', 'g2', [['bo', 'Bo']]),
];

describe('Friends', () => {
  it('lists the people practised with, newest first, with when and how often', async () => {
    renderFriends({ listUserStatSessions: twoFriends });

    const list = await screen.findByRole('list', { name: 'People you have practised with' });
    const rows = within(list).getAllByTestId('friend');
    expect(rows.map((row) => row.querySelector('.font-medium')?.textContent)).toEqual(['Bo', 'Ann']);
    expect(rows[0]).toHaveTextContent(/Last practised together .*2026 · 2 times/);
    expect(rows[1]).toHaveTextContent(/Last practised together .*2026 · once/);
    expect(within(rows[0]!).getByRole('button', { name: 'Invite Bo' })).toBeInTheDocument();
  });

  it('with nobody yet: says how friends get here, with a way to Discover', async () => {
    renderFriends({ listUserStatSessions: async () => [alone] });

    expect(await screen.findByText(/Practise together with someone and they appear here\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a routine in Discover' })).toHaveAttribute('href', '/discover');
    expect(screen.queryByRole('list', { name: 'People you have practised with' })).not.toBeInTheDocument();
  });

  it('says so when the history cannot be read, and reads it again on Try again', async () => {
    const listUserStatSessions = vi
      .fn()
      .mockRejectedValueOnce(new MovelabError(APP_ERRORS.forbidden, 'You may not read this history', 403))
      .mockImplementation(twoFriends);
    renderFriends({ listUserStatSessions });

    expect(await screen.findByRole('alert')).toHaveTextContent('Your friends could not be loaded: You may not read this history');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Invite Ann' })).toBeInTheDocument();
  });
});

describe('Friends, inviting one', () => {
  it('opens a labelled dialog to choose a routine, then opens the new session inviting that friend', async () => {
    const router = renderFriends({ listUserStatSessions: twoFriends });

    await userEvent.click(await screen.findByRole('button', { name: 'Invite Ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Ann to practise' });
    const select = await within(dialog).findByRole('combobox', { name: 'Routine' });
    expect(
      within(select)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Bodyweight strength', 'Yoga']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Start and invite' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a routine to practise.');
    expect(router.state.location.pathname).toBe('/friends');

    await userEvent.selectOptions(select, 'Morning flow');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start and invite' }));
    expect(await screen.findByTestId('new-session')).toHaveTextContent('?routine=flow&invite=ann');
    expect(router.state.location.pathname).toBe('/together/new');
  });

  it('keeps the keyboard inside while open, and closes on Escape, inviting nobody', async () => {
    const router = renderFriends({ listUserStatSessions: twoFriends });

    await userEvent.click(await screen.findByRole('button', { name: 'Invite Bo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Bo to practise' });
    await within(dialog).findByRole('combobox', { name: 'Routine' });
    for (let press = 0; press < 5; press += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/friends');
  });
});
