import { APP_ERRORS, MovelabError, type THistoryDetails, type THistoryItem, type TRoutine } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as keptReplays from '@/lib/replay/kept-replays';
import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { HistoryItemScreen } from './history-item-screen';

const practice = (overrides: Partial<THistoryItem>): THistoryItem => ({
  id: 'r1-session',
  kind: 'practice',
  createdAt: '2026-03-10T10:00:00.000Z',
  score: null,
  reps: 18,
  durationMs: 120_000,
  groupId: null,
  movementId: null,
  perspectiveId: null,
  activityId: 'bodyweight-strength',
  routineId: 'full-body-starter',
  rangeOfMotion: null,
  depthDeg: null,
  source: null,
  ...overrides,
});
const routine: TRoutine = {
  id: 'full-body-starter',
  activityId: 'bodyweight-strength',
  name: 'Full-body starter',
  description: '',
  steps: [{ movementId: 'squat', reps: 12, restSeconds: 30 }],
};

function renderDetails(item: THistoryItem) {
  const details: THistoryDetails = { item, reps: [], feedback: [], steps: [] };
  const backend = createFakeBackend({
    catalog: {
      getHistoryItem: async () => details,
      listActivities: async () => [
        {
          id: 'bodyweight-strength',
          name: 'Bodyweight strength',
          nameLowercase: 'bodyweight strength',
          categoryId: 'c',
          description: '',
          imageUrl: '',
          difficulty: 'beginner',
          durationMinutes: 20,
        },
      ],
      getRoutine: async (id) => (id === routine.id ? routine : null),
      listMovements: async () => [],
    },
    movescore: { listGroups: async () => [] },
  });
  renderWithProviders(<HistoryItemScreen uid="u1" kind="practice" id={item.id} Replay={() => null} />, { backend });
}

/** What the screen's lookup of the replays kept on this device answered, render by render (undefined while it reads). */
const replayLookups: unknown[] = [];
vi.mock('@/lib/replay/kept-replays', async (importOriginal) => {
  const kept = await importOriginal<typeof keptReplays>();
  function useKeptReplay(...args: Parameters<typeof kept.useKeptReplay>) {
    const replay = kept.useKeptReplay(...args);
    replayLookups.push(replay);
    return replay;
  }
  return { ...kept, useKeptReplay };
});
beforeEach(() => {
  replayLookups.length = 0;
});

/** The device's kept replays were looked up (none in this browser) and the screen drawn with the answer. */
const afterTheReplayLookup = () => waitFor(() => expect(replayLookups).toContain(null));

