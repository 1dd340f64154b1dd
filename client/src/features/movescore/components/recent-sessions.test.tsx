import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { RecentSessions } from './recent-sessions';

describe('RecentSessions', () => {
  it('shows each session with its cover, group, score and age', async () => {
    const createdAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const recentSessions = vi
      .fn()
      .mockResolvedValue([{ id: 'a1', groupId: 'g1', movementId: 'm1', score: 0.876, createdAt, groupName: 'Squats', coverUrl: '/files/covers/g1' }]);
    renderWithProviders(<RecentSessions uid="u1" />, { backend: createFakeBackend({ movescore: { recentSessions } }) });

    expect(await screen.findByText('Squats')).toBeInTheDocument();
    expect(screen.getByText('Score: 88%')).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    const cover = document.querySelector('img');
    expect(cover).toHaveAttribute('src', '/files/covers/g1');
    expect(cover).toHaveAttribute('width', '75');
    expect(recentSessions).toHaveBeenCalledWith('u1', 3);
    // The card opens the saved session.
    expect(screen.getByRole('link', { name: /Squats/ })).toHaveAttribute('href', '/history/analysis/a1');
  });

  it('shows "Score: -" for a session whose form was not judged, never a percentage', async () => {
    const createdAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const recentSessions = vi
      .fn()
      .mockResolvedValue([{ id: 'a2', groupId: 'g2', movementId: 'm2', score: null, createdAt, groupName: 'Push-ups', coverUrl: '' }]);
    renderWithProviders(<RecentSessions uid="u1" />, { backend: createFakeBackend({ movescore: { recentSessions } }) });

    expect(await screen.findByText('Push-ups')).toBeInTheDocument();
    expect(screen.getByText('Score: -')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('says so when loading fails, and offers a retry', async () => {
    const recentSessions = vi.fn().mockRejectedValue(new Error('Network down'));
    renderWithProviders(<RecentSessions uid="u1" />, { backend: createFakeBackend({ movescore: { recentSessions } }) });

    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Your sessions could not be loaded: Network down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
