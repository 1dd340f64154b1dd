import type { RequestHandler } from 'express';
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
