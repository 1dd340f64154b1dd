import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/config/paths';
import { RemoteSessionProvider } from '@/features/remote-camera';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { createFakeBackend, userRecord } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { DefaultLayout } from './default-layout';

function renderLayout(meta: (typeof routes)[keyof typeof routes]['meta'], avatarUrl = '') {
  const backend = createFakeBackend({ users: { getAvatarUrl: async () => avatarUrl } });
  renderWithProviders(
    // Logout ends the remote camera session first: the layout sits under its provider, as in the app.
    <RemoteSessionProvider>
      <DefaultLayout meta={meta}>
        <p>page</p>
      </DefaultLayout>
    </RemoteSessionProvider>,
    { backend },
  );
}

describe('DefaultLayout profile button', () => {
  beforeEach(() => {
    resetAppStore();
    useAppStore.setState({ currentUser: { ...userRecord('u1', { displayName: 'Ada Lovelace' }), uid: 'u1' } });
  });

  // Generous time: the first render loads the layout's whole module graph.
  it('shows the avatar button linking to settings on ordinary pages', { timeout: 20_000 }, async () => {
    renderLayout(routes.home.meta, '/files/avatars/u1?token=t');
    const buttons = screen.getAllByRole('link', { name: 'AL: profile and settings' });
    expect(buttons.length).toBeGreaterThan(0);
    buttons.forEach((button) => expect(button).toHaveAttribute('href', '/settings'));
    expect((await screen.findAllByRole('img', { name: "Ada Lovelace's avatar" }, { timeout: 10_000 }))[0]).toHaveAttribute(
      'src',
      '/files/avatars/u1?token=t',
    );
  });

  it.each([
    ['friends', routes.friends.meta],
    ['community', routes.community.meta],
    ['settings', routes.settings.meta],
  ])('hides it on %s', (_name, meta) => {
    renderLayout(meta);
    expect(screen.queryByRole('link', { name: /profile and settings/i })).not.toBeInTheDocument();
  });
});
