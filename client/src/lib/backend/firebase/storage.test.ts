// @vitest-environment node
/**
 * Firebase Storage without a network: the SDK would retry for minutes (2 for a download URL, 10
 * for an upload), so the adapter fails at once as a network failure instead. The storage
 * instance here is never reached: offline, the SDK is not called.
 */
import type { FirebaseStorage } from 'firebase/storage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkFailure } from '@/lib/offline/online';
import { rejectionOf } from '@/test/helpers';
import { uploadTo, urlOrEmpty } from './storage';

const unreachable = new Proxy({} as FirebaseStorage, {
  get: () => {
    throw new Error('the Storage SDK was called');
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('firebase storage offline', () => {
  it('a download URL fails at once as a network failure', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const error = await rejectionOf(urlOrEmpty(unreachable, 'avatars/u1'));
    expect(isNetworkFailure(error)).toBe(true);
  });

  it('an upload fails at once as a network failure, and reports no progress', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const progress = vi.fn();
    const error = await rejectionOf(uploadTo(unreachable, 'avatars/u1', new Blob(['x'], { type: 'image/png' }), progress));
    expect(isNetworkFailure(error)).toBe(true);
    expect(progress).not.toHaveBeenCalled();
  });

  it('online, the SDK is asked (no network failure made up)', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const error = await rejectionOf(urlOrEmpty(unreachable, 'avatars/u1'));
    expect(error.message).toContain('the Storage SDK was called');
    expect(isNetworkFailure(error)).toBe(false);
  });
});
