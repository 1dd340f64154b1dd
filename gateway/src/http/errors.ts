import type { ErrorRequestHandler, RequestHandler } from 'express';
import { APP_ERRORS, isMovelabError, MovelabError } from '@movelab/shared';
import type { Logger } from '../logger.js';

export const badRequest = (message: string, details?: unknown) =>
  new MovelabError(APP_ERRORS.badRequest, message, 400, details);
export const notFound = (what = 'Document') => new MovelabError(APP_ERRORS.notFound, `${what} not found`, 404);
export const forbidden = (message = 'Not allowed') => new MovelabError(APP_ERRORS.forbidden, message, 403);
export const conflict = (code: string, message: string) => new MovelabError(code, message, 409);
export const unauthenticated = (message = 'Sign in first') => new MovelabError(APP_ERRORS.unauthenticated, message, 401);
export const notAvailable = () =>
  new MovelabError(APP_ERRORS.notAvailable, 'Not available with this backend: the client talks to Firebase', 404);

/** Unknown /api paths answer JSON, never the SPA page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: { code: APP_ERRORS.notFound, message: 'No such endpoint' } });
};

type TBodyParserError = { type?: string; status?: number };

/** Every failure leaves as `{ error: { code, message, details? } }`; internal errors hide their details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (isMovelabError(error) && error.status < 500) {
      res.status(error.status).json({ error: { code: error.code, message: error.message, details: error.details } });
      return;
    }
    const parserType = (error as TBodyParserError | null)?.type;
    if (parserType === 'entity.too.large') {
      res.status(413).json({ error: { code: APP_ERRORS.payloadTooLarge, message: 'The request body is too large' } });
      return;
    }
    if (parserType === 'entity.parse.failed' || parserType === 'encoding.unsupported') {
      res.status(400).json({ error: { code: APP_ERRORS.badRequest, message: 'The request body is not valid JSON' } });
      return;
    }
    logger.error({ err: error }, 'request failed');
    res.status(500).json({ error: { code: APP_ERRORS.internal, message: 'Internal error' } });
  };
}
