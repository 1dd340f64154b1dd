// @vitest-environment node
/**
 * The Firebase adapter without a network. The SDKs do not fail there: Firestore first waits up
 * to 10 s to decide it is offline (its memory cache has nothing to answer from), and Storage
 * retries for 2 minutes (10 for an upload). So the adapter fails at once as a network failure
 * instead. The SDK objects here are never reached: offline, the SDKs are not called.
 */
import type { DocumentReference, Query } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZUser } from '@movelab/shared';
import { isNetworkFailure } from '@/lib/offline/online';
import { rejectionOf } from '@/test/helpers';
import { countOf, exists, readAll, readDoc, toServer } from './firestore';
import { uploadTo, urlOrEmpty } from './storage';

const unreachable = <T extends object>() =>
  new Proxy({} as T, {
    get: () => {
      throw new Error('the SDK was called');
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('firestore reads offline', () => {
  it('a document, a query and a count fail at once as network failures', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const ref = unreachable<DocumentReference>();
    const query = unreachable<Query>();
    for (const read of [readDoc(ZUser, ref), exists(ref), readAll(ZUser, query), countOf(query)]) {
      expect(isNetworkFailure(await rejectionOf(read))).toBe(true);
    }
  });

  it('online, the SDK is asked (no network failure made up)', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const error = await rejectionOf(readDoc(ZUser, unreachable<DocumentReference>()));
    expect(error.message).toContain('the SDK was called');
    expect(isNetworkFailure(error)).toBe(false);
  });
});

describe('firestore writes', () => {
  it('offline, a write fails at once as a network failure, without asking the SDK', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const write = vi.fn(() => Promise.resolve());
    expect(isNetworkFailure(await rejectionOf(toServer(write, 60_000)))).toBe(true);
    expect(write).not.toHaveBeenCalled();
  });

  it('online, a write the server never confirms fails as a network failure once the time is up', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.useFakeTimers();
    try {
      const pending = rejectionOf(toServer(() => new Promise<never>(() => undefined), 30_000));
      await vi.advanceTimersByTimeAsync(30_000);
      const error = await pending;
      expect(isNetworkFailure(error)).toBe(true);
      expect(error.message).toBe('Firestore did not confirm the write within 30 s');
    } finally {
      vi.useRealTimers();
    }
  });

  it('online, a confirmed write answers, and a refusal stays the SDK’s own', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(await toServer(() => Promise.resolve('stored'), 30_000)).toBe('stored');
    const refused = await rejectionOf(toServer(() => Promise.reject(Object.assign(new Error('no'), { code: 'permission-denied' })), 30_000));
    expect(refused).toMatchObject({ code: 'permission-denied', status: 403 });
  });
});

describe('firebase storage offline', () => {
  it('a download URL fails at once as a network failure', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isNetworkFailure(await rejectionOf(urlOrEmpty(unreachable<FirebaseStorage>(), 'avatars/u1')))).toBe(true);
  });

  it('an upload fails at once as a network failure, and reports no progress', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const progress = vi.fn();
    const upload = uploadTo(unreachable<FirebaseStorage>(), 'avatars/u1', new Blob(['x'], { type: 'image/png' }), progress);
    expect(isNetworkFailure(await rejectionOf(upload))).toBe(true);
    expect(progress).not.toHaveBeenCalled();
  });

  it('online, the SDK is asked (no network failure made up)', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const error = await rejectionOf(urlOrEmpty(unreachable<FirebaseStorage>(), 'avatars/u1'));
    expect(error.message).toContain('the SDK was called');
    expect(isNetworkFailure(error)).toBe(false);
  });
});
