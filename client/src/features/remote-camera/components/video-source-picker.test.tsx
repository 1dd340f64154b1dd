import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { createFakeBackend } from '@/testing/fake-backend';
import type { TVideoSource } from '../lib/source-switcher';
import { VideoSourcePicker } from './video-source-picker';

/** Test double: a MediaStream whose single track records whether it was stopped. */
function fakeCameraStream() {
  const track = { kind: 'video', stop: vi.fn() };
  return { stream: { id: 'test-double camera', getTracks: () => [track] } as unknown as MediaStream, track };
}

describe('VideoSourcePicker', () => {
  it('hands over the camera, then a chosen file, switching the camera off', async () => {
    const user = userEvent.setup();
    const camera = fakeCameraStream();
    const release = vi.fn();
    const fileVideo = { tagName: 'VIDEO' } as unknown as HTMLVideoElement;
    const onSource = vi.fn<(source: TVideoSource | null) => void>();
    renderWithProviders(
      <VideoSourcePicker onSource={onSource} deps={{ getUserMedia: async () => camera.stream, openFile: () => ({ video: fileVideo, release }) }} />,
      { backend: createFakeBackend() },
    );

    await user.click(screen.getByRole('button', { name: 'This device' }));
    await waitFor(() => expect(onSource).toHaveBeenLastCalledWith({ kind: 'camera', stream: camera.stream }));
    expect(screen.getByRole('button', { name: 'This device' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Video file' }));
    expect(camera.track.stop).toHaveBeenCalledOnce();
    expect(onSource).toHaveBeenLastCalledWith(null);

    await user.upload(screen.getByLabelText('Choose a video'), new File(['frames'], 'squat.mp4', { type: 'video/mp4' }));
    expect(onSource).toHaveBeenLastCalledWith({ kind: 'file', video: fileVideo, name: 'squat.mp4' });
    expect(screen.getByText('squat.mp4')).toBeInTheDocument();
  });

  it('says so in words when the camera is refused', async () => {
    const user = userEvent.setup();
    const denied = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    renderWithProviders(<VideoSourcePicker onSource={() => undefined} deps={{ getUserMedia: () => Promise.reject(denied) }} />, {
      backend: createFakeBackend(),
    });
    await user.click(screen.getByRole('button', { name: 'This device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/camera access was refused/i);
  });
});
