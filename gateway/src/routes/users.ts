import {
  APP_ERRORS,
  COLLECTIONS,
  DEFAULT_DISPLAY_NAME,
  isAdmin,
  LIMITS,
  ROLES,
  STORAGE_PATHS,
  type TUser,
  type TUserPage,
  type TVideoAnalysis,
  ZUser,
  userPageOf,
  userPageRead,
  ZVideoAnalysis,
} from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { FileStore } from '../files/store.js';
import type { THandlers } from './api.js';
import { conflict, forbidden, notFound } from '../errors.js';
import type { TSaveLimit } from '../http/rate-limit.js';
import type { EmbeddedIdentity } from '../identity/embedded.js';
import type { TVerifiedToken } from '../identity/verifier.js';
import type { TAccessChanges } from '../identity/access-changes.js';
import { publishAnalysis, type TIo } from '../sockets/index.js';

/** Writes go to one's own data only. */
function requireSelf(caller: TVerifiedToken, uid: string | undefined): string {
  if (caller.uid !== uid) throw forbidden('You may only change your own data');
  return uid;
}

/** Reads: one's own data, or anyone's for an admin. */
function requireSelfOrAdmin(caller: TVerifiedToken, uid: string | undefined): string {
  if (caller.uid !== uid && !isAdmin(caller.roles)) throw forbidden('You may only read your own data');
  return uid!;
}

/**
 * A record's e-mail is its account's, as firestore.rules' isOwnEmail holds it in Firebase mode:
 * the admin's list and e-mail search must never show someone under another person's address.
 * A body naming another address is refused; an empty one takes the account's.
 */
