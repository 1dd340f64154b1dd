/** The REST endpoints of identity: sign-up, sign-in, tokens, password reset, e-mail proof, the account. */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ZAuthUser } from '../entities.js';
import { endpoint } from './contract.js';

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

export const IDENTITY_ENDPOINTS = {
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
  /**
   * Proves the address: single use, expires, void once the account's e-mail changed. Opened again
   * once the address is proven, it answers `alreadyVerified` instead of refusing.
   */
  confirmEmailVerification: endpoint({
    method: 'POST',
    path: '/api/auth/email-verification/confirm',
    access: 'open',
    body: z.object({ oobCode: z.string().min(1).max(256) }),
    response: z.object({ alreadyVerified: z.boolean() }),
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
} as const;
