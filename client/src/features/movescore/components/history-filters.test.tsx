import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { Filters } from './history-filters';

describe('the history filters', () => {
  it('stack one a row at phone width, each select filling its row, so none is cut off at 390 px', async () => {
    const backend = createFakeBackend({
      movescore: {
        listGroups: async () => [{ id: 'g1', name: 'Squat', coverUrl: '', description: '', movementCount: 1 }],
        listMovements: async () => [],
      },
    });
    renderWithProviders(<Filters filter={{ kind: 'all', groupId: 'g1' }} onChange={() => undefined} />, { backend, path: '/movescore/history' });
    // Below the sm breakpoint a one-column grid; a row from sm up.
    expect(screen.getByRole('group', { name: 'Filters' })).toHaveClass('grid', 'grid-cols-1', 'sm:flex');
    for (const name of ['Show', 'Group', 'Movement']) {
      const select = screen.getByRole('combobox', { name });
      // A select is as wide as its longest option unless told to fill and shrink with its column.
      expect(select).toHaveClass('w-full', 'min-w-0');
    }
    expect(await screen.findByRole('option', { name: 'Squat' })).toBeInTheDocument();
  });
});
