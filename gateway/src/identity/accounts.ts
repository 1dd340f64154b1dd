import { AUTH_ERRORS, MovelabError, PASSWORD_MIN_LENGTH, ZEmail, type TAuthUser } from '@movelab/shared';
import type { TDatabase } from '../db/database.js';

/** An account as the accounts table holds it. */
export type TAccountRow = {
  uid: string;
  email: string;
  password_hash: string;
  display_name: string | null;
  photo_url: string | null;
  disabled: number;
  created_at: string;
  last_sign_in_at: string | null;
  email_verified: number;
  tokens_valid_after: number;
};

export const authError = (code: string, message: string, status = 400) => new MovelabError(code, message, status);

/** The e-mail as accounts store it: trimmed and lower case, refused when missing or malformed. */
export function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!trimmed) throw authError(AUTH_ERRORS.missingEmail, 'Email is missing');
  if (!ZEmail.safeParse(trimmed).success) throw authError(AUTH_ERRORS.invalidEmail, 'Not a valid email');
  return trimmed.toLowerCase();
}

export function checkNewPassword(password: string): void {
  if (!password) throw authError(AUTH_ERRORS.missingPassword, 'Password is missing');
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw authError(AUTH_ERRORS.weakPassword, 'Password should be at least 6 characters long');
  }
}

export function findAccountByEmail(db: TDatabase, email: string): TAccountRow | undefined {
  return db.prepare('SELECT * FROM accounts WHERE email = ?').get(email.trim().toLowerCase()) as TAccountRow | undefined;
}

export function findAccountById(db: TDatabase, uid: string): TAccountRow | undefined {
  return db.prepare('SELECT * FROM accounts WHERE uid = ?').get(uid) as TAccountRow | undefined;
}

/** The account as the client's auth layer sees a user (the shape Firebase Auth gives it). */
export function toAuthUser(account: TAccountRow): TAuthUser {
  return {
    uid: account.uid,
    displayName: account.display_name,
    photoURL: account.photo_url,
    email: account.email,
    emailVerified: account.email_verified === 1,
    phoneNumber: null,
    tenantId: null,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: account.email, email: account.email }],
    metadata: {
      creationTime: new Date(account.created_at).toUTCString(),
      lastSignInTime: account.last_sign_in_at ? new Date(account.last_sign_in_at).toUTCString() : undefined,
    },
  };
}
