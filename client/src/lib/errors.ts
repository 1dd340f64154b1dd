import { APP_ERRORS, AUTH_ERRORS, authErrorMessage, isMovelabError, signInLockedMessage, ZRetryAfter } from '@movelab/shared';
import { isBrowserOnline, isNetworkFailure } from './offline/online';

/** The error code carried by a MovelabError (or any `{ code }` error), if any. */
export function errorCode(error: unknown): string | undefined {
  if (isMovelabError(error)) return error.code;
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

/** What the user reads for an identity error (spec §8 catalogue). */
export function authErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : undefined;
  return authErrorMessage(errorCode(error), message);
}

/**
 * A locked sign-in (auth/too-many-requests): its text with the time the lock still holds when
 * the gateway said it (`details.retryAfterSeconds`); null for any other error.
 */
export function lockedOutText(error: unknown): string | null {
  if (errorCode(error) !== AUTH_ERRORS.tooManyRequests) return null;
  const retry = ZRetryAfter.safeParse(isMovelabError(error) ? error.details : undefined);
  return signInLockedMessage(retry.success ? retry.data.retryAfterSeconds : undefined);
}

/** The HTTP status a MovelabError carries (0 for a request that got no answer). */
const statusOf = (error: unknown): number | undefined => (isMovelabError(error) ? error.status : undefined);

/**
 * A failure that goes away by itself: no network, a server that did not answer, or one that
 * answered it is down (5xx). Screens showing one try again on their own (`query-client.ts`).
 */
export function isPassingFailure(error: unknown): boolean {
  if (isNetworkFailure(error)) return true;
  const status = statusOf(error);
  return status !== undefined && status >= 500;
}

/**
 * Codes whose own message is not for users (Firestore's, the SDK's) to what the user reads;
 * the gateway's `app/...` messages are already written for them.
 */
const PLAIN_MESSAGES: Readonly<Record<string, string>> = {
  [APP_ERRORS.unauthenticated]: 'Your sign-in has ended. Sign in again to continue.',
  unauthenticated: 'Your sign-in has ended. Sign in again to continue.',
  'permission-denied': 'Your account is not allowed to see or change this.',
  [APP_ERRORS.requestTimeout]: 'The server took too long to answer. Try again.',
  'deadline-exceeded': 'The server took too long to answer. Try again.',
};

/**
 * What the user reads for any failure that is not an identity one: the one mapping from the
 * errors of both backends to plain words, so no screen shows "TypeError: Failed to fetch".
 */
export function errorText(error: unknown): string {
  if (isNetworkFailure(error)) {
    return isBrowserOnline()
      ? 'The server cannot be reached right now. This page tries again by itself as soon as it answers.'
      : 'You are offline. This page loads by itself when the connection returns.';
  }
  const status = statusOf(error);
  if (status !== undefined && status >= 500) {
    return 'The server has a problem right now. This page tries again by itself in a moment.';
  }
  const code = errorCode(error);
  if (code && PLAIN_MESSAGES[code]) return PLAIN_MESSAGES[code];
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}
