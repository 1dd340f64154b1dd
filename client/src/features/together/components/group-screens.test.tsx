import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { boardOf, endedOf, GROUP, member, resultOf } from '../testing/fixtures';
import { GroupLobby } from './group-lobby';
import { GroupStage } from './group-stage';
import { GroupSummary } from './group-summary';
import { LiveBoard } from './live-board';

vi.mock('../camera/together-camera', () => ({ TogetherCamera: () => <p>Your camera</p> }));

const render = (ui: React.ReactElement) => renderWithProviders(ui, { backend: createFakeBackend() });
const TOKEN = 't'.repeat(43);
const lobby = boardOf({
  phase: 'lobby',
  step: 0,
  startsAt: null,
  members: [member('ann', { ready: true }), member('bob'), member('cai', { role: 'watching' })],
});
const sessionOf = (isHost: boolean) => ({
  setReady: vi.fn(async () => null),
  start: vi.fn(async () => null),
  newCode: vi.fn(async () => undefined),
  code: { groupId: GROUP, code: '482913', codeExpiresAt: Date.now() + 60_000 },
  joinToken: TOKEN,
  pending: null,
  isHost,
});

describe('the lobby', () => {
  it('shows the host the QR code, the link, the code with its expiry, and Start', () => {
    render(<GroupLobby board={lobby} uid="ann" session={sessionOf(true)} />);
    expect(screen.getByLabelText('Session code')).toHaveTextContent('482913');
    expect(screen.getByText(/Each person can use it once, until/)).toBeInTheDocument();
    const link = `${window.location.origin}/together/${GROUP}#${TOKEN}`;
    expect(screen.getByRole('link', { name: 'Join link' })).toHaveAttribute('data-join-url', link);
    expect(screen.getByRole('textbox', { name: 'Link to share' })).toHaveValue(link);
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'New code' })).toBeInTheDocument();
  });

  it('shows a member who is in, the host, and their own Ready switch, without the host’s controls', async () => {
    const session = sessionOf(false);
    render(<GroupLobby board={lobby} uid="bob" session={session} />);
    expect(screen.getByText('Hosted by Ann.')).toBeInTheDocument();
    const people = screen.getByRole('list', { name: 'People in this session' });
    expect(within(people).getByRole('listitem', { name: 'Ann' })).toHaveTextContent('Practising · Ready · Connected');
    expect(within(people).getByRole('listitem', { name: 'Cai' })).toHaveTextContent('Watching · Connected');
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Session code')).not.toBeInTheDocument();

    const ready = screen.getByRole('switch', { name: 'Ready' });
    expect(ready).not.toBeChecked();
    await userEvent.setup().click(ready);
    expect(session.setReady).toHaveBeenCalledWith(true);
  });

  it('gives a watcher no Ready switch', () => {
    render(<GroupLobby board={lobby} uid="cai" session={sessionOf(false)} />);
    expect(screen.queryByRole('switch', { name: 'Ready' })).not.toBeInTheDocument();
    expect(screen.getByText(/You watch this session/)).toBeInTheDocument();
  });
});

describe('the live board', () => {
  it('shows each person’s reps, the latest score as a percentage or "not judged", active or resting, and who is reconnecting', () => {
    const board = boardOf({
      members: [
        member('ann', { reps: 12, score: 0.856 }),
        member('bob', { reps: 3, score: null, status: 'resting', connection: 'reconnecting' }),
        member('cai', { role: 'watching' }),
      ],
    });
    render(<LiveBoard board={board} uid="bob" />);
    const table = screen.getByRole('table', { name: 'Live board' });
    const ann = within(table).getByRole('row', { name: /Ann/ });
    expect(within(ann).getByLabelText('Ann: reps')).toHaveTextContent('12');
    expect(within(ann).getByLabelText('Ann: score')).toHaveTextContent('86%');
    expect(ann).toHaveTextContent('Active');
    expect(ann).toHaveTextContent('Connected');
    const bob = within(table).getByRole('row', { name: /Bob/ });
    expect(bob).toHaveTextContent('(you)');
    expect(within(bob).getByLabelText('Bob: score')).toHaveTextContent('not judged');
    expect(bob).toHaveTextContent('Resting');
    expect(bob).toHaveTextContent('Reconnecting…');
    // A watcher has no count: named below the board, not in it.
    expect(within(table).queryByRole('row', { name: /Cai/ })).not.toBeInTheDocument();
    expect(screen.getByText('Watching: Cai')).toBeInTheDocument();
  });
});

describe('the running session', () => {
  const session = (isHost: boolean) => ({ move: vi.fn(async () => null), postCount: vi.fn(), pending: null, isHost });
  const plan = { name: 'Starter', activityId: 'a', routineId: 'r1', steps: ['Squat', 'Lunge', 'Plank'].map((name) => ({ movementId: name, name })) };

  it('names the step and gives only the host Next step, Rest and End for everyone (asked first)', async () => {
    const host = session(true);
    const view = render(<GroupStage board={boardOf()} phase="running" seconds={0} plan={plan} uid="ann" session={host} />);
    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Lunge' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    expect(host.move).toHaveBeenCalledWith('next');
    await user.click(screen.getByRole('button', { name: 'End for everyone' }));
    expect(host.move).not.toHaveBeenCalledWith('end');
    await user.click(screen.getByRole('button', { name: 'End the session' }));
    expect(host.move).toHaveBeenCalledWith('end');

    view.unmount();
    render(<GroupStage board={boardOf()} phase="running" seconds={0} plan={plan} uid="bob" session={session(false)} />);
    expect(screen.queryByRole('region', { name: 'Host controls' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next step' })).not.toBeInTheDocument();
    expect(screen.getByText('Your camera')).toBeInTheDocument();
  });

  it('offers Finish on the last step, and the countdown’s number before a step starts', () => {
    render(
      <GroupStage board={boardOf({ step: 2, phase: 'countdown' })} phase="countdown" seconds={3} plan={plan} uid="ann" session={session(true)} />,
    );
    expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next step' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Seconds to the start' })).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Rest' })).toBeDisabled();
  });
});

describe('the summary', () => {
  it('lists everyone in the gateway’s order (most work first) with reps and score per step, and the ways on', () => {
    const ended = endedOf([
      resultOf('cai', [
        { reps: 9, score: 0.9 },
        { reps: 6, score: null },
      ]),
      resultOf('ann', [
        { reps: 5, score: 0.5 },
        { reps: 4, score: 0.75 },
      ]),
    ]);
    const plan = {
      name: 'Starter',
      activityId: 'a',
      routineId: 'r1',
      steps: ['Squat', 'Lunge', 'Plank'].map((name) => ({ movementId: name, name })),
    };
    render(<GroupSummary ended={ended} uid="ann" plan={plan} />);
    const rows = within(screen.getByRole('table', { name: 'Summary' }))
      .getAllByRole('row')
      .slice(1);
    const cells = (row: HTMLElement) => [
      within(row).getByRole('rowheader').textContent?.slice(1),
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ];
    // Each person's row starts with their avatar's initial, then their name.
    expect(rows.map(cells)).toEqual([
      ['Cai', '15 reps', '9 reps · 90%', '6 reps · not judged'],
      ['Ann (you)', '9 reps', '5 reps · 50%', '4 reps · 75%'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Lunge' })).toBeInTheDocument();
    expect(screen.getByText('Starter. The host ended the session.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practise again' })).toHaveAttribute('href', '/together/new?routine=r1');
    expect(screen.getByRole('link', { name: 'Back to Discover' })).toHaveAttribute('href', '/discover');
  });
});
