import { AUTH_ERRORS, COLLECTIONS, type TAuthSession, type TAuthUser, type TUser } from '@movelab/shared';
import type { TDatabase } from '../db/database.js';
import type { DocumentStore } from '../db/documents.js';
import type { Logger } from '../logger.js';
import { readAccessToken, signTokens } from './access-tokens.js';
import { authError, checkEmail, checkNewPassword, findAccountByEmail, findAccountById, toAuthUser, type TAccountRow } from './accounts.js';
import { ActionCodes } from './action-codes.js';
import { RefreshTokens } from './refresh-tokens.js';
import { hashPassword, randomToken, spendDecoyTime, verifyPassword } from './passwords.js';
import type { TAccessChanges } from './access-changes.js';
import type { TSignInCaller, TSignInLockout } from './lockout.js';
import { invalidToken, tokenRevoked, userDisabled, type TTokenVerifier, type TVerifiedToken } from './verifier.js';

/** Changing e-mail or password, or deleting the account, needs a sign-in this recent. */
export const RECENT_LOGIN_MS = 5 * 60_000;

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

const invalidCredential = () => authError(AUTH_ERRORS.invalidCredential, 'Email or password is incorrect');
const invalidRefresh = () => authError(AUTH_ERRORS.invalidRefreshToken, 'The refresh token is not valid', 401);

/** The gateway's own identity provider: accounts, password hashes, access and refresh tokens. */
export class EmbeddedIdentity implements TTokenVerifier {
  private readonly now: () => number;
  private readonly codes: ActionCodes;
  private readonly refreshTokens: RefreshTokens;

  constructor(private readonly options: TIdentityOptions) {
    this.now = options.now ?? Date.now;
    this.codes = new ActionCodes({ db: options.db, logger: options.logger, publicUrl: options.publicUrl, now: this.now });
    this.refreshTokens = new RefreshTokens(options.db, this.now);
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
    const row = this.refreshTokens.find(token);
    if (!row) throw invalidRefresh();
    if (row.revoked || row.rotated_at !== null) {
      this.refreshTokens.revokeFamily(row.family);
      this.options.access.signInEnded(row.family);
      this.options.logger.warn({ uid: row.uid }, 'refresh token reused: session family revoked');
      throw invalidRefresh();
    }
    if (row.expires_at <= this.now()) throw invalidRefresh();
    const account = this.requireAccount(row.uid);
    if (account.disabled) throw userDisabled();
    const next = randomToken();
    this.db.transaction(() => {
      this.refreshTokens.markRotated(row.token_hash);
      this.refreshTokens.insert(next, account.uid, row.family, row.auth_time);
    })();
    return { user: toAuthUser(account), tokens: await this.tokensFor(account, row.auth_time, next, row.family) };
  }

  /** Ends one sign-in: its refresh tokens, the access tokens issued with them, its open sockets. */
  signOut(token: string): void {
    const row = this.refreshTokens.find(token);
    if (!row) return;
    this.refreshTokens.revokeFamily(row.family);
    this.options.access.signInEnded(row.family);
  }

  /** Ends every sign-in of the user: refresh tokens, access tokens (checked in verify) and sockets. */
  revokeSessions(uid: string): void {
    this.refreshTokens.revokeUser(uid);
    this.db.prepare('UPDATE accounts SET tokens_valid_after = ? WHERE uid = ?').run(Math.ceil(this.now() / 1000), uid);
    this.options.access.userEnded(uid);
  }

  // ------------------------------------------------------------ password reset

  /** Writes the reset link to the log (no mail server); silent when the e-mail is unknown. */
  sendPasswordReset(emailInput: string): void {
    const email = checkEmail(emailInput);
    const account = this.accountByEmail(email);
    if (!account) return;
    this.codes.sendPasswordReset(account.uid);
  }

