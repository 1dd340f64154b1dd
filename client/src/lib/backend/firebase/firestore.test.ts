// @vitest-environment node
/**
 * Firestore reads without a network: the SDK would first wait up to 10 s to decide it is
 * offline (its memory cache has nothing to answer from), so the adapter fails at once as a
 * network failure instead. The references here are never reached: offline, the SDK is not called.
 */
import type { DocumentReference, Query } from 'firebase/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZUser } from '@movelab/shared';
import { isNetworkFailure } from '@/lib/offline/online';
import { rejectionOf } from '@/test/helpers';
import { countOf, exists, readAll, readDoc } from './firestore';

const unreachable = <T extends object>() =>
  new Proxy({} as T, {
    get: () => {
      throw new Error('the Firestore SDK was called');
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
    expect(error.message).toContain('the Firestore SDK was called');
    expect(isNetworkFailure(error)).toBe(false);
  });
});
