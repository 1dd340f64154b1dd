/**
 * The embedded backend's REST contract: every path, its request schemas and its response
 * schema. The gateway mounts these and the client's embedded adapter calls them, so both sides
 * read the same table.
 *
 * Success answers the response body as JSON (204 when `response` is null). Failure answers
 * `{ error: { code, message } }` with an HTTP status (ZApiError).
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { ZRuntimeConfig } from './config.js';
import { decodePairCursor, USER_CURSOR_MAX } from './cursor.js';
import { ZHistoryDetails, ZHistoryPage, ZHistoryQuery } from './history.js';
import {
  ZActivity,
  ZActivityCategory,
  ZActivityCategoryInput,
  ZActivityInput,
  ZAuthUser,
  ZMovement,
  ZMovementInput,
  ZMovescoreGroup,
  ZMovescoreGroupInput,
  ZMovescoreMovement,
  ZMovescoreMovementInput,
  ZPerspective,
  ZPerspectiveInput,
  ZProfileUpdate,
  ZRoutine,
  ZRoutineCompletion,
  ZRoutineCompletionInput,
  ZRoutineInput,
  ZUser,
  ZUserCreate,
  ZUserStatSession,
  ZUserStatSessionInput,
  ZVideoAnalysis,
  ZVideoAnalysisInput,
} from './entities.js';

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

function endpoint<const T extends TEndpoint>(definition: T): T {
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

const limitParam = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

// ---------------------------------------------------------------- identity

/**
 * The fields a patch sent, as its schema parsed them: zod fills defaults even inside
 * `.partial()`, and those must not overwrite stored values. Both backends apply a patch this way.
 */
export function sentFields<T>(raw: unknown, parsed: T): T {
  if (!parsed || typeof parsed !== 'object' || !raw || typeof raw !== 'object') return parsed;
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(raw, key))) as T;
}

export const ZSessionTokens = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  /** Epoch milliseconds when idToken expires. */
  expiresAt: z.number(),
});
export type TSessionTokens = z.infer<typeof ZSessionTokens>;

export const ZAuthSession = z.object({ user: ZAuthUser, tokens: ZSessionTokens });
export type TAuthSession = z.infer<typeof ZAuthSession>;

/** Sign-in fields are checked by the gateway so that it can answer the Firebase codes. */
export const ZCredentials = z.object({ email: z.string().max(320), password: z.string().max(4096) });
export const ZSignUp = ZCredentials.extend({ displayName: z.string().trim().max(LIMITS.displayNameMax).optional() });

export const ZAccountUpdate = z
  .object({
    displayName: z.string().trim().max(LIMITS.displayNameMax),
    email: z.string().max(320),
    password: z.string().max(4096),
    photoURL: z.string().max(2048).nullable(),
  })
  .partial()
  .strict();

// ---------------------------------------------------------------- users

/** A user list cursor (user-page.ts). */
const userCursor = z
  .string()
  .max(USER_CURSOR_MAX)
  .refine((text) => decodePairCursor(text, USER_CURSOR_MAX) !== null, 'is not a valid page cursor');

export const ZUserFilterQuery = z.object({
  /** Display-name prefix, matched against displayNameLowercase. */
  name: z.string().max(LIMITS.displayNameMax).optional(),
  /** E-mail prefix; when given, the list is ordered by e-mail. */
  email: z.string().max(320).optional(),
  /** Opaque cursor: the page starts after it. */
  startAfter: userCursor.optional(),
  /** Opaque cursor: the page ends before it (paging backwards). */
  endBefore: userCursor.optional(),
  limit: limitParam(LIMITS.pageSizeMax, 20),
});
export type TUserFilterQuery = z.input<typeof ZUserFilterQuery>;

export const ZUserPage = z.object({
  items: z.array(ZUser),
  /** Pass as startAfter for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Pass as endBefore for the previous page; null on the first page. */
  prevCursor: z.string().nullable(),
});
export type TUserPage = z.infer<typeof ZUserPage>;

export const ZCount = z.object({ count: z.number().int().min(0) });
export const ZUrl = z.object({ url: z.string() });
export const ZIdList = z.object({ ids: z.array(z.string().min(1).max(128)).max(100) });
export const ZPrefixQuery = z.object({
  prefix: z.string().max(LIMITS.nameMax).optional(),
  limit: limitParam(LIMITS.pageSizeMax, 100),
});
/** An analysis as the admin lists see it: across users, with its owner's id (users/{userId}/video_analysis). */
export const ZAdminAnalysis = ZVideoAnalysis.extend({ userId: z.string().min(1).max(128) });
export type TAdminAnalysis = z.infer<typeof ZAdminAnalysis>;

export const ZDeleteQuery = z.object({
  /** cascade: delete the children too; block: refuse while children exist. */
  children: z.enum(['cascade', 'block']).default('block'),
});

