import { SOCKET_ERRORS } from '@movelab/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useSearchParams } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSocketStatus } from '@/lib/socket/socket-context';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { createFakeBackend, userRecord } from '@/testing/fake-backend';
import { renderRoutes } from '@/testing/render';
import { readSeatNote } from '../lib/seat-store';
import { boardOf, GROUP, routine } from '../testing/fixtures';
import { answer, createGroupSocket, refusal, type TAnswers } from '../testing/fake-group-socket';
import { JoinCodeForm } from './join-code-form';
import { NewGroup } from './new-group';

const connection = vi.hoisted(() => ({ current: { socket: null as unknown, status: 'connected' as TSocketStatus, latest: {} } }));
vi.mock('@/lib/socket/socket-context', () => ({ useUserSocket: () => connection.current }));

const TOKEN = 'k'.repeat(43);

function Where() {
  const { pathname, hash } = useLocation();
  return <p data-testid="where">{`${pathname}${hash}`}</p>;
}

function NewGroupRoute() {
  const [search] = useSearchParams();
  return <NewGroup search={search} />;
}

function setup(answers: TAnswers, entry: string) {
  useAppStore.getState().setCurrentUser({ ...userRecord('ann'), uid: 'ann' });
  const gateway = createGroupSocket(answers);
  connection.current = { socket: gateway.socket, status: 'connected', latest: {} };
  const backend = createFakeBackend({ catalog: { getRoutine: async (id) => (id === 'r1' ? routine : null), listMovements: async () => [] } });
  renderRoutes(
    [
      { path: '/together', element: <JoinCodeForm /> },
      { path: '/together/new', element: <NewGroupRoute /> },
      { path: '/together/:groupId', element: <Where /> },
    ],
    { backend, entries: [entry] },
  );
  return { gateway, user: userEvent.setup() };
}

const opened = { groupId: GROUP, code: '123456', codeExpiresAt: Date.now() + 60_000, joinToken: TOKEN, board: boardOf({ phase: 'lobby' }) };

describe('opening a session', () => {
  beforeEach(() => {
    resetAppStore();
    sessionStorage.clear();
  });

  it('creates it for the routine’s steps and goes to its page with the link’s token, kept for this tab', async () => {
    const { gateway } = setup({ 'group:create': () => answer(opened) }, '/together/new?routine=r1');
    expect(await screen.findByTestId('where')).toHaveTextContent(`/together/${GROUP}#${TOKEN}`);
    expect(gateway.sent('group:create')).toEqual([{ plan: { routineId: 'r1', stepCount: 3 } }]);
    expect(readSeatNote(GROUP)).toMatchObject({ joinToken: TOKEN, isMember: true, code: { code: '123456' } });
  });

  it('invites the friend named in the address once the session is open', async () => {
    const { gateway } = setup(
      { 'group:create': () => answer(opened), 'group:invite': () => answer({ delivered: false }) },
      '/together/new?routine=r1&invite=bob',
    );
    await waitFor(() => expect(gateway.sent('group:invite')).toEqual([{ groupId: GROUP, joinToken: TOKEN, uid: 'bob' }]));
    expect(await screen.findByText('Your friend is not online now: send them the link.')).toBeInTheDocument();
  });

  it('says why it cannot open one (hosting another already, a routine that is gone)', async () => {
    setup({ 'group:create': () => refusal('socket/already-hosting') }, '/together/new?routine=r1');
    expect(await screen.findByRole('alert')).toHaveTextContent('You already host a session for something else.');
  });

  it('says a missing routine is missing', async () => {
    setup({}, '/together/new?routine=gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('This routine does not exist, or was removed');
  });
});

describe('joining with a code', () => {
  beforeEach(() => {
    resetAppStore();
    sessionStorage.clear();
  });

  it('checks the 6 digits, joins by them and goes to the session', async () => {
    const { gateway, user } = setup({ 'group:join': () => answer(boardOf({ phase: 'lobby' })) }, '/together');
    const code = await screen.findByRole('textbox', { name: 'Code' });
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();
    expect(gateway.sent('group:join')).toEqual([]);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(`/together/${GROUP}`);
    expect(gateway.sent('group:join')).toEqual([{ code: '123456', role: 'practising' }]);
    expect(readSeatNote(GROUP).isMember).toBe(true);
  });

  it('says a wrong or used code is wrong', async () => {
    const { user } = setup({ 'group:join': () => refusal(SOCKET_ERRORS.invalidCode) }, '/together');
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '654321');
    await user.click(screen.getByRole('checkbox', { name: 'Watch only' }));
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is wrong, expired or already used.');
  });
});
