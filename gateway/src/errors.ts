import { APP_ERRORS, MovelabError } from '@movelab/shared';

// The gateway's refusals, thrown from any layer; `http/errors.ts` turns them into answers.
export const badRequest = (message: string, details?: unknown) =>
  new MovelabError(APP_ERRORS.badRequest, message, 400, details);
export const notFound = (what = 'Document') => new MovelabError(APP_ERRORS.notFound, `${what} not found`, 404);
export const forbidden = (message = 'Not allowed') => new MovelabError(APP_ERRORS.forbidden, message, 403);
export const conflict = (code: string, message: string) => new MovelabError(code, message, 409);
export const unauthenticated = (message = 'Sign in first') => new MovelabError(APP_ERRORS.unauthenticated, message, 401);
export const notAvailable = () =>
  new MovelabError(APP_ERRORS.notAvailable, 'Not available with this backend: the client talks to Firebase', 404);
