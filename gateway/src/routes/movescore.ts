import {
  APP_ERRORS,
  COLLECTIONS,
  perspectiveKindConflict,
  STORAGE_PATHS,
  type TMovescoreGroup,
  type TMovescoreMovement,
  type TPerspective,
} from '@movelab/shared';
import { Collection } from '../db/collection.js';
import type { DocumentStore } from '../db/documents.js';
import type { FileStore } from '../files/store.js';
import type { THandlers } from './api.js';
import { badRequest, conflict } from '../errors.js';

const hasChildren = (what: string) =>
  conflict(APP_ERRORS.hasChildren, `This ${what} still has children: delete them first or pass children=cascade`);

/** The movescore catalogue: groups, their movements, the movements' perspectives, with kept counts. */
export function movescoreHandlers(docs: DocumentStore, files: FileStore): THandlers {
  const groups = new Collection<TMovescoreGroup>(docs, COLLECTIONS.movescoreGroups, '', 'Group');
  const movements = (groupId: string) =>
    new Collection<TMovescoreMovement>(docs, COLLECTIONS.groupMovements, groups.pathOf(groupId), 'Movement');
  const perspectives = (groupId: string, movementId: string) =>
    new Collection<TPerspective>(docs, COLLECTIONS.perspectives, movements(groupId).pathOf(movementId), 'Perspective');

  const recountGroup = (groupId: string) => groups.update(groupId, { movementCount: movements(groupId).count() });
  const recountMovement = (groupId: string, movementId: string) =>
    movements(groupId).update(movementId, { perspectiveCount: perspectives(groupId, movementId).count() });
  /** Looks the group up first, so a missing parent answers 404 before anything is written. */
  const movementsOf = (groupId: string) => (groups.require(groupId), movements(groupId));
  const perspectivesOf = (groupId: string, movementId: string) => (
    movementsOf(groupId).require(movementId), perspectives(groupId, movementId)
  );

  return {
    listGroups: ({ query }) => groups.list({ orderBy: 'name', prefix: query.prefix || undefined, limit: query.limit }),
    countGroups: () => ({ count: groups.count() }),
    getGroupsByIds: ({ body }) => body.ids.map((id) => groups.get(id)).filter((group) => group !== null),
    getGroup: ({ params }) => groups.require(params.groupId),
    createGroup: ({ body }) => groups.create({ ...body, movementCount: 0 }),
    updateGroup: ({ params, body }) => groups.update(params.groupId, body),
    deleteGroup: ({ params, query }) =>
      docs.transaction(() => {
        const groupId = params.groupId;
        groups.require(groupId);
        if (movements(groupId).count() > 0 && query.children !== 'cascade') throw hasChildren('group');
        docs.deleteUnder(groups.pathOf(groupId));
        groups.remove(groupId);
        files.remove(STORAGE_PATHS.groupCover(groupId));
      }),
    uploadGroupCover: ({ params, body }) => {
      const groupId = params.groupId;
      groups.require(groupId);
      return groups.update(groupId, { coverUrl: files.saveImage(STORAGE_PATHS.groupCover(groupId), body) });
    },
    recountGroup: ({ params }) => docs.transaction(() => recountGroup(params.groupId)),

    listGroupMovements: ({ params }) => movementsOf(params.groupId).list({ orderBy: 'name' }),
    getGroupMovement: ({ params }) => movementsOf(params.groupId).require(params.movementId),
    createGroupMovement: ({ params, body }) =>
      docs.transaction(() => {
        const created = movementsOf(params.groupId).create({ ...body, perspectiveCount: 0 });
        recountGroup(params.groupId);
        return created;
      }),
    updateGroupMovement: ({ params, body }) => movementsOf(params.groupId).update(params.movementId, body),
    deleteGroupMovement: ({ params, query }) =>
      docs.transaction(() => {
        const { groupId, movementId } = params;
        const list = movementsOf(groupId);
        list.require(movementId);
        if (perspectives(groupId, movementId).count() > 0 && query.children !== 'cascade') throw hasChildren('movement');
        docs.deleteUnder(list.pathOf(movementId));
        list.remove(movementId);
        recountGroup(groupId);
      }),
    recountGroupMovement: ({ params }) =>
      docs.transaction(() => (movementsOf(params.groupId), recountMovement(params.groupId, params.movementId))),

    listPerspectives: ({ params }) => perspectivesOf(params.groupId, params.movementId).list({ orderBy: 'name' }),
    getPerspective: ({ params }) => perspectivesOf(params.groupId, params.movementId).require(params.perspectiveId),
    createPerspective: ({ params, body }) =>
      docs.transaction(() => {
        const mismatch = perspectiveKindConflict(body);
        if (mismatch) throw badRequest(mismatch);
        const created = perspectivesOf(params.groupId, params.movementId).create(body as Omit<TPerspective, 'id'>);
        recountMovement(params.groupId, params.movementId);
        return created;
      }),
    updatePerspective: ({ params, body }) =>
      docs.transaction(() => {
        const list = perspectivesOf(params.groupId, params.movementId);
        const stored = list.require(params.perspectiveId);
        // Sent together (a new reference and its kind) they must agree; a kind alone must be the stored reference's.
        const sent = perspectiveKindConflict(body);
        if (sent) throw badRequest(sent);
        const isKindChanged = body.kind !== undefined || 'reference' in body;
        const kept = isKindChanged && perspectiveKindConflict({ kind: body.kind ?? stored.kind, reference: 'reference' in body ? body.reference : stored.reference });
        if (kept) throw conflict(APP_ERRORS.conflict, kept);
        return list.update(params.perspectiveId, body as Partial<TPerspective>);
      }),
    deletePerspective: ({ params }) =>
      docs.transaction(() => {
        perspectivesOf(params.groupId, params.movementId).remove(params.perspectiveId);
        recountMovement(params.groupId, params.movementId);
      }),
  };
}
