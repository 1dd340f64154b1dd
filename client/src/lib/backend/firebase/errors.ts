import { APP_ERRORS, MovelabError, isMovelabError } from '@movelab/shared';

/** HTTP-like statuses for the SDK codes, so callers can treat both backends alike. */
const STATUS_BY_CODE: Record<string, number> = {
  'permission-denied': 403,
  'not-found': 404,
  'storage/object-not-found': 404,
  'storage/unauthorized': 403,
  unauthenticated: 401,
  'already-exists': 409,
  'resource-exhausted': 429,
  unavailable: 503,
};

type TCoded = { code: string; message: string };

function isCoded(error: unknown): error is TCoded {
  return typeof error === 'object' && error !== null && typeof (error as TCoded).code === 'string';
}

/** Keeps the SDK's code (`auth/...`, `storage/...`, Firestore's `permission-denied`, ...). */
export function toMovelabError(error: unknown): MovelabError {
  if (isMovelabError(error)) return error;
  if (!isCoded(error)) return new MovelabError(APP_ERRORS.internal, String(error), 500);
  const status = STATUS_BY_CODE[error.code] ?? (error.code.startsWith('auth/') ? 400 : 500);
  return new MovelabError(error.code, error.message, status, error);
}

/** Runs an SDK call and rethrows its failure as a MovelabError. */
export async function sdk<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toMovelabError(error);
  }
}
