import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AUTH_ERRORS, COLLECTIONS, MovelabError, PASSWORD_MIN_LENGTH, ZEmail, type TAuthSession, type TAuthUser, type TUser } from '@movelab/shared';
import type { TDatabase } from '../db/database.js';
import type { DocumentStore } from '../db/documents.js';
import type { Logger } from '../logger.js';
import { hashPassword, randomToken, sha256, spendDecoyTime, verifyPassword } from './passwords.js';
import type { TAccessChanges } from './access-changes.js';
import type { TSignInCaller, TSignInLockout } from './lockout.js';
import { invalidToken, tokenExpired, tokenRevoked, userDisabled, type TTokenVerifier, type TVerifiedToken } from './verifier.js';

const ACCESS_TOKEN_SECONDS = 60 * 60;
const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60_000;
const RESET_CODE_MS = 60 * 60_000;
const VERIFY_CODE_MS = 24 * 60 * 60_000;
/** Changing e-mail or password, or deleting the account, needs a sign-in this recent. */
export const RECENT_LOGIN_MS = 5 * 60_000;
const ISSUER = 'movelab';

type TAccountRow = {
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

type TRefreshRow = {
  token_hash: string;
  uid: string;
  family: string;
  auth_time: number;
  expires_at: number;
  rotated_at: number | null;
  revoked: number;
};

export type TAccountUpdate = { displayName?: string; email?: string; password?: string; photoURL?: string | null };

export type TIdentityOptions = {
  db: TDatabase;
  docs: DocumentStore;
  secret: Uint8Array;
  logger: Logger;
  /** Counts wrong passwords per (address, e-mail); holds unknown callers of an account under attack. */
  lockout: TSignInLockout;
  /** Tells the live layer when sign-ins end (sockets disconnect). */
  access: TAccessChanges;
  /** The origin of links in messages (PUBLIC_URL). */
  publicUrl: string;
  /** Called once an address is proven (ADMIN_EMAILS grants happen there). */
  onEmailVerified?: (uid: string, email: string) => void;
  /** Called inside the change of an account's e-mail (the user record follows it). */
  onEmailChanged?: (uid: string, email: string) => void;
  now?: () => number;
};

const authError = (code: string, message: string, status = 400) => new MovelabError(code, message, status);
const invalidCredential = () => authError(AUTH_ERRORS.invalidCredential, 'Email or password is incorrect');
const invalidRefresh = () => authError(AUTH_ERRORS.invalidRefreshToken, 'The refresh token is not valid', 401);

function checkEmail(email: string): string {
  const trimmed = email.trim();
  if (!trimmed) throw authError(AUTH_ERRORS.missingEmail, 'Email is missing');
  if (!ZEmail.safeParse(trimmed).success) throw authError(AUTH_ERRORS.invalidEmail, 'Not a valid email');
  return trimmed.toLowerCase();
}

function checkNewPassword(password: string): void {
  if (!password) throw authError(AUTH_ERRORS.missingPassword, 'Password is missing');
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw authError(AUTH_ERRORS.weakPassword, 'Password should be at least 6 characters long');
  }
}

/** The gateway's own identity provider: accounts, password hashes, access and refresh tokens. */
export class EmbeddedIdentity implements TTokenVerifier {
  private readonly now: () => number;

  constructor(private readonly options: TIdentityOptions) {
    this.now = options.now ?? Date.now;
  }

  private get db() {
    return this.options.db;
  }

  // ------------------------------------------------------------ sessions

  async signUp(input: { email: string; password: string; displayName?: string }): Promise<TAuthSession> {
    const email = checkEmail(input.email);
    checkNewPassword(input.password);
    if (this.accountByEmail(email)) throw authError(AUTH_ERRORS.emailAlreadyInUse, 'The email address is already in use');
    const passwordHash = await hashPassword(input.password);
    const uid = randomToken(20);
    const createdAt = new Date(this.now()).toISOString();
    try {
      this.db
        .prepare('INSERT INTO accounts (uid, email, password_hash, display_name, created_at, last_sign_in_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(uid, email, passwordHash, input.displayName?.trim() || null, createdAt, createdAt);
    } catch (error) {
      // Two sign-ups for one e-mail at once: the UNIQUE constraint decides.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw authError(AUTH_ERRORS.emailAlreadyInUse, 'The email address is already in use');
      }
      throw error;
    }
    this.sendEmailVerification(uid);
    return this.startSession(this.requireAccount(uid), this.now());
  }

