import { AUTH_ERRORS, MovelabError } from '@movelab/shared';

/** What a valid token proves; the same for REST and sockets, both backends. */
export type TVerifiedToken = {
  uid: string;
  email: string | null;
  roles: string[];
  /** Epoch ms of the sign-in that started this session (recent-login checks). */
  authTime: number;
  /** Epoch ms when the token expires. */
  expiresAt: number;
  /** The sign-in (refresh token family) the token belongs to; embedded backend only. */
  signInId?: string;
};

export type TTokenVerifier = {
  /** Rejects with MovelabError: auth/user-token-expired, auth/invalid-id-token or auth/user-disabled. */
  verify(token: string): Promise<TVerifiedToken>;
};

export const tokenExpired = () => new MovelabError(AUTH_ERRORS.userTokenExpired, 'The sign-in has expired: sign in again', 401);
export const invalidToken = () => new MovelabError(AUTH_ERRORS.invalidIdToken, 'The ID token is not valid', 401);
/** A token of a sign-in that was ended (sign-out, new password, reset): the client refreshes or signs in again. */
export const tokenRevoked = () => new MovelabError(AUTH_ERRORS.userTokenExpired, 'This sign-in has ended: sign in again', 401);
export const userDisabled = () => new MovelabError(AUTH_ERRORS.userDisabled, 'This account has been disabled', 401);

/** Reads `Authorization: Bearer <token>`; null when absent. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