function accountEmail(identity: EmbeddedIdentity, caller: TVerifiedToken, sent: string | undefined): string {
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

export type TUserDeps = {
  docs: DocumentStore;
  files: FileStore;
  identity: EmbeddedIdentity;
  io: TIo;
  access: TAccessChanges;
  adminEmails: string[];
  /** The caller's budget of stored results, taken before a new analysis is stored. */
  limitSave: TSaveLimit;
};

export function userHandlers({ docs, files, identity, io, access, adminEmails, limitSave }: TUserDeps): THandlers {
  const users = new Collection<TUser>(docs, COLLECTIONS.users, '', 'User', ZUser);
  const analyses = (uid: string) => new Collection<TVideoAnalysis>(docs, COLLECTIONS.videoAnalysis, users.pathOf(uid), 'Analysis', ZVideoAnalysis);
  /** The catalogue collection each user set refers to: only existing ids are added. */
  const setTargets = {
    activities: [COLLECTIONS.activities, 'Activity'],
    routineSubscriptions: [COLLECTIONS.routines, 'Routine'],
  } as const;
  const editSet = (uid: string, field: keyof typeof setTargets, id: string, isAdding: boolean) =>
    docs.transaction(() => {
      const user = users.require(uid);
      const values = new Set(user[field]);
      if (isAdding && !values.has(id)) {
        const [collection, label] = setTargets[field];
        if (!docs.get(collection, id)) throw notFound(label);
        if (values.size >= LIMITS.userSetMax) throw conflict(APP_ERRORS.limitReached, `At most ${LIMITS.userSetMax} entries: remove one first`);
        values.add(id);
      }
      if (!isAdding) values.delete(id);
      return users.update(uid, { [field]: [...values] });
    });

  return {
    countUsers: () => ({ count: users.count() }),
    filterUsers: ({ query }): TUserPage => {
      // ZUserFilterQuery has checked the cursors at the boundary.
      const read = userPageRead(query);
      const rows = users.list({ orderBy: read.field, prefix: read.prefix, after: read.after, before: read.before, limit: read.take });
      return userPageOf(read, rows);
    },
    getUser: ({ caller, params }) => users.require(requireSelfOrAdmin(caller, params.uid)),
    createUser: ({ caller, params, body }) => {
      const uid = requireSelf(caller, params.uid);
      const email = accountEmail(identity, caller, body.email);
      const existing = users.get(uid);
      // Creating twice (two tabs starting at once) returns the record; it never resets roles.
      if (existing) return existing;
      const account = identity.accountById(uid);
      const isListedAdmin = account?.email_verified === 1 && adminEmails.includes(account.email.toLowerCase());
      return users.put(createUserRecord(uid, email, body.displayName, isListedAdmin ? [ROLES.ADMIN] : []));
    },
    updateProfile: ({ caller, params, body }) => {
      const uid = requireSelf(caller, params.uid);
      const user = { ...users.require(uid) };
      if (body.displayName !== undefined)
        Object.assign(user, {
          displayName: body.displayName,
          displayNameLowercase: body.displayName.toLowerCase(),
        });
      if (body.email !== undefined) user.email = accountEmail(identity, caller, body.email);
      if (body.height !== undefined) {
        if (body.height === null) delete user.height;
        else user.height = body.height;
      }
      if (body.gender !== undefined) {
        if (body.gender === null) delete user.gender;
        else user.gender = body.gender;
      }
      return users.put(user);
    },
    setRoles: ({ params, body }) => {
      const updated = docs.transaction(() => {
        const user = users.require(params.uid);
        if (!body.roles.includes(ROLES.ADMIN)) requireAnotherAdmin(docs, user);
        return users.update(user.id, { roles: [...new Set(body.roles)] });
      });
      // Open sockets follow at once: a demoted admin stops receiving other users' analyses.
      access.rolesChanged(updated.id, updated.roles);
      return updated;
    },
    setDisabled: ({ caller, params, body }) =>
      docs.transaction(() => {
        const uid = params.uid;
        if (!identity.accountById(uid)) throw notFound('Account');
        if (uid === caller.uid && body.disabled) throw conflict(APP_ERRORS.conflict, 'You cannot disable your own account');
        if (body.disabled) requireAnotherAdmin(docs, users.get(uid));
        identity.setDisabled(uid, body.disabled);
        return users.update(uid, { disabled: body.disabled });
      }),
    addActivity: ({ caller, params }) => editSet(requireSelf(caller, params.uid), 'activities', params.activityId, true),
    removeActivity: ({ caller, params }) => editSet(requireSelf(caller, params.uid), 'activities', params.activityId, false),
    addRoutineSubscription: ({ caller, params }) => editSet(requireSelf(caller, params.uid), 'routineSubscriptions', params.routineId, true),
    saveConversationId: ({ caller, params, body }) =>
      users.update(requireSelf(caller, params.uid), {
        apiRtcConversationId: body.apiRtcConversationId,
      }),
    uploadAvatar: ({ caller, params, body }) => ({
      url: files.saveImage(STORAGE_PATHS.avatar(requireSelf(caller, params.uid)), body),
    }),
    getAvatarUrl: ({ caller, params }) => ({
      url: files.downloadUrl(STORAGE_PATHS.avatar(requireSelfOrAdmin(caller, params.uid))) ?? '',
    }),
    createVideoAnalysis: async ({ caller, params, body }) => {
      const uid = requireSelf(caller, params.uid);
      const { id: clientId, ...fields } = body;
      // Under users/{uid}: a taken id there is the caller's own, so the same create answers the stored analysis.
      const { document: analysis, isNew } = await analyses(uid).createOnceGated(
        clientId,
        { ...fields, createdAt: new Date().toISOString() },
        () => true,
        () => limitSave(uid),
      );
      const user = users.get(uid);
      if (!isNew) return analysis;
      publishAnalysis(io, {
        userId: uid,
        userName: user?.displayName ?? DEFAULT_DISPLAY_NAME,
        analysis,
      });
      return analysis;
    },
    listVideoAnalyses: ({ caller, params, query }) =>
      analyses(requireSelfOrAdmin(caller, params.uid)).list({
        orderBy: 'createdAt',
        isDescending: true,
        limit: query.limit,
      }),
  };
}
