import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import {
  API,
  APP_ERRORS,
  isAdmin,
  LIMITS,
  MovelabError,
  pathParamsSchema,
  sentFields,
  type TApi,
  type TApiName,
  type TEndpoint,
  type TPathParams,
} from '@movelab/shared';
import { bearerToken, type TTokenVerifier, type TVerifiedToken } from '../identity/verifier.js';
import { bodyDeadline, boundJsonBody, closeAfterAnswer } from '../http/bounds.js';
import { badRequest, forbidden, notAvailable, unauthenticated } from '../errors.js';

type TSchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: validated params, query and body, and the verified caller. */
export type TContext<N extends TApiName> = {
  params: TPathParams<TApi[N]['path']>;
  query: TApi[N] extends { query: infer S } ? TSchemaOutput<S> : undefined;
  body: TApi[N] extends { body: infer S } ? TSchemaOutput<S> : TApi[N] extends { upload: 'image' } ? Buffer : undefined;
  caller: TApi[N]['access'] extends 'open' ? TVerifiedToken | null : TVerifiedToken;
  req: Request;
  res: Response;
};

type TResult<N extends TApiName> = TApi[N]['response'] extends z.ZodType ? z.input<TApi[N]['response']> : void;

export type THandler<N extends TApiName> = (context: TContext<N>) => TResult<N> | Promise<TResult<N>>;
export type THandlers = { [N in TApiName]?: THandler<N> };

/** How long a request's body may take to arrive: JSON bodies are small, images up to LIMITS.imageBytes. */
export type TBodyTimeouts = { jsonMs: number; uploadMs: number };

/** Raw image uploads: the body arrives as bytes; the handler checks the type by its magic bytes. */
const rawImage = express.raw({ type: () => true, limit: LIMITS.imageBytes });
const jsonBody = express.json({ limit: LIMITS.jsonBodyBytes });

/** The body readers of one endpoint, each under its deadline. */
function bodyReaders(endpoint: TEndpoint, timeouts: TBodyTimeouts): RequestHandler[] {
  if (endpoint.upload === 'image') return [bodyDeadline(timeouts.uploadMs), rawImage];
  return [bodyDeadline(timeouts.jsonMs), jsonBody, boundJsonBody];
}

function validate(schema: z.ZodType | undefined, value: unknown, what: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (what === 'query' ? {} : undefined));
  if (!result.success) {
    throw badRequest(
      `Invalid ${what}: ${result.error.issues.map((issue) => `${issue.path.join('.') || what} ${issue.message}`).join('; ')}`,
      result.error.issues,
    );
  }
  return result.data;
}

/**
 * A PATCH changes only the fields the caller sent: zod fills defaults even inside `.partial()`,
 * and those must not overwrite stored values.
 */
function presentKeys(endpoint: TEndpoint, raw: unknown, parsed: unknown): unknown {
  return endpoint.method === 'PATCH' ? sentFields(raw, parsed) : parsed;
}

async function authenticate(endpoint: TEndpoint, req: Request, verifier: TTokenVerifier): Promise<TVerifiedToken | null> {
  const token = bearerToken(req.headers.authorization);
  if (endpoint.access === 'open') return token ? verifier.verify(token).catch(() => null) : null;
  if (!token) throw unauthenticated();
  const caller = await verifier.verify(token);
  if (endpoint.access === 'admin' && !isAdmin(caller.roles)) throw forbidden('This needs the ADMIN role');
  return caller;
}

/**
 * Runs before the body is read: the token, the role, the route parameters, and for an upload's
 * `:uid` path the owner. A refusal closes the connection, so an unread body is neither buffered
 * nor drained.
 */
function checkAccess(endpoint: TEndpoint, handler: unknown, verifier: TTokenVerifier): RequestHandler {
  const paramsSchema = pathParamsSchema(endpoint.path);
  return async (req, res, next) => {
    try {
      if (!handler) throw notAvailable();
      const caller = await authenticate(endpoint, req, verifier);
      const params = validate(paramsSchema, req.params, 'path parameter') as Record<string, string>;
      if (endpoint.upload === 'image' && params.uid !== undefined && caller?.uid !== params.uid) {
        throw forbidden('You may only change your own data');
      }
      res.locals.caller = caller;
      res.locals.params = params;
      next();
    } catch (error) {
      closeAfterAnswer(req, res);
      next(error);
    }
  };
}

/**
 * Mounts every endpoint of the shared API table: access check, body and query validation,
 * the handler, then the answer checked against the table's response schema. Endpoints with no
 * handler (the firebase backend serves little) answer 404 app/not-available.
 */
export function mountApi(router: Router, handlers: THandlers, verifier: TTokenVerifier, timeouts: TBodyTimeouts): void {
  (Object.entries(API) as [TApiName, TEndpoint][]).forEach(([name, endpoint]) => {
    const handler = handlers[name] as THandler<TApiName> | undefined;
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const isUpload = endpoint.upload === 'image';
    // Access is checked before a byte of the body is read (see `checkAccess`).
    router[method](endpoint.path, checkAccess(endpoint, handler, verifier), ...bodyReaders(endpoint, timeouts), async (req, res, next) => {
      try {
        if (!handler) throw notAvailable();
        const caller = res.locals.caller as TVerifiedToken;
        if (isUpload && !Buffer.isBuffer(req.body)) throw badRequest('Send the image bytes as the request body');
        const context = {
          params: res.locals.params as Record<string, string>,
          query: validate(endpoint.query, req.query, 'query'),
          body: isUpload ? req.body : presentKeys(endpoint, req.body, validate(endpoint.body, req.body, 'body')),
          caller,
          req,
          res,
        } as TContext<TApiName>;
        const result = await handler(context);
        if (endpoint.response === null) {
          res.status(204).end();
          return;
        }
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) {
          throw new MovelabError(APP_ERRORS.internal, `Response of ${name} broke its contract`, 500, checked.error.issues);
        }
        res.json(checked.data);
      } catch (error) {
        next(error);
      }
    });
  });
}
