import { screen, within } from '@testing-library/react';
import type { THistoryItem } from '@movelab/shared';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { HistoryScreen } from './history-screen';

/** A user with no session at all. */
function renderEmptyHistory(path: string) {
  const listHistory = vi.fn(async () => ({ items: [], nextCursor: null }));
  const backend = createFakeBackend({
    catalog: { listHistory, listActivities: async () => [] },
    movescore: {
      listGroups: async () => [],
      listMovements: async () => [],
    },
  });
  renderWithProviders(<HistoryScreen uid="u1" />, { backend, path });
  return listHistory;
}

describe('HistoryScreen with nothing to show', () => {
  it('filtered to practice: no practice sessions yet, and where to start one', async () => {
    renderEmptyHistory('/movescore/history?kind=practice');

    const empty = await screen.findByText(/^No practice sessions yet\./);
    expect(empty).toHaveTextContent('No practice sessions yet. Find an activity in Discover and practise it to see it here.');
    expect(screen.getByRole('link', { name: 'Find an activity in Discover' })).toHaveAttribute('href', '/discover');
    expect(screen.queryByText(/Analyse a movement/)).not.toBeInTheDocument();
  });

  it('filtered to a group: no sessions match, and a way to show them all', async () => {
    const listHistory = renderEmptyHistory('/movescore/history?group=squat');

    expect(await screen.findByText(/^No sessions match these filters\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all sessions' }));
    expect(listHistory).toHaveBeenLastCalledWith(expect.not.objectContaining({ groupId: 'squat' }));
    expect(await screen.findByText(/^No sessions here yet\./)).toBeInTheDocument();
  });

  it('unfiltered: no sessions yet, and where to analyse a first movement', async () => {
    renderEmptyHistory('/movescore/history');

    expect(await screen.findByText(/^No sessions here yet\./)).toHaveTextContent('No sessions here yet. Analyse a movement to start your history.');
  });
});

describe('HistoryScreen, practice done together', () => {
  const practice = (id: string, together?: THistoryItem['together']): THistoryItem => ({
    id,
    kind: 'practice',
    createdAt: '2026-03-10T10:00:00.000Z',
    score: null,
    reps: 10,
    durationMs: 60_000,
    groupId: null,
    movementId: null,
    perspectiveId: null,
    activityId: 'strength',
    routineId: null,
    rangeOfMotion: null,
    depthDeg: null,
    source: null,
    ...(together && { together }),
  });

  it('says who each practice was done with, and nothing for one done alone', async () => {
    const together = {
      groupId: 'g1',
      people: [
        { uid: 'ann', name: 'Ann' },
        { uid: 'bo', name: 'Bo' },
      ],
    };
    const backend = createFakeBackend({
      catalog: {
        listHistory: async () => ({ items: [practice('with-friends-session', together), practice('alone-practice-session')], nextCursor: null }),
        listActivities: async () => [],
      },
      movescore: { listGroups: async () => [], listMovements: async () => [] },
    });
    renderWithProviders(<HistoryScreen uid="u1" />, { backend, path: '/movescore/history' });

    const rows = await screen.findAllByTestId('history-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('history-item-together')).toHaveTextContent('Together with Ann and Bo');
    expect(within(rows[1]!).queryByText(/Together/)).not.toBeInTheDocument();
  });
});
