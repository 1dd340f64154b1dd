import type { TDatabase } from '../db/database.js';
import { sha256 } from './passwords.js';

const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60_000;

/** A refresh token as stored: only its hash. Its family is the sign-in it belongs to. */
export type TRefreshRow = {
  token_hash: string;
  uid: string;
  family: string;
  auth_time: number;
  expires_at: number;
  rotated_at: number | null;
  revoked: number;
};

/** The refresh_tokens table: each sign-in a family of tokens, rotated on use. */
export class RefreshTokens {
  constructor(
    private readonly db: TDatabase,
    private readonly now: () => number,
  ) {}

  find(token: string): TRefreshRow | undefined {
    return this.db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?').get(sha256(token)) as TRefreshRow | undefined;
  }

  insert(token: string, uid: string, family: string, authTime: number): void {
    this.db
      .prepare('INSERT INTO refresh_tokens (token_hash, uid, family, auth_time, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(sha256(token), uid, family, authTime, this.now() + REFRESH_TOKEN_MS);
  }

  markRotated(tokenHash: string): void {
    this.db.prepare('UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ?').run(this.now(), tokenHash);
  }

  revokeFamily(family: string): void {
    this.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE family = ?').run(family);
  }

  revokeUser(uid: string): void {
    this.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE uid = ?').run(uid);
  }

  /** Whether the sign-in still has a token not revoked: its access tokens hold only while it has. */
  isLive(family: string, uid: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM refresh_tokens WHERE family = ? AND uid = ? AND revoked = 0 LIMIT 1').get(family, uid);
  }
}
