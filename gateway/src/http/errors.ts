import type { ErrorRequestHandler, RequestHandler } from 'express';
import { APP_ERRORS, isMovelabError, ZRetryAfter } from '@movelab/shared';
import type { Logger } from '../logger.js';
import { closeAfterAnswer } from './bounds.js';

/** Unknown /api paths answer JSON, never the SPA page. */
export const apiNotFound: RequestHandler = (req, res) => {
  closeAfterAnswer(req, res);
  res.status(404).json({ error: { code: APP_ERRORS.notFound, message: 'No such endpoint' } });
};

type TBodyParserError = { type?: string; status?: number };

/** Codes for the caller's mistakes that Express, body-parser or serve-static report as http-errors. */
const HTTP_ERROR_CODES: Record<number, [code: string, message: string]> = {
  400: [APP_ERRORS.badRequest, 'The request is malformed (its percent-encoding or its compressed body is broken)'],
  404: [APP_ERRORS.notFound, 'Not found'],
  413: [APP_ERRORS.payloadTooLarge, 'The request body is too large'],
  415: [APP_ERRORS.unsupportedMediaType, 'The request body has an unsupported encoding or charset'],
};

/** An http-errors status in 400..499 (set by the framework, never by our code), or undefined. */
function clientStatus(error: unknown): number | undefined {
  const status = (error as TBodyParserError | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Every failure leaves as `{ error: { code, message, details? } }`; internal errors hide their details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isMovelabError(error) && error.status < 500) {
      const retry = ZRetryAfter.safeParse(error.details);
      if (retry.success) res.setHeader('Retry-After', String(retry.data.retryAfterSeconds));
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
    const status = clientStatus(error);
    if (status !== undefined) {
      const [code, message] = HTTP_ERROR_CODES[status] ?? [APP_ERRORS.badRequest, 'The request was refused'];
      logger.warn({ status, url: req.originalUrl.split('?')[0], reason: (error as Error).message }, 'request refused');
      res.status(status).json({ error: { code, message } });
      return;
    }
    logger.error({ err: error }, 'request failed');
    res.status(500).json({ error: { code: APP_ERRORS.internal, message: 'Internal error' } });
  };
}