  /** Firebase's verifyPasswordResetCode: the link's page asks before it shows the form. Spends nothing. */
  checkPasswordReset(code: string): { email: string } {
    return { email: this.requireAccount(this.codes.usableResetCode(code).uid).email };
  }

  async confirmPasswordReset(code: string, newPassword: string, address: string): Promise<void> {
    const row = this.codes.usableResetCode(code);
    checkNewPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const account = this.requireAccount(row.uid);
    this.db.transaction(() => {
      this.codes.claimResetCode(row.code_hash);
      this.db.prepare('UPDATE accounts SET password_hash = ? WHERE uid = ?').run(passwordHash, row.uid);
      this.codes.voidResetCodes(row.uid);
      this.revokeSessions(row.uid);
    })();
    await this.options.lockout.cleared(address, account.email);
  }

  // ------------------------------------------------------------ e-mail verification

  /** Writes a verification link for the account's current e-mail to the log (no mail server). */
  sendEmailVerification(uid: string): void {
    const account = this.requireAccount(uid);
    if (account.email_verified) return;
    this.codes.sendEmailVerification(uid, account.email);
  }

  /** Proves the link's address; a link opened again once it is proven says so instead of refusing. */
  confirmEmailVerification(code: string): { alreadyVerified: boolean } {
    const row = this.codes.verificationLink(code, (uid) => this.accountById(uid));
    if (row === 'proven') return { alreadyVerified: true };
    this.db.transaction(() => {
      this.codes.claimVerificationCode(row.code_hash);
      this.db.prepare('UPDATE accounts SET email_verified = 1 WHERE uid = ?').run(row.uid);
      this.options.onEmailVerified?.(row.uid, row.email);
    })();
    return { alreadyVerified: false };
  }

  // ------------------------------------------------------------ account

  lookup(uid: string): TAuthUser {
    return toAuthUser(this.requireAccount(uid));
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
      if (update.password !== undefined || email !== account.email) this.codes.voidResetCodes(account.uid);
      this.refreshTokens.insert(refresh, account.uid, family, caller.authTime);
    })();
    if (email !== account.email) this.sendEmailVerification(account.uid);
    const updated = this.requireAccount(account.uid);
    return { user: toAuthUser(updated), tokens: await this.tokensFor(updated, caller.authTime, refresh, family) };
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
    return findAccountByEmail(this.db, email);
  }

  accountById(uid: string): TAccountRow | undefined {
    return findAccountById(this.db, uid);
  }

  // ------------------------------------------------------------ token check

  async verify(token: string): Promise<TVerifiedToken> {
    const claims = await readAccessToken(this.options.secret, this.now(), token);
    const account = this.accountById(claims.uid);
    if (!account) throw invalidToken();
    if (account.disabled) throw userDisabled();
    const { signInId } = claims;
    // Revocation: the token's sign-in must still have a live refresh token (sign-out, a new
    // password and a reset revoke them); a token without one must postdate the last revocation.
    const isRevoked = signInId ? !this.refreshTokens.isLive(signInId, account.uid) : claims.issuedAt < account.tokens_valid_after;
    if (isRevoked) throw tokenRevoked();
    // Roles come from the user record on every request, never from the token.
    const user = this.options.docs.get<TUser>(COLLECTIONS.users, account.uid);
    return {
      uid: account.uid,
      email: account.email,
      roles: user?.roles ?? [],
      authTime: claims.authTime * 1000,
      expiresAt: claims.expiresAt * 1000,
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

  private async startSession(account: TAccountRow, authTime: number): Promise<TAuthSession> {
    const refresh = randomToken();
    const family = randomToken(12);
    this.refreshTokens.insert(refresh, account.uid, family, authTime);
    return { user: toAuthUser(account), tokens: await this.tokensFor(account, authTime, refresh, family) };
  }

  private tokensFor(account: TAccountRow, authTime: number, refreshToken: string, family: string): Promise<TAuthSession['tokens']> {
    return signTokens(this.options.secret, this.now(), account, authTime, refreshToken, family);
  }
}
