import { documentId, endAt, limit, query, startAt, where, type Firestore, type QueryConstraint } from 'firebase/firestore';
import {
  APP_ERRORS,
  HIGH_CHARACTER,
  MovelabError,
  perspectiveKindConflict,
  RECENT_SESSIONS_COUNT,
  STORAGE_PATHS,
  type TMovescoreGroup,
  type TMovescoreMovement,
  type TPerspective,
} from '@movelab/shared';
import type { TMovescorePort, TUserPort } from '../port';
import { groupIdsOf, joinRecentSessions } from '../recentSessions';
import { pathLevel } from './catalogue-levels';
import { countOf, readAll, requireDoc } from './firestore';
import { type TFileStorage, uploadTo } from './storage';

/** Firestore's `in` filter takes at most 30 values. */
const IN_LIMIT = 30;

export function createFirebaseMovescore(db: Firestore, storage: TFileStorage, users: TUserPort): TMovescorePort {
  const groups = pathLevel<TMovescoreGroup>(db, 'group');
  const movements = pathLevel<TMovescoreMovement>(db, 'groupMovement');
  const perspectives = pathLevel<TPerspective>(db, 'perspective');

  const port: TMovescorePort = {
    listGroups: (options = {}) => {
      const constraints: QueryConstraint[] = [];
      if (options.prefix) constraints.push(startAt(options.prefix), endAt(options.prefix + HIGH_CHARACTER));
      if (options.limit) constraints.push(limit(options.limit));
      return groups.list([], ...constraints);
    },
    countGroups: () => countOf(groups.collection([])),
    getGroup: (groupId) => groups.get([], groupId),
    getGroupsByIds: async (ids) => {
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += IN_LIMIT) chunks.push(ids.slice(i, i + IN_LIMIT));
      const found = await Promise.all(chunks.map((chunk) => readAll(groups.schema, query(groups.collection([]), where(documentId(), 'in', chunk)))));
      return found.flat();
    },
    createGroup: (input) => groups.create([], input),
    updateGroup: (groupId, update) => groups.update([], groupId, update),
    deleteGroup: (groupId, children) => groups.remove([], groupId, children),
    uploadGroupCover: async (groupId, file, onProgress) => {
      const coverUrl = await uploadTo(storage, STORAGE_PATHS.groupCover(groupId), file, onProgress);
      return port.updateGroup(groupId, { coverUrl });
    },
    recountGroup: (groupId) => groups.recount([], groupId),

    listMovements: (groupId) => movements.list([groupId]),
    getMovement: (groupId, movementId) => movements.get([groupId], movementId),
    createMovement: (groupId, input) => movements.create([groupId], input),
    updateMovement: (groupId, movementId, update) => movements.update([groupId], movementId, update),
    deleteMovement: (groupId, movementId, children) => movements.remove([groupId], movementId, children),
    recountMovement: (groupId, movementId) => movements.recount([groupId], movementId),

    listPerspectives: (groupId, movementId) => perspectives.list([groupId, movementId]),
    getPerspective: (groupId, movementId, perspectiveId) => perspectives.get([groupId, movementId], perspectiveId),
    createPerspective: (groupId, movementId, input) =>
      perspectives.create([groupId, movementId], input, (fields) => {
        const mismatch = perspectiveKindConflict(fields);
        if (mismatch) throw new MovelabError(APP_ERRORS.badRequest, mismatch, 400);
        return fields;
      }),
    updatePerspective: async (groupId, movementId, perspectiveId, update) => {
      const parents = [groupId, movementId];
      if (update.kind !== undefined || 'reference' in update) {
        // As the gateway: a kind must stay the one the (new or stored) reference was built as.
        const stored = await requireDoc(perspectives.schema, perspectives.ref(parents, perspectiveId));
        const mismatch = perspectiveKindConflict({ kind: update.kind ?? stored.kind, reference: 'reference' in update ? update.reference : stored.reference });
        if (mismatch) throw new MovelabError(APP_ERRORS.conflict, mismatch, 409);
      }
      return perspectives.update(parents, perspectiveId, update);
    },
    deletePerspective: (groupId, movementId, perspectiveId) => perspectives.remove([groupId, movementId], perspectiveId),

    recentSessions: async (uid, count = RECENT_SESSIONS_COUNT) => {
      const analyses = await users.loadVideoAnalyses(uid, count);
      return joinRecentSessions(analyses, await port.getGroupsByIds(groupIdsOf(analyses)));
    },
  };
  return port;
}
