/**
 * The embedded backend's REST contract: every path, its request schemas and its response
 * schema. The gateway mounts these and the client's embedded adapter calls them, so both sides
 * read the same table. Each domain's endpoints are in api/; the table keeps their order, which
 * is the order the gateway mounts them in (`/api/users/count` before `/api/users/:uid`).
 *
 * Success answers the response body as JSON (204 when `response` is null). Failure answers
 * `{ error: { code, message } }` with an HTTP status (ZApiError).
 */
import { z } from 'zod';
import { ZRuntimeConfig } from './config.js';
import { ACTIVITY_CATALOGUE_ENDPOINTS } from './api/activities.js';
import { endpoint } from './api/contract.js';
import { IDENTITY_ENDPOINTS } from './api/identity.js';
import { MOVESCORE_ENDPOINTS } from './api/movescore.js';
import { PRACTICE_ENDPOINTS } from './api/practice.js';
import { USER_ENDPOINTS } from './api/users.js';

export {
  pathParamsSchema,
  sentFields,
  ZApiError,
  ZCount,
  ZDeleteQuery,
  ZIdList,
  ZPrefixQuery,
  ZRetryAfter,
  ZRouteParam,
  ZUrl,
  type TApiError,
  type TEndpoint,
  type TPathParams,
  type TRetryAfter,
} from './api/contract.js';
export { ZAccountUpdate, ZAuthSession, ZCredentials, ZSessionTokens, ZSignUp, type TAuthSession, type TSessionTokens } from './api/identity.js';
export { ZAdminAnalysis, ZUserFilterQuery, ZUserPage, type TAdminAnalysis, type TUserFilterQuery, type TUserPage } from './api/users.js';

export const API = {
  health: endpoint({ method: 'GET', path: '/healthz', access: 'open', response: z.object({ ok: z.literal(true) }) }),
  config: endpoint({ method: 'GET', path: '/api/config', access: 'open', response: ZRuntimeConfig }),
  ...IDENTITY_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...MOVESCORE_ENDPOINTS,
  ...ACTIVITY_CATALOGUE_ENDPOINTS,
  ...PRACTICE_ENDPOINTS,
} as const;

export type TApi = typeof API;
export type TApiName = keyof TApi;
