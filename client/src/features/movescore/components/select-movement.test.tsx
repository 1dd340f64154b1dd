import type { TMovescoreGroup, TMovescoreMovement } from '@movelab/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { SelectMovement } from './movescore-screens';

const group: TMovescoreGroup = { id: 'squat', name: 'Squat', coverUrl: '', description: '', movementCount: 2 };
const movements: TMovescoreMovement[] = [
  { id: 'bodyweight-squat', name: 'Bodyweight squat', description: '', perspectiveCount: 2 },
  { id: 'pistol-squat', name: 'Pistol squat', description: '', perspectiveCount: 0 },
];

describe('SelectMovement', () => {
  it('shows a movement with no perspective as not ready, with nothing to open', async () => {
    renderWithProviders(<SelectMovement groupId="squat" />, {
      backend: createFakeBackend({ movescore: { getGroup: vi.fn(async () => group), listMovements: vi.fn(async () => movements) } }),
    });
    expect(await screen.findByRole('link', { name: /^Bodyweight squat\s*2 perspectives$/ })).toHaveAttribute(
      'href',
      '/movescore/analyze/squat/movement/bodyweight-squat',
    );
    expect(screen.getByText('Pistol squat')).toBeVisible();
    expect(screen.getByText(/^Not ready yet/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Pistol squat/ })).toBeNull();
  });
});
