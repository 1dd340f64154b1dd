import type { TActivity, TMovement, TRoutine } from '@movelab/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import type { TPractice } from '../api/get-practice';
import { initialPractice, practiceReducer, type TPlanStep, type TPracticeAction } from '../lib/step-machine';
import { PracticeSummary } from './practice-summary';

// The summary reads the activity's id and name only.
const activity = { id: 'core-stability', name: 'Core stability' } as TActivity;
const movement = (id: string, name: string): TMovement => ({
  id,
  activityId: activity.id,
  name,
  description: '',
  instructions: [],
  mediaUrl: '',
  unit: 'reps',
  movescore: null,
});
const routine: TRoutine = { id: 'core-basics', activityId: activity.id, name: 'Core basics', description: '', steps: [] };

function renderSummary(steps: TPlanStep[], actions: TPracticeAction[]) {
  const practice: TPractice = {
    mode: 'routine',
    activity,
    routine,
    movements: new Map(steps.map((step) => [step.movementId, movement(step.movementId, step.name)])),
    steps,
    perspectiveReferences: new Map(),
    perspectiveViews: new Map(),
  };
  const state = actions.reduce(practiceReducer, initialPractice(steps));
  renderWithProviders(<PracticeSummary practice={practice} state={state} startedAt="2025-01-01T10:00:00.000Z" />, { backend: createFakeBackend() });
  return screen.getByRole('region', { name: 'Summary' });
}

const squat: TPlanStep = { movementId: 'squat', name: 'Squat', targetReps: 12, restSeconds: 0 };
const plank: TPlanStep = { movementId: 'plank', name: 'Plank', targetSeconds: 30, restSeconds: 0 };
const deadBug: TPlanStep = { movementId: 'dead-bug', name: 'Dead bug', targetReps: 2, restSeconds: 0 };
const begin: TPracticeAction[] = [{ type: 'start' }, { type: 'countdown-done' }];

describe('PracticeSummary', () => {
  it('a set ended at 2 of 12 reps says so, without praise', () => {
    const summary = renderSummary([squat], [...begin, { type: 'reps', count: 2 }, { type: 'finish' }]);
    expect(within(summary).getByRole('heading', { level: 1 })).toHaveTextContent(/^Set finished: 2 of 12 reps$/);
    expect(within(summary).queryByText('Well done')).not.toBeInTheDocument();
    expect(within(summary).getByRole('listitem')).toHaveTextContent(/^Squat2 of 12 reps · ended early$/);
  });

  it('a step skipped through is named as skipped, and the steps done are counted against the plan', () => {
    const summary = renderSummary(
      [plank, deadBug],
      [...begin, { type: 'tick', ms: 2_000 }, { type: 'skip' }, { type: 'countdown-done' }, { type: 'reps', count: 2 }],
    );
    expect(within(summary).getByRole('heading', { level: 1 })).toHaveTextContent(/^Session finished: 1 of 2 steps done$/);
    expect(screen.getByTestId('practice-outcome')).toHaveTextContent(/^Core basics: 1 of 2 steps done, 1 step skipped; 2 reps in 2 s$/);
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Plank2 of 30 s · skipped', 'Dead bug2 of 2 reps · done']);
  });

  it('praises a plan done to its every target', () => {
    const summary = renderSummary([deadBug], [...begin, { type: 'reps', count: 2 }]);
    expect(within(summary).getByRole('heading', { level: 1 })).toHaveTextContent(/^Well done$/);
    expect(screen.getByTestId('practice-outcome')).toHaveTextContent(/^Core basics: 1 of 1 step done; 2 reps in 0 s$/);
  });
});
