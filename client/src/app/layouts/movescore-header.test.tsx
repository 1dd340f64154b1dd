import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAppStore } from '@/stores/app-store';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderRoutes } from '@/testing/render';
import { MovescoreHeader } from './movescore-header';

/** The header on every page, the router opened at the last of `entries`. */
function openAt(entries: string[]) {
  const router = renderRoutes([{ path: '*', element: <MovescoreHeader /> }], { backend: createFakeBackend(), entries });
  return { router, user: userEvent.setup() };
}

describe('MovescoreHeader', () => {
  beforeEach(() => resetAppStore());

  it('shows the title and Powered by, and names its buttons by their labels', () => {
    openAt(['/movescore/analyze']);
    expect(screen.getByRole('banner')).toHaveTextContent(/^BackMovescorePowered by Movelab/);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveTextContent('Back');
    const home = screen.getByRole('link', { name: 'Movescore home' });
    expect(home).toHaveAttribute('href', '/movescore');
    expect(home).toHaveTextContent('Home');
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('goes back to the previous page, not to a fixed one', async () => {
    const { router, user } = openAt(['/discover', '/movescore/analyze/squat', '/movescore/analyze/squat/movement/m']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/movescore/analyze/squat');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/discover');
  });

  it("with no page before it in the app, goes to Movescore's home, and from there to the app's", async () => {
    const { router, user } = openAt(['/movescore/analyze/squat']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/movescore');
    // The home it went to is a new page: back returns to the group.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/movescore/analyze/squat');
  });

  it("opened at Movescore's home with no page before it, goes to the app's home", async () => {
    const { router, user } = openAt(['/movescore']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/home');
  });
});
