/** The REST endpoints of user records (the admin's lists, roles, avatars) and of video analyses. */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { decodePairCursor, USER_CURSOR_MAX } from '../cursor.js';
import { ZProfileUpdate, ZUser, ZUserCreate, ZVideoAnalysis, ZVideoAnalysisInput } from '../entities.js';
import { endpoint, limitParam, ZCount, ZUrl } from './contract.js';

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

/** An analysis as the admin lists see it: across users, with its owner's id (users/{userId}/video_analysis). */
export const ZAdminAnalysis = ZVideoAnalysis.extend({ userId: z.string().min(1).max(128) });
export type TAdminAnalysis = z.infer<typeof ZAdminAnalysis>;

export const USER_ENDPOINTS = {
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
} as const;