describe('HistoryItemScreen, a practice', () => {
  it('practised without the camera: named by its routine, counted by hand, and no word of a video never filmed', async () => {
    renderDetails(practice({}));

    expect(await screen.findByRole('heading', { level: 1, name: 'Practice · Full-body starter' })).toBeInTheDocument();
    expect(screen.getByTestId('history-item-source')).toHaveTextContent('No camera: reps counted by hand');
    await afterTheReplayLookup();
    expect(screen.queryByTestId('history-item-no-video')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Replay' })).not.toBeInTheDocument();
  });

  it('filmed by this device’s camera: says so, and that its video is not kept here', async () => {
    renderDetails(practice({ source: 'camera', score: 0.8 }));

    expect(await screen.findByTestId('history-item-no-video')).toHaveTextContent('not kept on this device');
    expect(screen.getByTestId('history-item-source')).toHaveTextContent("This device's camera");
  });

  it('practised together: says who with, by name', async () => {
    renderDetails(
      practice({
        together: {
          groupId: 'g1',
          people: [
            { uid: 'ann', name: 'Ann' },
            { uid: 'bo', name: 'Bo' },
          ],
        },
      }),
    );

    expect(await screen.findByTestId('history-item-together')).toHaveTextContent('Together with Ann and Bo');
  });

  it('practised alone: no word of anyone else', async () => {
    renderDetails(practice({}));

    await screen.findByRole('heading', { level: 1, name: 'Practice · Full-body starter' });
    expect(screen.queryByText(/Together with/)).not.toBeInTheDocument();
  });

  it('of an activity, or of a routine since deleted, is named by its activity', async () => {
    renderDetails(practice({ routineId: 'deleted-routine' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Practice · Bodyweight strength' })).toBeInTheDocument();
  });
});

const analysisItem: THistoryItem = {
  ...practice({}),
  id: 'a1-analysis',
  kind: 'analysis',
  score: 0.6,
  reps: 2,
  durationMs: 9_000,
  groupId: 'squat',
  movementId: 'bodyweight-squat',
  perspectiveId: 'side',
  activityId: null,
  routineId: null,
  source: 'file',
};

function renderAnalysis() {
  const details: THistoryDetails = {
    item: analysisItem,
    reps: [
      { score: 0.5, durationMs: 2_140, depthDeg: 96.4 },
      { score: 0.7, durationMs: 1_860, depthDeg: 84.2 },
    ],
    feedback: ['Go about 20° deeper'],
    steps: [],
  };
  // As both backends do: once deleted, the session is not found; and the live update of the
  // deletion reaches the page (its history read again) before the delete's own answer.
  const queryClient = createQueryClient();
  let isDeleted = false;
  const deleteHistoryItem = vi.fn(async () => {
    isDeleted = true;
    await queryClient.invalidateQueries({ queryKey: queryKeys.users.detail('u1') });
    await screen.findByRole('heading', { name: 'Session not found' });
  });
  const getHistoryItem = async () => {
    if (isDeleted) throw new MovelabError(APP_ERRORS.notFound, 'History item not found', 404);
    return details;
  };
  const backend = createFakeBackend({
    catalog: { getHistoryItem, listActivities: async () => [], deleteHistoryItem },
    movescore: {
      listGroups: async () => [{ id: 'squat', name: 'Squat', coverUrl: '', description: '', movementCount: 1 }],
      listMovements: async () => [{ id: 'bodyweight-squat', name: 'Bodyweight squat', description: '', perspectiveCount: 1 }],
      getPerspective: async () => ({ id: 'side', name: 'Side', view: 'side' as const, instructions: '' }),
      listPerspectives: async () => [],
    },
  });
  renderRoutes(
    [
      {
        path: paths.movescoreHistoryItem({ kind: 'analysis', id: analysisItem.id }),
        element: <HistoryItemScreen uid="u1" kind="analysis" id={analysisItem.id} Replay={() => null} />,
      },
      { path: paths.movescoreHistory(), element: <h1>Your progress</h1> },
    ],
    { backend, queryClient, entries: [paths.movescoreHistoryItem({ kind: 'analysis', id: analysisItem.id })] },
  );
  return { deleteHistoryItem };
}

describe('HistoryItemScreen, an analysis', () => {
  it('shows what its result showed: each rep with its score, time and depth, the perspective, and the chart said plainly when its poses are not here', async () => {
    renderAnalysis();

    expect(await screen.findByRole('heading', { level: 1, name: 'Squat · Bodyweight squat' })).toBeInTheDocument();
    const reps = within(screen.getByRole('list', { name: 'Reps' })).getAllByRole('listitem');
    expect(reps.map((rep) => rep.textContent)).toEqual(['Rep 150%2.1 s · depth 96°', 'Rep 270%1.9 s · depth 84°']);
    expect(await screen.findByTestId('history-item-perspective')).toHaveTextContent('Side');
    await afterTheReplayLookup();
    expect(screen.getByTestId('history-item-no-chart')).toHaveTextContent('stay on the device that filmed it');
    expect(screen.getByRole('link', { name: 'Analyse again' })).toHaveAttribute(
      'href',
      '/movescore/analyze/squat/movement/bodyweight-squat/perspective/side',
    );
  });

  it('is deleted only after a confirmation, then leaves for the history and says so, though its page is read again as not found', async () => {
    const { deleteHistoryItem } = renderAnalysis();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete this session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteHistoryItem).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete this session' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete session' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your progress' })).toBeInTheDocument();
    expect(screen.getByText('Squat · Bodyweight squat was deleted from your history.')).toBeInTheDocument();
    expect(deleteHistoryItem).toHaveBeenCalledWith('analysis', analysisItem.id);
  });
});