  /** `caller`: its address key (failures lock that address out of this account) and whether its device is known. */
  async signIn(input: { email: string; password: string }, caller: TSignInCaller): Promise<TAuthSession> {
    const email = checkEmail(input.email);
    if (!input.password) throw authError(AUTH_ERRORS.missingPassword, 'Password is missing');
    const attempt = await this.options.lockout.attempt(caller, email);
    const account = this.accountByEmail(email);
    const isValid = account ? await verifyPassword(input.password, account.password_hash) : (await spendDecoyTime(input.password), false);
    if (!account || !isValid) throw invalidCredential();
    await attempt.succeeded();
    if (account.disabled) throw userDisabled();
    const now = this.now();
    this.db.prepare('UPDATE accounts SET last_sign_in_at = ? WHERE uid = ?').run(new Date(now).toISOString(), account.uid);
    return this.startSession(this.requireAccount(account.uid), now);
  }

  /** Rotates the refresh token; a rotated one presented again revokes its whole family. */
  async refresh(token: string): Promise<TAuthSession> {
    const row = this.db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?').get(sha256(token)) as TRefreshRow | undefined;
    if (!row) throw invalidRefresh();
    if (row.revoked || row.rotated_at !== null) {
      this.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(row.family);
      this.options.access.signInEnded(row.family);
      this.options.logger.warn({ uid: row.uid }, 'refresh token reused: session family revoked');
      throw invalidRefresh();
    }
    if (row.expires_at <= this.now()) throw invalidRefresh();
    const account = this.requireAccount(row.uid);
    if (account.disabled) throw userDisabled();
    const next = randomToken();
    this.db.transaction(() => {
      this.db.prepare('UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ?').run(this.now(), row.token_hash);
      this.insertRefresh(next, account.uid, row.family, row.auth_time);
    })();
    return { user: this.toAuthUser(account), tokens: await this.tokensFor(account, row.auth_time, next, row.family) };
  }

  /** Ends one sign-in: its refresh tokens, the access tokens issued with them, its open sockets. */
  signOut(token: string): void {
    const row = this.db.prepare('SELECT family FROM refresh_tokens WHERE token_hash = ?').get(sha256(token)) as { family: string } | undefined;
    if (!row) return;
    this.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(row.family);
    this.options.access.signInEnded(row.family);
  }

  /** Ends every sign-in of the user: refresh tokens, access tokens (checked in verify) and sockets. */
  revokeSessions(uid: string): void {
    this.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE uid = ?').run(uid);
    this.db.prepare('UPDATE accounts SET tokens_valid_after = ? WHERE uid = ?').run(Math.ceil(this.now() / 1000), uid);
    this.options.access.userEnded(uid);
  }

  // ------------------------------------------------------------ password reset

  /** Writes the reset link to the log (no mail server); silent when the e-mail is unknown. */
  sendPasswordReset(emailInput: string): void {
    const email = checkEmail(emailInput);
    const account = this.accountByEmail(email);
    if (!account) return;
    const code = randomToken();
    this.db
      .prepare('INSERT INTO reset_codes (code_hash, uid, expires_at) VALUES (?, ?, ?)')
      .run(sha256(code), account.uid, this.now() + RESET_CODE_MS);
    const link = `${this.options.publicUrl}/auth?mode=resetPassword&oobCode=${encodeURIComponent(code)}`;
    this.options.logger.info({ uid: account.uid, link }, 'password reset link');
  }

  /** A reset link that can still be used, or why not (unknown, used, expired). */
  private usableResetCode(code: string): { code_hash: string; uid: string } {
    const row = this.db.prepare('SELECT * FROM reset_codes WHERE code_hash = ?').get(sha256(code)) as
      { code_hash: string; uid: string; expires_at: number; used_at: number | null } | undefined;
    if (!row || row.used_at !== null) throw authError(AUTH_ERRORS.invalidActionCode, 'The reset link is not valid or was already used');
    if (row.expires_at <= this.now()) throw authError(AUTH_ERRORS.expiredActionCode, 'The reset link has expired');
    return row;
  }

  /** Firebase's verifyPasswordResetCode: the link's page asks before it shows the form. Spends nothing. */
  checkPasswordReset(code: string): { email: string } {
    return { email: this.requireAccount(this.usableResetCode(code).uid).email };
  }

  async confirmPasswordReset(code: string, newPassword: string, address: string): Promise<void> {
    const row = this.usableResetCode(code);
    checkNewPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const account = this.requireAccount(row.uid);
    this.db.transaction(() => {
      const claimed = this.db.prepare('UPDATE reset_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL').run(this.now(), row.code_hash);
      if (claimed.changes === 0) throw authError(AUTH_ERRORS.invalidActionCode, 'The reset link was already used');
      this.db.prepare('UPDATE accounts SET password_hash = ? WHERE uid = ?').run(passwordHash, row.uid);
      this.voidResetCodes(row.uid);
      this.revokeSessions(row.uid);
    })();
    await this.options.lockout.cleared(address, account.email);
  }

