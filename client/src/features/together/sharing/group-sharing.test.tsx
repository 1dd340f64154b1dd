import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { boardOf, member } from '../testing/fixtures';
import { TILE_TIMEOUT_MS } from './camera-tiles';
import { GroupSharing } from './group-sharing';

const render = (ui: React.ReactElement) => renderWithProviders(ui, { backend: createFakeBackend() });

describe('camera tiles on the group stage', () => {
  it('offers a practising member the switch, off, and shows nothing while nobody shares', () => {
    render(<GroupSharing board={boardOf({ members: [member('ann'), member('bob')] })} uid="ann" stream={null} isPractising />);
    expect(screen.getByRole('switch', { name: 'Share my camera with the group' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('region', { name: 'Shared cameras' })).toBeNull();
  });

  it('shows a watcher no switch, and a tile per other sharer (not one’s own): Connecting…, then a message if no picture comes', () => {
    vi.useFakeTimers();
    const board = boardOf({ members: [member('ann', { sharing: true }), member('bob', { sharing: true }), member('cai', { role: 'watching' })] });
    const { unmount } = render(<GroupSharing board={board} uid="ann" stream={null} isPractising={false} />);
    expect(screen.queryByRole('switch')).toBeNull();
    const tiles = screen.getByRole('region', { name: 'Shared cameras' });
    expect(within(tiles).getByRole('heading')).toHaveTextContent('Shared cameras (1)');
    expect(within(tiles).getByRole('status')).toHaveTextContent('Connecting…');
    expect(within(tiles).getByText('Bob')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TILE_TIMEOUT_MS));
    expect(within(tiles).getByRole('status')).toHaveTextContent('Bob’s camera could not connect.');
    unmount();
    vi.useRealTimers();
  });
});
