import type { THistoryDetails, THistoryItem, TRoutine } from '@movelab/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as keptReplays from '@/lib/replay/kept-replays';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
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

  it('of an activity, or of a routine since deleted, is named by its activity', async () => {
    renderDetails(practice({ routineId: 'deleted-routine' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Practice · Bodyweight strength' })).toBeInTheDocument();
  });
});
