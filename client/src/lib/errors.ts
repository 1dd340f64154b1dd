import { AUTH_ERRORS, authErrorMessage, isMovelabError, signInLockedMessage, ZRetryAfter } from '@movelab/shared';

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
  if (!retry.success) return authErrorText(error);
  return authErrorMessage(AUTH_ERRORS.tooManyRequests, signInLockedMessage(retry.data.retryAfterSeconds));
}

/** What the user reads for any other failure. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}
