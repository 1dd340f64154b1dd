import { LIMITS } from '@movelab/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUploadProgress } from '@/lib/backend/port';
import { createFakeBackend, type TFakeBackendParts } from '@/testing/fake-backend';
import { renderWithProviders } from '@/testing/render';
import { AvatarSection } from './avatar-section';

const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

function setup(users: TFakeBackendParts['users']) {
  renderWithProviders(<AvatarSection uid="u1" displayName="Grace Hopper" />, { backend: createFakeBackend({ users }) });
  // userEvent.upload honours the accept attribute; turn that off to try refused types too.
  return { user: userEvent.setup({ applyAccept: false }), input: document.querySelector<HTMLInputElement>('input[type=file]')! };
}

describe('AvatarSection', () => {
  // jsdom has no blob: URLs.
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the initials when there is no avatar', async () => {
    setup({ getAvatarUrl: async () => '' });
    expect(await screen.findByRole('img', { name: "Grace Hopper's initials" })).toHaveTextContent('GH');
  });

  it('shows the stored avatar', async () => {
    setup({ getAvatarUrl: async () => '/files/avatars/u1?token=t' });
    expect(await screen.findByRole('img', { name: "Grace Hopper's avatar" })).toHaveAttribute('src', '/files/avatars/u1?token=t');
  });

  it('refuses a file of the wrong type or too large before uploading', async () => {
    const uploadAvatar = vi.fn();
    const { user, input } = setup({ getAvatarUrl: async () => '', uploadAvatar });

    await user.upload(input, new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WebP or GIF image');

    await user.upload(input, png(LIMITS.imageBytes + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('The image is larger than 5 MB');
    expect(uploadAvatar).not.toHaveBeenCalled();
  });

  it('previews the picked image, shows the upload progress, then the saved avatar', async () => {
    let report!: TUploadProgress;
    let finish!: (url: string) => void;
    const uploadAvatar = vi.fn(
      (_uid: string, _file: Blob, onProgress?: TUploadProgress) =>
        new Promise<string>((resolve) => {
          report = onProgress!;
          finish = resolve;
        }),
    );
    const { user, input } = setup({ getAvatarUrl: async () => '', uploadAvatar });
    const file = png();

    await user.upload(input, file);
    expect(uploadAvatar).toHaveBeenCalledWith('u1', file, expect.any(Function));
    expect(screen.getByRole('img', { name: "Grace Hopper's avatar" })).toHaveAttribute('src', 'blob:preview');
    const progress = screen.getByRole('progressbar', { name: 'Avatar upload' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');

    report(0.4);
    // The bar is already there (at 0): wait for its value, not for the element.
    await vi.waitFor(() => expect(screen.getByRole('progressbar', { name: 'Avatar upload' })).toHaveAttribute('aria-valuenow', '40'));

    finish('/files/avatars/u1?token=new');
    expect(await screen.findByText('Avatar saved')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Grace Hopper's avatar" })).toHaveAttribute('src', '/files/avatars/u1?token=new');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
