import { SOCKET_ERRORS, type TGroupBoard } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSocketStatus } from '@/lib/socket/socket-context';
import { resetAppStore, useAppStore } from '@/stores/app-store';
import { createFakeBackend, userRecord } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { boardOf, endedOf, GROUP, member, resultOf, routine } from '../testing/fixtures';
import { answer, createGroupSocket, refusal } from '../testing/fake-group-socket';
import { TogetherSession } from './together-session';

const connection = vi.hoisted(() => ({ current: { socket: null as unknown, status: 'connected' as TSocketStatus, latest: {} } }));
vi.mock('@/lib/socket/socket-context', () => ({ useUserSocket: () => connection.current }));
// The member's camera (another piece): one button stands for a counted rep.
vi.mock('../camera/together-camera', () => ({
  TogetherCamera: ({ onCount, isCounting }: { onCount: (count: { reps: number; score: number | null }) => void; isCounting: boolean }) => (
    <button type="button" onClick={() => onCount({ reps: 2, score: 0.5 })}>
      {isCounting ? 'Camera counting' : 'Camera waiting'}
    </button>
  ),
}));

const TOKEN = 't'.repeat(43);

function setup(answers: Parameters<typeof createGroupSocket>[0], joinToken: string | null = TOKEN) {
  useAppStore.getState().setCurrentUser({ ...userRecord('bob'), uid: 'bob' });
  const gateway = createGroupSocket(answers);
  connection.current = { socket: gateway.socket, status: 'connected', latest: {} };
  const createUserStatSession = vi.fn(async (input: object) => ({ ...input }));
  const backend = createFakeBackend({
    catalog: {
      getRoutine: async () => routine,
      listMovements: async () => [
        { id: 'squat', activityId: 'a1', name: 'Squat', description: '', instructions: [], mediaUrl: '', unit: 'reps' as const, movescore: null },
      ],
      createRoutineCompletion: vi.fn(async (input) => ({ ...input, id: 'c', userId: 'bob', completedAt: '' })) as never,
      createUserStatSession: createUserStatSession as never,
    },
  });
  renderWithProviders(<TogetherSession groupId={GROUP} joinToken={joinToken} />, { backend });
  return { gateway, createUserStatSession, user: userEvent.setup() };
}

const lobby = (extra: Partial<TGroupBoard> = {}) => boardOf({ phase: 'lobby', step: 0, startsAt: null, now: Date.now(), ...extra });

describe('a group session’s page', () => {
  beforeEach(() => {
    resetAppStore();
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks someone who opened the link to join, joins them by the link, then shows the lobby with their Ready switch', async () => {
    const { gateway, user } = setup({
      'group:rejoin': () => refusal(SOCKET_ERRORS.notFound),
      'group:join': () => answer(lobby({ members: [member('ann'), member('bob')] })),
    });
    await user.click(await screen.findByRole('button', { name: 'Join the session' }));
    expect(gateway.sent('group:join')).toEqual([{ groupId: GROUP, joinToken: TOKEN, role: 'practising' }]);
    await user.click(await screen.findByRole('switch', { name: 'Ready' }));
    expect(gateway.sent('group:ready')).toEqual([{ groupId: GROUP, ready: true }]);
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
  });

  it('joins to watch when asked, and says plainly when the link no longer works', async () => {
    const { gateway, user } = setup({
      'group:rejoin': () => refusal(SOCKET_ERRORS.notFound),
      'group:join': () => refusal(SOCKET_ERRORS.invalidJoinToken),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Watch only' }));
    await user.click(screen.getByRole('button', { name: 'Join the session' }));
    expect(gateway.sent('group:join')[0]).toMatchObject({ role: 'watching' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is wrong or no longer works.');
  });

  it('says a session that ended is over', async () => {
    setup({ 'group:rejoin': () => refusal(SOCKET_ERRORS.sessionEnded), 'group:results': () => refusal(SOCKET_ERRORS.notFound) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This session has ended.');
    expect(screen.getByRole('link', { name: 'Join with a code' })).toHaveAttribute('href', '/together');
  });

  it('says a full session is full, and keeps the way to join it to watch', async () => {
    const full = 'This group session is full: 8 people already practise: join to watch';
    const { user } = setup({ 'group:rejoin': () => refusal(SOCKET_ERRORS.notFound), 'group:join': () => refusal(SOCKET_ERRORS.sessionFull, full) });
    await user.click(await screen.findByRole('button', { name: 'Join the session' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(full);
    expect(screen.getByRole('checkbox', { name: 'Watch only' })).toBeInTheDocument();
  });

  it('says a link without its token is incomplete when this user is not in the session', async () => {
    setup({ 'group:rejoin': () => refusal(SOCKET_ERRORS.notFound) }, null);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not in this session.');
  });

  it('takes a reloaded member back to their seat: the board live, their count going on from the gateway’s', async () => {
    const running = boardOf({ now: Date.now(), startsAt: Date.now() - 1_000, members: [member('ann'), member('bob', { reps: 4 })] });
    const { gateway, user } = setup({ 'group:rejoin': () => answer(running) }, null);
    const board = await screen.findByRole('table', { name: 'Live board' });
    gateway.fire('group:count', { groupId: GROUP, step: 1, uid: 'ann', reps: 6, score: 0.9, status: 'active' });
    expect(within(board).getByLabelText('Ann: reps')).toHaveTextContent('6');
    expect(within(board).getByLabelText('Ann: score')).toHaveTextContent('90%');

    await user.click(screen.getByRole('button', { name: 'Camera counting' }));
    await waitFor(() => expect(gateway.sent('group:count')).toEqual([{ groupId: GROUP, reps: 6, score: 0.5, status: 'active' }]));
  });

  it('tells everyone who the new host is', async () => {
    const { gateway } = setup({ 'group:rejoin': () => answer(lobby({ members: [member('ann'), member('bob')] })) });
    await screen.findByRole('list', { name: 'People in this session' });
    gateway.fire('group:host-changed', { groupId: GROUP, hostUid: 'bob', previousHostUid: 'ann' });
    expect(screen.getAllByText('You are the host now').length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
  });

  it('shows the summary at the end and saves this member’s result once, with who else practised', async () => {
    const { gateway, createUserStatSession } = setup({ 'group:rejoin': () => answer(boardOf({ now: Date.now() })) });
    await screen.findByRole('table', { name: 'Live board' });
    const ended = endedOf([resultOf('ann', [{ reps: 8, score: 0.8 }]), resultOf('bob', [{ reps: 5, score: null }])]);
    gateway.fire('group:ended', ended);
    gateway.fire('group:ended', ended);
    expect(await screen.findByRole('table', { name: 'Summary' })).toBeInTheDocument();
    expect(await screen.findByText(/Saved to your history/)).toBeInTheDocument();
    expect(createUserStatSession).toHaveBeenCalledTimes(1);
    expect(createUserStatSession.mock.calls[0]![0]).toMatchObject({
      kind: 'practice',
      routineId: 'r1',
      reps: 5,
      score: null,
      together: { groupId: GROUP, people: [{ uid: 'ann', name: 'Ann' }] },
    });
  });
});