  /** Spends every outstanding reset link of the account: one reset, new password or e-mail voids them all. */
  private voidResetCodes(uid: string): void {
    this.db.prepare('UPDATE reset_codes SET used_at = ? WHERE uid = ? AND used_at IS NULL').run(this.now(), uid);
  }

  // ------------------------------------------------------------ e-mail verification

  /** Writes a verification link for the account's current e-mail to the log (no mail server). */
  sendEmailVerification(uid: string): void {
    const account = this.requireAccount(uid);
    if (account.email_verified) return;
    const code = randomToken();
    this.db
      .prepare('INSERT INTO verification_codes (code_hash, uid, email, expires_at) VALUES (?, ?, ?, ?)')
      .run(sha256(code), uid, account.email, this.now() + VERIFY_CODE_MS);
    const link = `${this.options.publicUrl}/auth?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`;
    this.options.logger.info({ uid, link }, 'email verification link');
  }

  confirmEmailVerification(code: string): void {
    const row = this.db.prepare('SELECT * FROM verification_codes WHERE code_hash = ?').get(sha256(code)) as
      { code_hash: string; uid: string; email: string; expires_at: number; used_at: number | null } | undefined;
    const account = row ? this.accountById(row.uid) : undefined;
    // A link for an address the account no longer has proves nothing.
    if (!row || row.used_at !== null || !account || account.email !== row.email) {
      throw authError(AUTH_ERRORS.invalidActionCode, 'The verification link is not valid or was already used');
    }
    if (row.expires_at <= this.now()) throw authError(AUTH_ERRORS.expiredActionCode, 'The verification link has expired');
    this.db.transaction(() => {
      const claimed = this.db
        .prepare('UPDATE verification_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL')
        .run(this.now(), row.code_hash);
      if (claimed.changes === 0) throw authError(AUTH_ERRORS.invalidActionCode, 'The verification link was already used');
      this.db.prepare('UPDATE accounts SET email_verified = 1 WHERE uid = ?').run(row.uid);
      this.options.onEmailVerified?.(row.uid, row.email);
    })();
  }

  // ------------------------------------------------------------ account

  lookup(uid: string): TAuthUser {
    return this.toAuthUser(this.requireAccount(uid));
  }

