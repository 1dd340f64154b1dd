import { COLLECTIONS, STORAGE_PATHS, type TUser, type TUserPage, ZUser, userPageOf, userPageRead } from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { FileStore } from '../files/store.js';
import type { THandlers } from './api.js';
import type { TSaveLimit } from '../http/rate-limit.js';
import type { EmbeddedIdentity } from '../identity/embedded.js';
import type { TAccessChanges } from '../identity/access-changes.js';
import { publishAnalysis, type TIo } from '../sockets/index.js';
import { analysesOf, createVideoAnalysis } from './users/create-video-analysis.js';
import { createUser } from './users/create-user.js';
import { requireSelf, requireSelfOrAdmin, type TUserRoutes } from './users/records.js';
import { setDisabled } from './users/set-disabled.js';
import { setRoles } from './users/set-roles.js';
import { updateProfile } from './users/update-profile.js';
import { userSetHandlers } from './users/user-sets.js';

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

/** The users' records, sets, avatars and analyses: each request with logic of its own has its file in users/. */
export function userHandlers({ docs, files, identity, io, access, adminEmails, limitSave }: TUserDeps): THandlers {
  const users = new Collection<TUser>(docs, COLLECTIONS.users, '', 'User', ZUser);
  const routes: TUserRoutes = { docs, users, identity, access, adminEmails, limitSave };

  return {
    countUsers: () => ({ count: users.count() }),
    filterUsers: ({ query }): TUserPage => {
      // ZUserFilterQuery has checked the cursors at the boundary.
      const read = userPageRead(query);
      const rows = users.list({ orderBy: read.field, prefix: read.prefix, after: read.after, before: read.before, limit: read.take });
      return userPageOf(read, rows);
    },
    getUser: ({ caller, params }) => users.require(requireSelfOrAdmin(caller, params.uid)),
    createUser: createUser(routes),
    updateProfile: updateProfile(routes),
    setRoles: setRoles(routes),
    setDisabled: setDisabled(routes),
    ...userSetHandlers(routes),
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
    createVideoAnalysis: createVideoAnalysis(routes, (live) => publishAnalysis(io, live)),
    listVideoAnalyses: ({ caller, params, query }) =>
      analysesOf(routes, requireSelfOrAdmin(caller, params.uid)).list({
        orderBy: 'createdAt',
        isDescending: true,
        limit: query.limit,
      }),
  };
}
