import {
  APP_ERRORS,
  perspectiveKindConflict,
  STORAGE_PATHS,
  type TMovescoreGroup,
  type TMovescoreMovement,
  type TPerspective,
} from '@movelab/shared';
import type { DocumentStore } from '../db/documents.js';
import type { FileStore } from '../files/store.js';
import type { THandlers } from './api.js';
import { badRequest, conflict } from '../errors.js';
import { pathLevel } from './catalogue-levels.js';

/** The movescore catalogue: groups, their movements, the movements' perspectives, with kept counts. */
export function movescoreHandlers(docs: DocumentStore, files: FileStore): THandlers {
  const groups = pathLevel<TMovescoreGroup>(docs, 'group');
  const movements = pathLevel<TMovescoreMovement>(docs, 'groupMovement');
  const perspectives = pathLevel<TPerspective>(docs, 'perspective');

  return {
    listGroups: ({ query }) => groups.under([]).list({ orderBy: 'name', prefix: query.prefix || undefined, limit: query.limit }),
    countGroups: () => ({ count: groups.under([]).count() }),
    getGroupsByIds: ({ body }) => body.ids.map((id) => groups.under([]).get(id)).filter((group) => group !== null),
    getGroup: ({ params }) => groups.get([], params.groupId),
    createGroup: ({ body }) => groups.create([], body as Omit<TMovescoreGroup, 'id'>),
    updateGroup: ({ params, body }) => groups.update([], params.groupId, body),
    deleteGroup: ({ params, query }) => {
      const groupId = params.groupId;
      groups.remove([], groupId, query.children, () => files.remove(STORAGE_PATHS.groupCover(groupId)));
    },
    uploadGroupCover: ({ params, body }) => {
      const groupId = params.groupId;
      groups.get([], groupId);
      return groups.update([], groupId, { coverUrl: files.saveImage(STORAGE_PATHS.groupCover(groupId), body) });
    },
    recountGroup: ({ params }) => groups.recount([], params.groupId),

    listGroupMovements: ({ params }) => movements.list([params.groupId]),
    getGroupMovement: ({ params }) => movements.get([params.groupId], params.movementId),
    createGroupMovement: ({ params, body }) => movements.create([params.groupId], body as Omit<TMovescoreMovement, 'id'>),
    updateGroupMovement: ({ params, body }) => movements.update([params.groupId], params.movementId, body),
    deleteGroupMovement: ({ params, query }) => movements.remove([params.groupId], params.movementId, query.children),
    recountGroupMovement: ({ params }) => movements.recount([params.groupId], params.movementId),

    listPerspectives: ({ params }) => perspectives.list([params.groupId, params.movementId]),
    getPerspective: ({ params }) => perspectives.get([params.groupId, params.movementId], params.perspectiveId),
    createPerspective: ({ params, body }) => {
      const mismatch = perspectiveKindConflict(body);
      if (mismatch) throw badRequest(mismatch);
      return perspectives.create([params.groupId, params.movementId], body as Omit<TPerspective, 'id'>);
    },
    updatePerspective: ({ params, body }) =>
      docs.transaction(() => {
        const parents = [params.groupId, params.movementId];
        const stored = perspectives.get(parents, params.perspectiveId);
        // Sent together (a new reference and its kind) they must agree; a kind alone must be the stored reference's.
        const sent = perspectiveKindConflict(body);
        if (sent) throw badRequest(sent);
        const isKindChanged = body.kind !== undefined || 'reference' in body;
        const kept = isKindChanged && perspectiveKindConflict({ kind: body.kind ?? stored.kind, reference: 'reference' in body ? body.reference : stored.reference });
        if (kept) throw conflict(APP_ERRORS.conflict, kept);
        return perspectives.update(parents, params.perspectiveId, body as Partial<TPerspective>);
      }),
    deletePerspective: ({ params }) => perspectives.remove([params.groupId, params.movementId], params.perspectiveId),
  };
}
