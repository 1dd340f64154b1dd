import { render, screen, within } from '@testing-library/react';
import type { TLiveGroup } from '@movelab/shared';
import { describe, expect, it } from 'vitest';
import { LiveGroups } from './live-groups';

const RUNNING: TLiveGroup = {
  key: 'a1b2c3d4e5f60718',
  hostName: 'Hana',
  members: [
    { name: 'Hana', role: 'practising', connection: 'connected' },
    { name: 'Ben', role: 'practising', connection: 'reconnecting' },
    { name: 'Wes', role: 'watching', connection: 'connected' },
  ],
  plan: { routineId: 'hip-opener', stepCount: 4 },
  step: 1,
  stepCount: 4,
  phase: 'running',
};
const LOBBY: TLiveGroup = {
  key: '0f1e2d3c4b5a6978',
  hostName: 'Iris',
  members: [{ name: 'Iris', role: 'practising', connection: 'connected' }],
  plan: { movementId: 'squat' },
  step: 0,
  stepCount: 1,
  phase: 'lobby',
};

describe('LiveGroups', () => {
  it('lists each running group with its host, its members by role and connection, its step and phase', () => {
    render(<LiveGroups groups={[RUNNING, LOBBY]} />);
    const list = screen.getByRole('list', { name: 'Group sessions' });
    const [hana, iris] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(within(hana!).getByText('Hosted by Hana')).toBeInTheDocument();
    expect(within(hana!).getByText('Routine · Step 2 of 4 · Practising')).toBeInTheDocument();
    const members = within(hana!).getByRole('list', { name: 'Members with Hana' });
    expect(within(members).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Hana (practising, connected)',
      'Ben (practising, reconnecting)',
      'Wes (watching, connected)',
    ]);
    expect(within(iris!).getByText('Hosted by Iris')).toBeInTheDocument();
    expect(within(iris!).getByText('One movement · Step 1 of 1 · In the lobby')).toBeInTheDocument();
    expect(screen.getByText('2 group sessions running')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByText('No group sessions right now')).not.toBeInTheDocument();
  });

  it('says so when no group session runs, and tells screen readers when the last one ends', () => {
    const { rerender } = render(<LiveGroups groups={[{ ...RUNNING, phase: 'rest' }]} />);
    expect(screen.getByText('Routine · Step 2 of 4 · Resting')).toBeInTheDocument();
    expect(screen.getByText('1 group session running')).toBeInTheDocument();
    rerender(<LiveGroups groups={[]} />);
    expect(screen.getByText('No group sessions right now')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Group sessions' })).not.toBeInTheDocument();
    expect(screen.getByText('0 group sessions running')).toHaveAttribute('aria-live', 'polite');
  });
});
