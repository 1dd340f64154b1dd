import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { joinedCamera } from '../hooks/use-host-cameras';
import { renderWithProviders } from '@/testing/render';
import { createFakeBackend } from '@/testing/fake-backend';
import { CameraList } from './remote-session-panel';

describe('the desktop’s phone cameras', () => {
  it('keep the stream’s figures behind "Connection details", closed by default', async () => {
    const camera = { ...joinedCamera('c1'), stats: { width: 1280, height: 720, fps: 30, rttMs: 12, isRelayed: false } };
    renderWithProviders(<CameraList cameras={[camera]} />, { backend: createFakeBackend() });

    const figures = screen.getByLabelText('Phone camera 1 quality');
    expect(figures).toHaveTextContent('1280×720 · 30 fps · RTT 12 ms · direct');
    expect(figures).not.toBeVisible();

    await userEvent.setup().click(screen.getByText('Connection details'));
    expect(figures).toBeVisible();
  });

  it('say nothing of a connection before its figures arrive', () => {
    renderWithProviders(<CameraList cameras={[joinedCamera('c1')]} />, { backend: createFakeBackend() });
    expect(screen.queryByText('Connection details')).not.toBeInTheDocument();
  });
});
