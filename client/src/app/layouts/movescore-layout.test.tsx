import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteSessionProvider } from '@/features/remote-camera';
import { MovescoreLayout } from './movescore-layout';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { createFakeBackend, userRecord } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';

const analysis = (score: number, daysAgo: number) => ({
  id: `a${daysAgo}`,
  score,
  groupId: 'squat',
  movementId: 'm',
  perspectiveId: 'p',
  createdAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
});

function setup() {
  useAppStore.getState().setCurrentUser({
    ...userRecord('u1', {
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      createdAt: '2024-03-01T10:00:00.000Z',
    }),
    uid: 'u1',
  });
  const backend = createFakeBackend({
    identity: { currentUser: () => null },
    users: {
      loadVideoAnalyses: vi.fn(async () => [analysis(0.92, 1), analysis(0.8, 2)]),
      getAvatarUrl: async () => '',
    },
    catalog: {
      listUserStatSessions: vi.fn(async () => [
        {
          id: 's1',
          userId: 'u1',
          kind: 'practice' as const,
          activityId: null,
          routineId: null,
          startedAt: new Date().toISOString(),
          durationMs: 1000,
          reps: 3,
          score: null,
          createdAt: new Date().toISOString(),
        },
      ]),
    },
  });
  useAppStore.getState().setCurrentRoutePath('movescore-select-group');
  renderWithProviders(
    // Logout ends the remote camera session first: the layout sits under its provider, as in the app.
    <RemoteSessionProvider>
      <MovescoreLayout meta={{ layout: 'movescore' }}>
        <p>page</p>
      </MovescoreLayout>
    </RemoteSessionProvider>,
    { backend, path: '/movescore/analyze' },
  );
  return { user: userEvent.setup(), backend };
}

/** Each link of a navigation landmark: its label and where it leads. */
const destinations = (name: string) =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('movescore layout', () => {
  beforeEach(() => resetAppStore());

  it("keeps the app's navigation: the rail and the bottom bar, with the same destinations, History among them", () => {
    setup();
    expect(screen.getByRole('banner')).toHaveTextContent(/Movescore\s*Powered by Movelab/);
    const rail = destinations('Main');
    const bar = destinations('Quick');
    expect(bar).toEqual([
      ['Home', '/home'],
      ['Discover', '/discover'],
      ['Movescore', '/movescore/analyze'],
      ['History', '/history'],
    ]);
    bar.forEach((entry) => expect(rail).toContainEqual(entry));
    for (const name of ['Main', 'Quick']) {
      const movescore = within(screen.getByRole('navigation', { name })).getByRole('link', { name: 'Movescore' });
      expect(movescore).toHaveAttribute('aria-current', 'page');
    }
    // One profile button, Movescore's: the app's avatar button would stand beside it.
    expect(screen.queryByRole('link', { name: /profile and settings/i })).not.toBeInTheDocument();
  });
});

describe('movescore profile dialog', () => {
  beforeEach(() => resetAppStore());

  it('shows the signed-in user, the recap from their history, and closes on Escape', async () => {
    const { user, backend } = setup();
    expect(screen.getByText('Powered by Movelab')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Member since 2024')).toBeInTheDocument();
    expect(within(dialog).getByText('AL')).toBeInTheDocument();

    const recap = await within(dialog).findByRole('list', { name: 'Recap' });
    // 2 analyses + 1 practice session; mean 86%; the last against the one before, 92 - 80 = 12 points;
    // achievements: first analysis, 90%, improver, and 3 days in a row (today, yesterday, the day before).
    expect(
      within(recap)
        .getAllByRole('listitem')
        .map((tile) => tile.textContent),
    ).toEqual(['3Sessions', '86%Average score', '12 points higherYour last analysis against the one before']);
    const achievements = within(dialog).getByRole('list', { name: 'Achievements' });
    expect(within(dialog).getByRole('heading', { name: 'Achievements: 4 of 8' })).toBeInTheDocument();
    expect(within(achievements).getByText('First analysis').parentElement).toHaveTextContent('Reached');
    expect(within(achievements).getByText('10 sessions').parentElement).toHaveTextContent('Not yet');
    expect(backend.users.loadVideoAnalyses).toHaveBeenCalledWith('u1', 200);
    expect(within(dialog).getByRole('region', { name: 'Recent Sessions' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes from the header back button and from the close action', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Back',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Close',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
