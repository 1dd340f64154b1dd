import { APP_ERRORS, COLLECTIONS, DEFAULT_DISPLAY_NAME, isAdmin, ROLES, type TUser } from '@movelab/shared';
import type { Collection } from '../../db/collection.js';
import type { DocumentStore } from '../../db/documents.js';
import { conflict, forbidden } from '../../errors.js';
import type { TSaveLimit } from '../../http/rate-limit.js';
import type { TAccessChanges } from '../../identity/access-changes.js';
import type { EmbeddedIdentity } from '../../identity/embedded.js';
import type { TVerifiedToken } from '../../identity/verifier.js';

/** What the user routes' handlers work on: the users collection and the parts beside it. */
export type TUserRoutes = {
  docs: DocumentStore;
  users: Collection<TUser>;
  identity: EmbeddedIdentity;
  access: TAccessChanges;
  adminEmails: string[];
  /** The caller's budget of stored results, taken before a new analysis is stored. */
  limitSave: TSaveLimit;
};

/** Writes go to one's own data only. */
export function requireSelf(caller: TVerifiedToken, uid: string | undefined): string {
  if (caller.uid !== uid) throw forbidden('You may only change your own data');
  return uid;
}

/** Reads: one's own data, or anyone's for an admin. */
export function requireSelfOrAdmin(caller: TVerifiedToken, uid: string | undefined): string {
  if (caller.uid !== uid && !isAdmin(caller.roles)) throw forbidden('You may only read your own data');
  return uid!;
}

/**
 * A record's e-mail is its account's, as firestore.rules' isOwnEmail holds it in Firebase mode:
 * the admin's list and e-mail search must never show someone under another person's address.
 * A body naming another address is refused; an empty one takes the account's.
 */
export function accountEmail(identity: EmbeddedIdentity, caller: TVerifiedToken, sent: string | undefined): string {
  const own = (identity.accountById(caller.uid)?.email ?? caller.email ?? '').toLowerCase();
  const claimed = sent?.trim().toLowerCase();
  if (claimed && claimed !== own) throw forbidden("A user record holds its account's e-mail: change the account's e-mail first");
  return own;
}

/** The record follows its account's e-mail when that changes (identity/embedded.ts `onEmailChanged`). */
export function followAccountEmail(docs: DocumentStore, uid: string, email: string): void {
  const user = docs.get<TUser>(COLLECTIONS.users, uid);
  if (user && user.email !== email.toLowerCase()) docs.put(COLLECTIONS.users, { ...user, email: email.toLowerCase() });
}

/**
 * Mends, at start, records written before the e-mail was checked: each takes its account's
 * address again. Answers how many changed.
 */
export function alignRecordEmails(docs: DocumentStore): number {
  return docs.db
    .prepare(
      `UPDATE documents SET data = json_set(data, '$.email', lower(accounts.email)), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       FROM accounts WHERE documents.collection = ? AND documents.parent_path = '' AND accounts.uid = documents.id
       AND COALESCE(json_extract(documents.data, '$.email'), '') <> lower(accounts.email)`,
    )
    .run(COLLECTIONS.users).changes;
}

export function createUserRecord(uid: string, email: string, displayName: string, roles: string[]): TUser {
  const name = displayName.trim() || DEFAULT_DISPLAY_NAME;
  return {
    id: uid,
    displayName: name,
    displayNameLowercase: name.toLowerCase(),
    email: email.toLowerCase(),
    roles,
    activities: [],
    routineSubscriptions: [],
    apiRtcConversationId: null,
    createdAt: new Date().toISOString(),
    disabled: false,
  };
}

/** Refuses an outcome that leaves no enabled admin: `user` losing ADMIN, its login or its account must not be the last. */
export function requireAnotherAdmin(docs: DocumentStore, user: TUser | null): void {
  if (!user || !isAdmin(user.roles) || user.disabled === true) return;
  const admins = (
    docs.db
      .prepare(
        `SELECT COUNT(*) AS n FROM documents WHERE collection = ? AND parent_path = ''
         AND COALESCE(json_extract(data, '$.disabled'), 0) = 0
         AND EXISTS (SELECT 1 FROM json_each(data, '$.roles') WHERE value = ?)`,
      )
      .get(COLLECTIONS.users, ROLES.ADMIN) as { n: number }
  ).n;
  if (admins <= 1) throw conflict(APP_ERRORS.lastAdmin, 'The last admin cannot lose the ADMIN role');
}
