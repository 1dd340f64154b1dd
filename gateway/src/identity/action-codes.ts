import { AUTH_ERRORS } from '@movelab/shared';
import type { TDatabase } from '../db/database.js';
import type { Logger } from '../logger.js';
import { authError } from './accounts.js';
import { randomToken, sha256 } from './passwords.js';

const RESET_CODE_MS = 60 * 60_000;
const VERIFY_CODE_MS = 24 * 60 * 60_000;

export type TActionCodeOptions = {
  db: TDatabase;
  logger: Logger;
  /** The origin of links in messages (PUBLIC_URL). */
  publicUrl: string;
  now: () => number;
};

type TResetRow = { code_hash: string; uid: string; expires_at: number; used_at: number | null };
type TVerificationRow = { code_hash: string; uid: string; email: string; expires_at: number; used_at: number | null };

/**
 * The one-use links an account is mailed: password reset and e-mail verification. Only their
 * hashes are stored; the link itself goes to the log (no mail server).
 */
const invalidVerificationLink = () => authError(AUTH_ERRORS.invalidActionCode, 'The verification link is not valid or was already used');

export class ActionCodes {
  constructor(private readonly options: TActionCodeOptions) {}

  private get db() {
    return this.options.db;
  }

  private link(mode: string, code: string): string {
    return `${this.options.publicUrl}/auth?mode=${mode}&oobCode=${encodeURIComponent(code)}`;
  }

  sendPasswordReset(uid: string): void {
    const code = randomToken();
    this.db
      .prepare('INSERT INTO reset_codes (code_hash, uid, expires_at) VALUES (?, ?, ?)')
      .run(sha256(code), uid, this.options.now() + RESET_CODE_MS);
    this.options.logger.info({ uid, link: this.link('resetPassword', code) }, 'password reset link');
  }

  /** A reset link that can still be used, or why not (unknown, used, expired). */
  usableResetCode(code: string): TResetRow {
    const row = this.db.prepare('SELECT * FROM reset_codes WHERE code_hash = ?').get(sha256(code)) as TResetRow | undefined;
    if (!row || row.used_at !== null) throw authError(AUTH_ERRORS.invalidActionCode, 'The reset link is not valid or was already used');
    if (row.expires_at <= this.options.now()) throw authError(AUTH_ERRORS.expiredActionCode, 'The reset link has expired');
    return row;
  }

  /** Spends the reset link inside the reset's transaction: of two uses at once, one wins. */
  claimResetCode(codeHash: string): void {
    const claimed = this.db.prepare('UPDATE reset_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL').run(this.options.now(), codeHash);
    if (claimed.changes === 0) throw authError(AUTH_ERRORS.invalidActionCode, 'The reset link was already used');
  }

  /** Spends every outstanding reset link of the account: one reset, new password or e-mail voids them all. */
  voidResetCodes(uid: string): void {
    this.db.prepare('UPDATE reset_codes SET used_at = ? WHERE uid = ? AND used_at IS NULL').run(this.options.now(), uid);
  }

  sendEmailVerification(uid: string, email: string): void {
    const code = randomToken();
    this.db
      .prepare('INSERT INTO verification_codes (code_hash, uid, email, expires_at) VALUES (?, ?, ?, ?)')
      .run(sha256(code), uid, email, this.options.now() + VERIFY_CODE_MS);
    this.options.logger.info({ uid, link: this.link('verifyEmail', code) }, 'email verification link');
  }

  /**
   * What a verification link does for its account as the account is now (`accountOf`): 'proven'
   * when the link's address is the account's and already proven (the link opened again, or a
   * second link after the first was followed, used or expired), else the row to spend; refused
   * when used, expired, or for an address the account no longer has (which it proves nothing of).
   */
  verificationLink(code: string, accountOf: (uid: string) => { email: string; email_verified: number } | undefined): TVerificationRow | 'proven' {
    const row = this.db.prepare('SELECT * FROM verification_codes WHERE code_hash = ?').get(sha256(code)) as TVerificationRow | undefined;
    const account = row ? accountOf(row.uid) : undefined;
    if (!row || !account || account.email !== row.email) throw invalidVerificationLink();
    if (account.email_verified === 1) return 'proven';
    if (row.used_at !== null) throw invalidVerificationLink();
    if (row.expires_at <= this.options.now()) throw authError(AUTH_ERRORS.expiredActionCode, 'The verification link has expired');
    return row;
  }

  /** Spends the verification link inside its transaction: of two uses at once, one wins. */
  claimVerificationCode(codeHash: string): void {
    const claimed = this.db
      .prepare('UPDATE verification_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL')
      .run(this.options.now(), codeHash);
    if (claimed.changes === 0) throw authError(AUTH_ERRORS.invalidActionCode, 'The verification link was already used');
  }
}
