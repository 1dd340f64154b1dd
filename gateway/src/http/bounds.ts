import type { Request, RequestHandler, Response } from 'express';
import { APP_ERRORS, LIMITS, measureJson } from '@movelab/shared';

/**
 * After express.json: a body nested deeper than LIMITS.jsonDepthMax is refused before zod,
 * the handlers or the logger recurse into it. JSON.parse itself does not recurse.
 */
export const boundJsonBody: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object') return next();
  const measure = measureJson(body, {
    maxDepth: LIMITS.jsonDepthMax,
    maxBytes: Number.POSITIVE_INFINITY,
  });
  if (measure.ok) return next();
  res.status(400).json({
    error: {
      code: APP_ERRORS.payloadTooDeep,
      message: `The request body is nested deeper than ${LIMITS.jsonDepthMax} levels`,
    },
  });
};

/**
 * The connection ends after this answer: a refused request's unread body is neither buffered
 * nor drained, and the caller cannot send the next request on it.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  if (!req.complete) res.setHeader('Connection', 'close');
}

const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/**
 * A body must arrive whole within `ms`: a slow sender is answered 408 and its connection closed
 * (or, once an answer has gone out, its connection is dropped), so it cannot hold memory and a
 * socket for minutes.
 */
export function bodyDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    if (req.complete || !hasBody(req)) return next();
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      closeAfterAnswer(req, res);
      res.status(408).json({
        error: { code: APP_ERRORS.requestTimeout, message: `The request body did not arrive within ${ms / 1000} s` },
      });
    }, ms);
    const stop = () => clearTimeout(timer);
    req.once('end', stop);
    req.once('close', stop);
    next();
  };
}