  async updateAccount(caller: TVerifiedToken, update: TAccountUpdate): Promise<TAuthSession> {
    const isSensitive = update.email !== undefined || update.password !== undefined;
    if (isSensitive) this.requireRecentLogin(caller);
    const account = this.requireAccount(caller.uid);
    const email = update.email !== undefined ? checkEmail(update.email) : account.email;
    if (update.password !== undefined) checkNewPassword(update.password);
    const existing = email !== account.email.toLowerCase() ? this.accountByEmail(email) : undefined;
    if (existing) throw authError(AUTH_ERRORS.emailAlreadyInUse, 'The email address is already in use');
    const passwordHash = update.password !== undefined ? await hashPassword(update.password) : account.password_hash;
    const displayName = update.displayName !== undefined ? update.displayName.trim() || null : account.display_name;
    const photoUrl = update.photoURL !== undefined ? update.photoURL : account.photo_url;
    const refresh = randomToken();
    const family = randomToken(12);
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE accounts SET email = ?, password_hash = ?, display_name = ?, photo_url = ? WHERE uid = ?')
        .run(email, passwordHash, displayName, photoUrl, account.uid);
      // A new address is unproven until its own link is followed.
      if (email !== account.email) {
        this.db.prepare('UPDATE accounts SET email_verified = 0 WHERE uid = ?').run(account.uid);
        this.options.onEmailChanged?.(account.uid, email);
      }
      // A new password ends every other session, as Firebase does.
      if (update.password !== undefined) this.revokeSessions(account.uid);
      // A link mailed before (perhaps to the old address) must not undo the change.
      if (update.password !== undefined || email !== account.email) this.voidResetCodes(account.uid);
      this.insertRefresh(refresh, account.uid, family, caller.authTime);
    })();
    if (email !== account.email) this.sendEmailVerification(account.uid);
    const updated = this.requireAccount(account.uid);
    return { user: this.toAuthUser(updated), tokens: await this.tokensFor(updated, caller.authTime, refresh, family) };
  }

  /**
   * Removes the account and everything stored for it: the user record and its sub-collections
   * (analyses), routine completions and practice sessions. Files: the caller.
   */
  deleteAccount(caller: TVerifiedToken): void {
    this.requireRecentLogin(caller);
    const { docs } = this.options;
    docs.transaction(() => {
      this.db.prepare('DELETE FROM accounts WHERE uid = ?').run(caller.uid);
      docs.delete(COLLECTIONS.users, caller.uid);
      docs.deleteUnder(`${COLLECTIONS.users}/${caller.uid}`);
      docs.deleteWhere(COLLECTIONS.routineCompletion, 'userId', caller.uid);
      docs.deleteWhere(COLLECTIONS.userStatSessions, 'userId', caller.uid);
    });
    this.options.access.userEnded(caller.uid);
  }

  setDisabled(uid: string, disabled: boolean): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE accounts SET disabled = ? WHERE uid = ?').run(disabled ? 1 : 0, uid);
      if (disabled) this.revokeSessions(uid);
    })();
  }

  accountByEmail(email: string): TAccountRow | undefined {
    return this.db.prepare('SELECT * FROM accounts WHERE email = ?').get(email.trim().toLowerCase()) as TAccountRow | undefined;
  }

  accountById(uid: string): TAccountRow | undefined {
    return this.db.prepare('SELECT * FROM accounts WHERE uid = ?').get(uid) as TAccountRow | undefined;
  }

  // ------------------------------------------------------------ token check

  async verify(token: string): Promise<TVerifiedToken> {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.options.secret, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw tokenExpired();
      throw invalidToken();
    }
    if (typeof payload.sub !== 'string' || typeof payload.auth_time !== 'number' || typeof payload.exp !== 'number') {
      throw invalidToken();
    }
    const account = this.accountById(payload.sub);
    if (!account) throw invalidToken();
    if (account.disabled) throw userDisabled();
    const signInId = typeof payload.sid === 'string' ? payload.sid : undefined;
    // Revocation: the token's sign-in must still have a live refresh token (sign-out, a new
    // password and a reset revoke them); a token without one must postdate the last revocation.
    const isRevoked = signInId
      ? !this.db.prepare('SELECT 1 FROM refresh_tokens WHERE family = ? AND uid = ? AND revoked = 0 LIMIT 1').get(signInId, account.uid)
      : (payload.iat ?? 0) < account.tokens_valid_after;
    if (isRevoked) throw tokenRevoked();
    // Roles come from the user record on every request, never from the token.
    const user = this.options.docs.get<TUser>(COLLECTIONS.users, account.uid);
    return {
      uid: account.uid,
      email: account.email,
      roles: user?.roles ?? [],
      authTime: payload.auth_time * 1000,
      expiresAt: payload.exp * 1000,
      signInId,
    };
  }

  // ------------------------------------------------------------ internals

  private requireRecentLogin(caller: TVerifiedToken): void {
    if (this.now() - caller.authTime > RECENT_LOGIN_MS) {
      throw authError(AUTH_ERRORS.requiresRecentLogin, 'Please login again before changing your password', 403);
    }
  }

  private requireAccount(uid: string): TAccountRow {
    const account = this.accountById(uid);
    if (!account) throw authError(AUTH_ERRORS.userNotFound, 'There is no account for this user', 404);
    return account;
  }

  private insertRefresh(token: string, uid: string, family: string, authTime: number): void {
    this.db
      .prepare('INSERT INTO refresh_tokens (token_hash, uid, family, auth_time, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(sha256(token), uid, family, authTime, this.now() + REFRESH_TOKEN_MS);
  }

  private async startSession(account: TAccountRow, authTime: number): Promise<TAuthSession> {
    const refresh = randomToken();
    const family = randomToken(12);
    this.insertRefresh(refresh, account.uid, family, authTime);
    return { user: this.toAuthUser(account), tokens: await this.tokensFor(account, authTime, refresh, family) };
  }

  /** `family` becomes the token's `sid`: the sign-in it belongs to, checked on every use. */
  private async tokensFor(account: TAccountRow, authTime: number, refreshToken: string, family: string): Promise<TAuthSession['tokens']> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expiresAtSeconds = issuedAt + ACCESS_TOKEN_SECONDS;
    const idToken = await new SignJWT({ email: account.email, auth_time: Math.floor(authTime / 1000), sid: family })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(account.uid)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .setJti(crypto.randomUUID())
      .sign(this.options.secret);
    return { idToken, refreshToken, expiresAt: expiresAtSeconds * 1000 };
  }

  private toAuthUser(account: TAccountRow): TAuthUser {
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
}
