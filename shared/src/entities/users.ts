/** User records, the account guard, profile updates and the identity user. */
import { z } from 'zod';
import { LIMITS, PASSWORD_MIN_LENGTH } from '../constants.js';
import { id, isoTimestamp, lowercaseOf } from './fields.js';

export const ZEmail = z.email('Not a valid email').max(254);

export const ZPassword = z.string().min(PASSWORD_MIN_LENGTH, 'Password should be at least 6 characters long').max(4096);

export const ZGender = z.enum(['female', 'male', 'non-binary', 'prefer-not-to-say']);
export type TGender = z.infer<typeof ZGender>;

/** users/{uid} */
export const ZUser = z.object({
  id,
  displayName: z.string().max(LIMITS.displayNameMax),
  displayNameLowercase: lowercaseOf(LIMITS.displayNameMax),
  email: z.string().max(254),
  roles: z.array(z.string()),
  /** Centimetres, set by a profile update. */
  height: z.number().min(50).max(272).optional(),
  gender: ZGender.optional(),
  /** Activity ids the user added (a set). */
  activities: z.array(id).max(LIMITS.userSetMax).default([]),
  /** Routine ids the user subscribed to (a set). */
  routineSubscriptions: z.array(id).max(LIMITS.userSetMax).default([]),
  /** The current remote-camera session id. */
  apiRtcConversationId: z.string().nullable().optional(),
  /** When the record was created: "member since". */
  createdAt: isoTimestamp.optional(),
  /** Mirrors the identity account's disabled flag, for admin lists. */
  disabled: z.boolean().optional(),
  /**
   * Never stored: the fields of the stored record that this schema refuses, left out as it was
   * read (readableUser), so the record is still listed and opened. Absent when all were read.
   */
  unreadableFields: z.array(z.string().max(64)).max(20).optional(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * account_guards/{uid} (firebase mode): written by the gateway with firebase-admin only, read by
 * the Firestore and Storage rules for every request, so that a change of access holds at once
 * for ID tokens still within their hour.
 */
export const ZAccountGuard = z.object({
  /** The account is disabled: its tokens read and write nothing. */
  disabled: z.boolean().optional(),
  /** ADMIN was last taken away at this time (epoch seconds, rounded up): a token issued before proves no ADMIN. */
  adminValidAfter: z.number().int().min(0).optional(),
});
export type TAccountGuard = z.infer<typeof ZAccountGuard>;

export const ZUserCreate = z.object({
  displayName: z.string().trim().max(LIMITS.displayNameMax).default(''),
  email: z.string().max(254),
});
export type TUserCreate = z.infer<typeof ZUserCreate>;

/**
 * The display name a user record is created with where the account has none (spec, start-up:
 * "default 'New User' if none"). Editable in Settings like any name; the admin's lists show the
 * e-mail beside it, so people who skip the name are still told apart.
 */
export const DEFAULT_DISPLAY_NAME = 'New User';

export const ZProfileUpdate = z
  .object({
    displayName: z.string().trim().min(1, 'Display name is required').max(LIMITS.displayNameMax),
    email: ZEmail,
    height: z.number().min(50, 'Height is at least 50 cm').max(272, 'Height is at most 272 cm').nullable(),
    gender: ZGender.nullable(),
  })
  .partial()
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** The authenticated identity user (spec §3), the same shape on both backends. */
export const ZAuthUser = z.object({
  uid: id,
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  tenantId: z.string().nullable(),
  isAnonymous: z.boolean(),
  providerData: z.array(
    z.object({
      providerId: z.string(),
      uid: z.string(),
      email: z.string().nullable(),
    }),
  ),
  metadata: z.object({
    creationTime: z.string().optional(),
    lastSignInTime: z.string().optional(),
  }),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;
