import type { TGroupInvitation } from '@movelab/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCatalogPort } from '@/lib/backend/port';
import { createFakeBackend } from '@/testing/fake-backend';
import { createFakeSocket, type TFakeSocket } from '@/testing/fake-socket';
import { renderRoutes } from '@/testing/render';
import { PLAN_NAME_WAIT_MS } from '../api/get-plan-name';
import { InvitationNotices } from './invitation-notices';

// The signed-in user's connection: a fake the test speaks through as the gateway would.
const connection = vi.hoisted(() => ({ current: null as TFakeSocket | null }));
vi.mock('@/lib/socket/socket-context', () => ({
  useUserSocket: () => ({ socket: connection.current?.socket ?? null, status: 'connected', latest: {} }),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

function renderShell(catalog: Partial<TCatalogPort> = {}, at = '/home') {
  const backend = createFakeBackend({ catalog });
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <InvitationNotices />
            <Where />
          </>
        ),
      },
    ],
    { backend, entries: [at] },
  );
}

const invitation = (overrides: Partial<TGroupInvitation> = {}): TGroupInvitation => ({
  groupId: 'grp-1',
  joinToken: 'join-token-0123456789abcdef',
  fromUid: 'ann',
  fromName: 'Ann',
  plan: { routineId: 'starter', stepCount: 3 },
  expiresAt: Date.now() + 600_000,
  ...overrides,
});

beforeEach(() => {
  connection.current = createFakeSocket();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('an invitation to practise together', () => {
  it('shows who invites to what, in the live region, and Join opens the session with its token', async () => {
    renderShell({ getRoutine: async (id) => (id === 'starter' ? ({ id, name: 'Full-body starter' } as never) : null) });

    act(() => connection.current!.receive('group:invited', invitation()));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Ann invites you to practise Full-body starter');
    expect(notice.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');

    await userEvent.click(within(notice).getByRole('button', { name: 'Join' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/together/grp-1#join-token-0123456789abcdef');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names a movement, and says "together" when the name cannot be read', async () => {
    renderShell({
      getMovement: async (id) => (id === 'squat' ? ({ id, name: 'Air squat' } as never) : null),
      getRoutine: async () => Promise.reject(new Error('offline')),
    });

    act(() => connection.current!.receive('group:invited', invitation({ plan: { movementId: 'squat' } })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ann invites you to practise Air squat');

    act(() => connection.current!.receive('group:invited', invitation({ groupId: 'grp-2', fromName: 'Bo' })));
    expect(await screen.findByText('Bo invites you to practise together')).toBeInTheDocument();
  });

  it(`does not wait more than ${PLAN_NAME_WAIT_MS} ms for the name`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell({ getRoutine: () => new Promise(() => {}) });

    act(() => connection.current!.receive('group:invited', invitation()));
    await act(() => vi.advanceTimersByTimeAsync(PLAN_NAME_WAIT_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ann invites you to practise together');
  });

  it('ignores a malformed event, and one for the session already open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell({ getRoutine: async () => null }, '/together/grp-1');
    act(() => connection.current!.receive('group:invited', invitation({ groupId: 'grp-3', fromName: 'Cy' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cy invites you to practise together');

    act(() => connection.current!.receive('group:invited', { groupId: 'grp-9', fromName: 'Eve' }));
    act(() => connection.current!.receive('group:invited', invitation()));
    // Past the longest wait for a name: either would have replaced Cy's notice by now.
    await act(() => vi.advanceTimersByTimeAsync(PLAN_NAME_WAIT_MS + 100));
    expect(screen.getByRole('alert')).toHaveTextContent('Cy invites you to practise together');
  });
});