export const API = {
  health: endpoint({ method: 'GET', path: '/healthz', access: 'open', response: z.object({ ok: z.literal(true) }) }),
  config: endpoint({ method: 'GET', path: '/api/config', access: 'open', response: ZRuntimeConfig }),

  // identity
  signUp: endpoint({ method: 'POST', path: '/api/auth/sign-up', access: 'open', body: ZSignUp, response: ZAuthSession }),
  signIn: endpoint({ method: 'POST', path: '/api/auth/sign-in', access: 'open', body: ZCredentials, response: ZAuthSession }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/token',
    access: 'open',
    body: z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1).max(512) }),
    response: ZAuthSession,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    access: 'open',
    body: z.object({ refreshToken: z.string().min(1).max(512) }),
    response: null,
  }),
  sendPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset',
    access: 'open',
    body: z.object({ email: z.string().max(320) }),
    response: null,
  }),
  /** Checks a reset link as its page opens, before asking for a password: the account's e-mail, or why it is void. */
  checkPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/check',
    access: 'open',
    body: z.object({ oobCode: z.string().min(1).max(256) }),
    response: z.object({ email: z.string() }),
  }),
  confirmPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    access: 'open',
    body: z.object({ oobCode: z.string().min(1).max(256), newPassword: z.string().max(4096) }),
    response: null,
  }),
  /** Writes a verification link for the caller's e-mail to the gateway log (no mail server). */
  sendEmailVerification: endpoint({ method: 'POST', path: '/api/auth/email-verification', access: 'user', response: null }),
  /** Proves the address: single use, expires, void once the account's e-mail changed. */
  confirmEmailVerification: endpoint({
    method: 'POST',
    path: '/api/auth/email-verification/confirm',
    access: 'open',
    body: z.object({ oobCode: z.string().min(1).max(256) }),
    response: null,
  }),
  lookup: endpoint({ method: 'GET', path: '/api/auth/account', access: 'user', response: ZAuthUser }),
  updateAccount: endpoint({
    method: 'PATCH',
    path: '/api/auth/account',
    access: 'user',
    body: ZAccountUpdate,
    response: ZAuthSession,
  }),
  deleteAccount: endpoint({ method: 'DELETE', path: '/api/auth/account', access: 'user', response: null }),

  // users
  countUsers: endpoint({ method: 'GET', path: '/api/users/count', access: 'admin', response: ZCount }),
  filterUsers: endpoint({ method: 'GET', path: '/api/users', access: 'admin', query: ZUserFilterQuery, response: ZUserPage }),
  getUser: endpoint({ method: 'GET', path: '/api/users/:uid', access: 'user', response: ZUser }),
  createUser: endpoint({ method: 'PUT', path: '/api/users/:uid', access: 'user', body: ZUserCreate, response: ZUser }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/users/:uid',
    access: 'user',
    body: ZProfileUpdate,
    response: ZUser,
  }),
  setRoles: endpoint({
    method: 'PUT',
    path: '/api/users/:uid/roles',
    access: 'admin',
    body: z.object({ roles: z.array(z.enum(['ADMIN'])).max(10) }),
    response: ZUser,
  }),
  setDisabled: endpoint({
    method: 'PUT',
    path: '/api/users/:uid/disabled',
    access: 'admin',
    body: z.object({ disabled: z.boolean() }),
    response: ZUser,
  }),
  addActivity: endpoint({
    method: 'PUT',
    path: '/api/users/:uid/activities/:activityId',
    access: 'user',
    response: ZUser,
  }),
  removeActivity: endpoint({
    method: 'DELETE',
    path: '/api/users/:uid/activities/:activityId',
    access: 'user',
    response: ZUser,
  }),
  addRoutineSubscription: endpoint({
    method: 'PUT',
    path: '/api/users/:uid/routine-subscriptions/:routineId',
    access: 'user',
    response: ZUser,
  }),
  saveConversationId: endpoint({
    method: 'PUT',
    path: '/api/users/:uid/conversation',
    access: 'user',
    body: z.object({ apiRtcConversationId: z.string().max(128).nullable() }),
    response: ZUser,
  }),
  uploadAvatar: endpoint({ method: 'PUT', path: '/api/users/:uid/avatar', access: 'user', upload: 'image', response: ZUrl }),
  getAvatarUrl: endpoint({ method: 'GET', path: '/api/users/:uid/avatar', access: 'user', response: ZUrl }),
  createVideoAnalysis: endpoint({
    method: 'POST',
    path: '/api/users/:uid/video_analysis',
    access: 'user',
    body: ZVideoAnalysisInput,
    response: ZVideoAnalysis,
  }),
  listVideoAnalyses: endpoint({
    method: 'GET',
    path: '/api/users/:uid/video_analysis',
    access: 'user',
    query: z.object({ limit: limitParam(LIMITS.videoAnalysisLoadMax, 3) }),
    response: z.array(ZVideoAnalysis),
  }),

  // administration: video analyses across every user (a collection-group read)
  countAllVideoAnalyses: endpoint({ method: 'GET', path: '/api/admin/video_analysis/count', access: 'admin', response: ZCount }),
  latestVideoAnalyses: endpoint({
    method: 'GET',
    path: '/api/admin/video_analysis',
    access: 'admin',
    query: z.object({ limit: limitParam(LIMITS.pageSizeMax, 10) }),
    response: z.array(ZAdminAnalysis),
  }),

  // movescore groups
  listGroups: endpoint({
    method: 'GET',
    path: '/api/movescore-groups',
    access: 'user',
    query: ZPrefixQuery,
    response: z.array(ZMovescoreGroup),
  }),
  countGroups: endpoint({ method: 'GET', path: '/api/movescore-groups/count', access: 'user', response: ZCount }),
  getGroupsByIds: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/by-ids',
    access: 'user',
    body: ZIdList,
    response: z.array(ZMovescoreGroup),
  }),
  getGroup: endpoint({ method: 'GET', path: '/api/movescore-groups/:groupId', access: 'user', response: ZMovescoreGroup }),
  createGroup: endpoint({
    method: 'POST',
    path: '/api/movescore-groups',
    access: 'admin',
    body: ZMovescoreGroupInput,
    response: ZMovescoreGroup,
  }),
  updateGroup: endpoint({
    method: 'PATCH',
    path: '/api/movescore-groups/:groupId',
    access: 'admin',
    body: ZMovescoreGroupInput.partial(),
    response: ZMovescoreGroup,
  }),
  deleteGroup: endpoint({
    method: 'DELETE',
    path: '/api/movescore-groups/:groupId',
    access: 'admin',
    query: ZDeleteQuery,
    response: null,
  }),
  uploadGroupCover: endpoint({
    method: 'PUT',
    path: '/api/movescore-groups/:groupId/cover',
    access: 'admin',
    upload: 'image',
    response: ZMovescoreGroup,
  }),
  recountGroup: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/recount',
    access: 'admin',
    response: ZMovescoreGroup,
  }),

  // movescore movements
  listGroupMovements: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements',
    access: 'user',
    response: z.array(ZMovescoreMovement),
  }),
  getGroupMovement: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements/:movementId',
    access: 'user',
    response: ZMovescoreMovement,
  }),
  createGroupMovement: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/movements',
    access: 'admin',
    body: ZMovescoreMovementInput,
    response: ZMovescoreMovement,
  }),
  updateGroupMovement: endpoint({
    method: 'PATCH',
    path: '/api/movescore-groups/:groupId/movements/:movementId',
    access: 'admin',
    body: ZMovescoreMovementInput.partial(),
    response: ZMovescoreMovement,
  }),
  deleteGroupMovement: endpoint({
    method: 'DELETE',
    path: '/api/movescore-groups/:groupId/movements/:movementId',
    access: 'admin',
    query: ZDeleteQuery,
    response: null,
  }),
  recountGroupMovement: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/movements/:movementId/recount',
    access: 'admin',
    response: ZMovescoreMovement,
  }),

  // perspectives
  listPerspectives: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives',
    access: 'user',
    response: z.array(ZPerspective),
  }),
  getPerspective: endpoint({
    method: 'GET',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives/:perspectiveId',
    access: 'user',
    response: ZPerspective,
  }),
  createPerspective: endpoint({
    method: 'POST',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives',
    access: 'admin',
    body: ZPerspectiveInput,
    response: ZPerspective,
  }),
  updatePerspective: endpoint({
    method: 'PATCH',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives/:perspectiveId',
    access: 'admin',
    body: ZPerspectiveInput.partial(),
    response: ZPerspective,
  }),
  deletePerspective: endpoint({
    method: 'DELETE',
    path: '/api/movescore-groups/:groupId/movements/:movementId/perspectives/:perspectiveId',
    access: 'admin',
    response: null,
  }),

  // activity catalogue
  listCategories: endpoint({
    method: 'GET',
    path: '/api/activity_categories',
    access: 'user',
    response: z.array(ZActivityCategory),
  }),
  createCategory: endpoint({
    method: 'POST',
    path: '/api/activity_categories',
    access: 'admin',
    body: ZActivityCategoryInput,
    response: ZActivityCategory,
  }),
  updateCategory: endpoint({
    method: 'PATCH',
    path: '/api/activity_categories/:categoryId',
    access: 'admin',
    body: ZActivityCategoryInput.partial(),
    response: ZActivityCategory,
  }),
  deleteCategory: endpoint({
    method: 'DELETE',
    path: '/api/activity_categories/:categoryId',
    access: 'admin',
    response: null,
  }),
  listActivities: endpoint({
    method: 'GET',
    path: '/api/activities',
    access: 'user',
    query: ZPrefixQuery.extend({ categoryId: z.string().max(128).optional() }),
    response: z.array(ZActivity),
  }),
  countActivities: endpoint({ method: 'GET', path: '/api/activities/count', access: 'user', response: ZCount }),
  getActivity: endpoint({ method: 'GET', path: '/api/activities/:activityId', access: 'user', response: ZActivity }),
  createActivity: endpoint({
    method: 'POST',
    path: '/api/activities',
    access: 'admin',
    body: ZActivityInput,
    response: ZActivity,
  }),
  updateActivity: endpoint({
    method: 'PATCH',
    path: '/api/activities/:activityId',
    access: 'admin',
    body: ZActivityInput.partial(),
    response: ZActivity,
  }),
  deleteActivity: endpoint({
    method: 'DELETE',
    path: '/api/activities/:activityId',
    access: 'admin',
    query: ZDeleteQuery,
    response: null,
  }),
  uploadActivityImage: endpoint({
    method: 'PUT',
    path: '/api/activities/:activityId/image',
    access: 'admin',
    upload: 'image',
    response: ZActivity,
  }),
  listMovements: endpoint({
    method: 'GET',
    path: '/api/movements',
    access: 'user',
    query: z.object({ activityId: z.string().min(1).max(128) }),
    response: z.array(ZMovement),
  }),
  getMovement: endpoint({ method: 'GET', path: '/api/movements/:movementId', access: 'user', response: ZMovement }),
  createMovement: endpoint({
    method: 'POST',
    path: '/api/movements',
    access: 'admin',
    body: ZMovementInput,
    response: ZMovement,
  }),
  updateMovement: endpoint({
    method: 'PATCH',
    path: '/api/movements/:movementId',
    access: 'admin',
    body: ZMovementInput.partial(),
    response: ZMovement,
  }),
  deleteMovement: endpoint({ method: 'DELETE', path: '/api/movements/:movementId', access: 'admin', response: null }),
  listRoutines: endpoint({
    method: 'GET',
    path: '/api/routines',
    access: 'user',
    query: z.object({ activityId: z.string().min(1).max(128).optional() }),
    response: z.array(ZRoutine),
  }),
  getRoutine: endpoint({ method: 'GET', path: '/api/routines/:routineId', access: 'user', response: ZRoutine }),
  createRoutine: endpoint({ method: 'POST', path: '/api/routines', access: 'admin', body: ZRoutineInput, response: ZRoutine }),
  updateRoutine: endpoint({
    method: 'PATCH',
    path: '/api/routines/:routineId',
    access: 'admin',
    body: ZRoutineInput.partial(),
    response: ZRoutine,
  }),
  deleteRoutine: endpoint({ method: 'DELETE', path: '/api/routines/:routineId', access: 'admin', response: null }),
  createRoutineCompletion: endpoint({
    method: 'POST',
    path: '/api/routine_completion',
    access: 'user',
    body: ZRoutineCompletionInput,
    response: ZRoutineCompletion,
  }),
  listRoutineCompletions: endpoint({
    method: 'GET',
    path: '/api/routine_completion',
    access: 'user',
    query: z.object({ limit: limitParam(LIMITS.videoAnalysisLoadMax, 20) }),
    response: z.array(ZRoutineCompletion),
  }),
  createUserStatSession: endpoint({
    method: 'POST',
    path: '/api/user_stat_sessions',
    access: 'user',
    body: ZUserStatSessionInput,
    response: ZUserStatSession,
  }),
  listUserStatSessions: endpoint({
    method: 'GET',
    path: '/api/user_stat_sessions',
    access: 'user',
    query: z.object({ limit: limitParam(LIMITS.videoAnalysisLoadMax, 50) }),
    response: z.array(ZUserStatSession),
  }),
  /** The caller's own analyses and practice sessions, newest first, in cursor pages (history.ts). */
  listHistory: endpoint({ method: 'GET', path: '/api/history', access: 'user', query: ZHistoryQuery, response: ZHistoryPage }),
  /** One of the caller's own history items with what was saved (`:kind` analysis or practice); another user's answers 404. */
  getHistoryItem: endpoint({ method: 'GET', path: '/api/history/:kind/:id', access: 'user', response: ZHistoryDetails }),
  /** Deletes one of the caller's own history items (`:kind` analysis or practice); another user's answers 404. */
  deleteHistoryItem: endpoint({ method: 'DELETE', path: '/api/history/:kind/:id', access: 'user', response: null }),
} as const;

export type TApi = typeof API;
export type TApiName = keyof TApi;
