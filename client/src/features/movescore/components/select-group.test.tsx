import type { TMovescoreGroup } from '@movelab/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { SelectGroup } from './movescore-screens';

const group = (id: string, name: string, movementCount: number): TMovescoreGroup => ({
  id,
  name,
  coverUrl: `/media/covers/${id}.svg`,
  description: '',
  movementCount,
});

/** Like the backends: ordered by name, names in [prefix, prefix + high character]. */
const catalogue = [group('squat', 'Squat', 2), group('lunge', 'Lunge', 1), group('split', 'Split squat', 3)];
const listGroups = vi.fn(async ({ prefix = '' }: { prefix?: string } = {}) =>
  catalogue.filter((item) => item.name.startsWith(prefix)).sort((a, b) => a.name.localeCompare(b.name)),
);

const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.querySelector('.font-semibold')?.textContent);

describe('SelectGroup', () => {
  it('lists the groups ordered by name with covers and movement counts', async () => {
    renderWithProviders(<SelectGroup />, {
      backend: createFakeBackend({ movescore: { listGroups } }),
    });

    expect(await screen.findByText('Lunge')).toBeInTheDocument();
    expect(names()).toEqual(['Lunge', 'Split squat', 'Squat']);
    expect(screen.getByText('3 movements')).toBeInTheDocument();
    expect(screen.getByText('1 movement')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Squat\s*2 movements$/ })).toHaveAttribute('href', '/movescore/analyze/squat');
    expect(document.querySelector('img[src="/media/covers/squat.svg"]')).toHaveAttribute('width', '75');
    expect(listGroups).toHaveBeenCalledWith({});
  });

  it('searches by name prefix through the port and says when nothing matches', async () => {
    renderWithProviders(<SelectGroup />, {
      backend: createFakeBackend({ movescore: { listGroups } }),
    });
    await screen.findByText('Lunge');
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Search groups'), 'S');
    await waitFor(() => expect(names()).toEqual(['Split squat', 'Squat']));
    expect(listGroups).toHaveBeenLastCalledWith({ prefix: 'S' });

    await user.type(screen.getByLabelText('Search groups'), 'q');
    await waitFor(() => expect(names()).toEqual(['Squat']));
    expect(listGroups).toHaveBeenLastCalledWith({ prefix: 'Sq' });

    await user.clear(screen.getByLabelText('Search groups'));
    await user.type(screen.getByLabelText('Search groups'), 'Zumba');
    expect(await screen.findByText('No group name starts with “Zumba”.')).toBeInTheDocument();
  });

  it('leaves out groups with no movement, which lead nowhere', async () => {
    const withEmpty = vi.fn(async () => [group('lunge', 'Lunge', 1), group('qa', 'QA Group d', 0)]);
    renderWithProviders(<SelectGroup />, { backend: createFakeBackend({ movescore: { listGroups: withEmpty } }) });
    expect(await screen.findByText('Lunge')).toBeInTheDocument();
    expect(names()).toEqual(['Lunge']);
    expect(screen.queryByText('QA Group d')).not.toBeInTheDocument();
  });

  it('shows the error with a retry when the groups cannot be loaded', async () => {
    const failing = vi.fn().mockRejectedValue(new Error('Network down'));
    renderWithProviders(<SelectGroup />, {
      backend: createFakeBackend({ movescore: { listGroups: failing } }),
    });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('The groups could not be loaded: Network down');
  });
});
