import type { TAdminAnalysis } from '@movelab/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend, userRecord } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { AdminHomeScreen } from './home-screen';

const analysis = (id: string): TAdminAnalysis => ({
  id,
  userId: 'u1',
  score: 0.8,
  groupId: 'g1',
  movementId: 'm1',
  perspectiveId: 'p1',
  createdAt: new Date().toISOString(),
});

function renderHome(latest: { items: TAdminAnalysis[]; unreadable: number }) {
  const backend = createFakeBackend({
    users: {
      countUsers: async () => 1,
      countAllVideoAnalyses: async () => latest.items.length + latest.unreadable,
      latestVideoAnalyses: async () => latest,
      getUser: async () => userRecord('u1', { displayName: 'Ada' }),
    },
    catalog: { countActivities: async () => 0 },
    movescore: { countGroups: async () => 1, getGroupsByIds: async () => [] },
  });
  renderWithProviders(<AdminHomeScreen />, { backend, path: '/administration' });
}

describe('the latest analyses on the administration home', () => {
  it('say how many stored results could not be read, beside the ones that could', async () => {
    renderHome({ items: [analysis('a1'), analysis('a2')], unreadable: 1 });
    expect(await screen.findByText('1 result could not be read')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Latest analyses' })).getAllByRole('link', { name: 'Ada' })).toHaveLength(2);
  });

  it('say so when none could be read, instead of showing no analyses', async () => {
    renderHome({ items: [], unreadable: 3 });
    expect(await screen.findByText('3 results could not be read')).toBeVisible();
    expect(screen.queryByText('No analyses yet.')).not.toBeInTheDocument();
  });
});

describe('the counts on the administration home', () => {
  it('say "1 user" for one and the plural for the others', async () => {
    renderHome({ items: [analysis('a1'), analysis('a2')], unreadable: 0 });
    const counts = screen.getByRole('list', { name: 'Counts' });
    expect(await within(counts).findByRole('link', { name: '1 User' })).toBeVisible();
    expect(await within(counts).findByRole('link', { name: '0 Activities' })).toBeVisible();
    expect(await within(counts).findByRole('link', { name: '1 Movescore group' })).toBeVisible();
    expect(await within(counts).findByText('Video analyses')).toBeVisible();
    expect(within(counts).queryByText('Users')).toBeNull();
  });
});
