/** Whether the browser has a network, as a React value that follows the online/offline events. */
import { AUTH_ERRORS, isMovelabError, MovelabError } from '@movelab/shared';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const isBrowserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isBrowserOnline, () => true);
}

/** A failure to reach the server (embedded: the request failed; Firestore: the client is offline). */
export function isNetworkFailure(error: unknown): boolean {
  return isMovelabError(error) && (error.code === AUTH_ERRORS.networkRequestFailed || error.code === 'unavailable');
}

/**
 * Without a network, `service` fails at once as a network failure (Firestore's `unavailable`)
 * instead of its SDK waiting or retrying; null while the browser has a network.
 */
export function offlineFailure(service: string): MovelabError | null {
  return isBrowserOnline() ? null : new MovelabError('unavailable', `${service} cannot be reached without a network`, 503);
}
