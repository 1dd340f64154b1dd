/**
 * The shape of an endpoint of the REST table (api.ts) and the pieces several domains' endpoints
 * share: the error answer, route parameters, list limits, counts and id lists.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';

export const ZApiError = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type TApiError = z.infer<typeof ZApiError>;
/**
 * `details` of a refusal that ends by itself (429: `app/rate-limited`, a locked sign-in): when a
 * retry can succeed. The answer also carries `Retry-After`.
 */
export const ZRetryAfter = z.object({ retryAfterSeconds: z.number().int().min(0) });
export type TRetryAfter = z.infer<typeof ZRetryAfter>;

type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TEndpoint = {
  method: THttpMethod;
  /** Express-style path: `/api/users/:uid`. */
  path: string;
  /** Who may call it: anyone, a signed-in user, or an admin. Owner checks are the handler's. */
  access: 'open' | 'user' | 'admin';
  query?: z.ZodType;
  body?: z.ZodType;
  /** 'bytes' means a raw image body (Content-Type image/*). */
  upload?: 'image' | 'json-file';
  response: z.ZodType | null;
};

export function endpoint<const T extends TEndpoint>(definition: T): T {
  return definition;
}

/** The `:name` parameters of an Express-style path: `/users/:uid/activities/:activityId` gives `'uid' | 'activityId'`. */
type TParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The route parameters of a path, each a validated id: `/users/:uid` gives `{ uid: string }`. */
export type TPathParams<P extends string> = { [K in TParamNames<P>]: string };

/** One route parameter: an id, never empty, at most LIMITS.idMax characters. */
export const ZRouteParam = z.string().min(1, 'is empty').max(LIMITS.idMax, `is longer than ${LIMITS.idMax} characters`);

/** The schema of a path's route parameters, one ZRouteParam per `:name`. */
export function pathParamsSchema<P extends string>(path: P): z.ZodType<TPathParams<P>> {
  const names = [...path.matchAll(/:\w+/g)].map(([marker]) => marker.slice(1));
  return z.object(Object.fromEntries(names.map((name) => [name, ZRouteParam]))) as unknown as z.ZodType<TPathParams<P>>;
}

export const limitParam = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * The fields a patch sent, as its schema parsed them: zod fills defaults even inside
 * `.partial()`, and those must not overwrite stored values. Both backends apply a patch this way.
 */
export function sentFields<T>(raw: unknown, parsed: T): T {
  if (!parsed || typeof parsed !== 'object' || !raw || typeof raw !== 'object') return parsed;
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(raw, key))) as T;
}

export const ZCount = z.object({ count: z.number().int().min(0) });
export const ZUrl = z.object({ url: z.string() });
export const ZIdList = z.object({ ids: z.array(z.string().min(1).max(128)).max(100) });
export const ZPrefixQuery = z.object({
  prefix: z.string().max(LIMITS.nameMax).optional(),
  limit: limitParam(LIMITS.pageSizeMax, 100),
});

export const ZDeleteQuery = z.object({
  /** cascade: delete the children too; block: refuse while children exist. */
  children: z.enum(['cascade', 'block']).default('block'),
});
