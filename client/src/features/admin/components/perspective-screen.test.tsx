import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { PerspectiveScreen } from './movescore-movement-screens';

const group: TMovescoreGroup = { id: 'g1', name: 'Squat', coverUrl: '', description: '', movementCount: 1 };
const movement = { id: 'm1', name: 'Bodyweight squat', description: '', perspectiveCount: 1 } as TMovescoreMovement;
const perspective = { id: 'front', name: 'Front', view: 'front', instructions: '', kind: 'squat' } as TPerspective;

/** Stands in for the analysis feature's capture: its own kind select, as the real one has. */
function Capture() {
  return (
    <label>
      Movement kind
      <select defaultValue="squat">
        <option value="squat">Squat</option>
      </select>
    </label>
  );
}

describe('the admin perspective page', () => {
  it('has one "Reference motion" heading and one movement kind select, and its form leaves the kind to the capture', async () => {
    const updatePerspective = vi.fn(async (_g: string, _m: string, _id: string, update: Partial<TPerspective>) => ({ ...perspective, ...update }));
    const backend = createFakeBackend({
      movescore: {
        getGroup: async () => group,
        getMovement: async () => movement,
        getPerspective: async () => perspective,
        updatePerspective,
      },
    });
    renderWithProviders(<PerspectiveScreen groupId="g1" movementId="m1" perspectiveId="front" ReferenceCapture={Capture} />, {
      backend,
      path: '/administration/movescore/group/g1/movement/m1/perspective/front',
    });
    expect(await screen.findByRole('heading', { name: 'Reference motion' })).toBeVisible();
    expect(screen.getAllByRole('heading', { name: 'Reference motion' })).toHaveLength(1);
    expect(screen.getAllByRole('combobox', { name: 'Movement kind' })).toHaveLength(1);

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Front view');
    await userEvent.click(screen.getByRole('button', { name: 'Save perspective' }));
    await waitFor(() => expect(updatePerspective).toHaveBeenCalledTimes(1));
    expect(updatePerspective.mock.calls[0]![3]).not.toHaveProperty('kind');
  });
});
