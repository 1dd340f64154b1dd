import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBackend, TUserPort } from '@/lib/backend/port';
import type * as TSocketModule from '@/lib/socket/socket';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { authUser, createFakeBackend, createFakeIdentity, userRecord } from '@/testing/fake-backend';
import type { TFakeSocket } from '@/testing/fake-socket';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

// No gateway behind the fake backend: each test opens (or fails) the app's connection itself.
const sockets = vi.hoisted((): TFakeSocket[] => []);
vi.mock('@/lib/socket/socket', async (importOriginal) => {
  const { createFakeSocket } = await import('@/testing/fake-socket');
  return {
    ...(await importOriginal<typeof TSocketModule>()),
    createUserSocket: () => {
      const fake = createFakeSocket();
      sockets.push(fake);
      return fake.socket;
    },
  };
});

/** The app's connection to the gateway, once it has made one. */
async function appSocket(): Promise<TFakeSocket> {
  await waitFor(() => expect(sockets).toHaveLength(1));
  return sockets[0]!;
}

const ada = authUser('u-ada', 'ada@example.com', 'Ada');

function renderApp(backend: TBackend, path: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  render(
    <AppProvider loadBackend={async () => backend}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const where = (router: ReturnType<typeof createMemoryRouter>) => `${router.state.location.pathname}${router.state.location.search}`;

/**
 * Ada, signed in with the record `getUser` gives, opens an admin page: the app's loading
 * indicator, announced as a status, stands in place of a redirect until its connection (returned)
 * opens or fails.
 */
async function openWhileRolesUnknown(getUser: TUserPort['getUser'], path: string) {
  const router = renderApp(createFakeBackend({ identity: createFakeIdentity([], ada), users: { getUser } }), path);
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Checking your access…'));
  expect(where(router)).toBe(path);
  return { router, socket: await appSocket() };
}

describe('routes and guards', () => {
  beforeEach(() => {
    resetAppStore();
    sockets.length = 0;
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends a signed-out user to /auth and back to the page after sign-in', async () => {
    const backend = createFakeBackend({
      identity: createFakeIdentity([{ password: 'secret1', user: ada }]),
      users: { getUser: async (uid) => userRecord(uid, { displayName: 'Ada' }) },
    });
    const router = renderApp(backend, '/discover');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(where(router)).toBe('/auth?redirect=%2Fdiscover');
    expect(document.title).toBe('Movelab - Sign in');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeInTheDocument();
    expect(where(router)).toBe('/discover');
    expect(document.title).toBe('Movelab - Discover');
    expect(useAppStore.getState().currentRoutePath).toBe('discover');
  });

  it("redirects / to /home and creates the missing user record, named 'New User' where the account has no name", async () => {
    const createUser = vi.fn(async (uid: string, data: { displayName: string; email: string }) => userRecord(uid, { ...data, roles: [] }));
    const backend = createFakeBackend({
      identity: createFakeIdentity([], authUser('u-new', 'new@example.com', null)),
      users: { getUser: async () => null, createUser },
    });
    const router = renderApp(backend, '/');

    // Home greets without the placeholder name.
    expect(await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(createUser).toHaveBeenCalledWith('u-new', { displayName: 'New User', email: 'new@example.com' });
    expect(await screen.findByText(/No analyses yet/)).toBeInTheDocument();
    expect(document.title).toBe('Movelab - Home');
  });

  const noAdmin = () => async (uid: string) => userRecord(uid, { roles: [] });
  /** The record at start-up, then a failed read when the connection reads it again. */
  const noSecondRead = () => {
    let reads = 0;
    return async (uid: string) => {
      reads += 1;
      if (reads > 1) throw new Error('Failed to fetch');
      return userRecord(uid, { roles: [] });
    };
  };
  it.each([
    {
      when: 'once the connection has read the roles',
      path: '/administration/user',
      getUser: noAdmin,
      connect: (socket: TFakeSocket) => socket.open(),
    },
    { when: 'when the connection fails', path: '/administration', getUser: noAdmin, connect: (socket: TFakeSocket) => socket.fail() },
    {
      when: 'when the roles cannot be read again',
      path: '/administration/live',
      getUser: noSecondRead,
      connect: (socket: TFakeSocket) => socket.open(),
    },
  ])('sends a signed-in user without ADMIN from $path to /home $when, not before', async ({ path, getUser, connect }) => {
    const { router, socket } = await openWhileRolesUnknown(getUser(), path);

    act(() => connect(socket));

    expect(await screen.findByRole('heading', { name: /Ada/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(useAppStore.getState()).toMatchObject({ roles: [], rolesStatus: 'known' });
  });

  it('holds an admin deep link while the roles are unknown and opens it when the connection brings ADMIN', async () => {
    // The record says no ADMIN at start-up; the gateway grants it as it verifies the connection (ADMIN_EMAILS).
    let roles: string[] = [];
    const { router, socket } = await openWhileRolesUnknown(async (uid) => userRecord(uid, { roles }), '/administration/user?page=2');
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();

    roles = ['ADMIN'];
    act(() => socket.open());

    // The administration screens are a lazy chunk: the first import is transformed on demand.
    expect(await screen.findByRole('heading', { name: 'Users' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(where(router)).toBe('/administration/user?page=2');
    expect(useAppStore.getState()).toMatchObject({ roles: ['ADMIN'], rolesStatus: 'known' });
  });

  it('lets an admin into the administration area', async () => {
    const backend = createFakeBackend({
      identity: createFakeIdentity([], ada),
      users: { getUser: async (uid) => userRecord(uid, { roles: ['ADMIN'] }) },
    });
    const router = renderApp(backend, '/administration/user');

    // The administration screens are a lazy chunk: the first import is transformed on demand.
    expect(await screen.findByRole('heading', { name: 'Users' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/administration/user');
    expect(document.title).toBe('Movelab - Administration');
    expect(useAppStore.getState().roles).toEqual(['ADMIN']);
  });

  it('logs out from the navigation after asking: signed out, user cleared, on /auth', async () => {
    const identity = createFakeIdentity([], ada);
    const backend = createFakeBackend({ identity, users: { getUser: async (uid) => userRecord(uid, { roles: ['ADMIN'] }) } });
    const router = renderApp(backend, '/home');
    await screen.findByRole('heading', { name: /Ada/ });

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    // Cancelled: still signed in, still home.
    await user.click(within(await screen.findByRole('dialog', { name: 'Log out of Movelab?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/home');
    expect(identity.currentUser?.()).not.toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await user.click(within(await screen.findByRole('dialog', { name: 'Log out of Movelab?' })).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(identity.currentUser?.()).toBeNull();
    expect(useAppStore.getState()).toMatchObject({ currentUser: null, roles: [] });
  });

  it('sends a signed-out user with a group session’s link to /auth and back to the session, its token kept', async () => {
    const backend = createFakeBackend({
      identity: createFakeIdentity([{ password: 'secret1', user: ada }]),
      users: { getUser: async (uid) => userRecord(uid, { displayName: 'Ada' }) },
    });
    const link = `/together/${'g'.repeat(22)}#${'t'.repeat(43)}`;
    const router = renderApp(backend, link);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(where(router)).toBe(`/auth?redirect=${encodeURIComponent(link)}`);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe(link));
  });

  it('takes an old history address to its new place, query kept, then through the guard', async () => {
    const router = renderApp(createFakeBackend({ identity: createFakeIdentity([]) }), '/movescore/history?kind=practice');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(where(router)).toBe(`/auth?redirect=${encodeURIComponent('/history?kind=practice')}`);

    await act(() => router.navigate('/movescore/history/analysis/a1'));
    await waitFor(() => expect(where(router)).toBe(`/auth?redirect=${encodeURIComponent('/history/analysis/a1')}`));
  });

  it('shows an error screen with a retry when the backend cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = createFakeBackend({ identity: createFakeIdentity([], null) });
    const loadBackend = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValue(backend);
    render(
      <AppProvider loadBackend={loadBackend}>
        <RouterProvider router={createMemoryRouter(createAppRoutes(), { initialEntries: ['/home'] })} />
      </AppProvider>,
    );

    expect(await screen.findByRole('heading', { name: 'Movelab could not start' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(loadBackend).toHaveBeenCalledTimes(2);
  });
});
