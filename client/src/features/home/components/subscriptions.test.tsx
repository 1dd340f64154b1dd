import type { TActivity } from '@movelab/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { MyActivities } from './subscriptions';

const yoga: TActivity = {
  id: 'a1',
  name: 'Yoga',
  nameLowercase: 'yoga',
  categoryId: 'c1',
  description: '',
  imageUrl: '',
  difficulty: 'intermediate',
  durationMinutes: 20,
};

describe('My activities', () => {
  it('shows the difficulty as every other screen does, capitalised', async () => {
    const backend = createFakeBackend({ catalog: { getActivity: async () => yoga } });
    renderWithProviders(<MyActivities ids={['a1']} />, { backend, path: '/home' });
    expect(await screen.findByText('Intermediate · 20 min')).toBeVisible();
    expect(screen.queryByText(/intermediate/)).toBeNull();
  });
});
