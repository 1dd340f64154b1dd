import {
  addDoc,
  collection,
  doc,
  documentId,
  endAt,
  increment,
  limit,
  orderBy,
  query,
  runTransaction,
  startAt,
  updateDoc,
  where,
  writeBatch,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  APP_ERRORS,
  COLLECTIONS,
  fromFirestoreValue,
  HIGH_CHARACTER,
  MovelabError,
  perspectiveKindConflict,
  RECENT_SESSIONS_COUNT,
  STORAGE_PATHS,
  toFirestoreValue,
  ZMovescoreGroup,
  ZMovescoreGroupInput,
  ZMovescoreMovement,
  ZMovescoreMovementInput,
  ZPerspective,
  ZPerspectiveInput,
} from '@movelab/shared';
import { z } from 'zod';
import type { TDeleteChildren, TMovescorePort, TUserPort } from '../port';
import { groupIdsOf, joinRecentSessions } from '../recentSessions';
import { sdk } from './errors';
import { countOf, defined, readAll, readDoc, requireDoc, validInput } from './firestore';
import { type TFileStorage, uploadTo } from './storage';

/** A perspective as stored: its reference keeps inner arrays as maps (see firestore-values). */
const ZStoredPerspective = z.preprocess(fromFirestoreValue, ZPerspective);
const storable = <T extends object>(data: T) => toFirestoreValue(data) as T;

/** Firestore's `in` filter takes at most 30 values. */
const IN_LIMIT = 30;

export function createFirebaseMovescore(db: Firestore, storage: TFileStorage, users: TUserPort): TMovescorePort {
  const groups = collection(db, COLLECTIONS.movescoreGroups);
  const groupRef = (groupId: string) => doc(groups, groupId);
  const movements = (groupId: string) => collection(groupRef(groupId), COLLECTIONS.groupMovements);
  const movementRef = (groupId: string, movementId: string) => doc(movements(groupId), movementId);
  const perspectives = (groupId: string, movementId: string) =>
    collection(movementRef(groupId, movementId), COLLECTIONS.perspectives);
  const perspectiveRef = (groupId: string, movementId: string, perspectiveId: string) =>
    doc(perspectives(groupId, movementId), perspectiveId);

  /** Adds a child and bumps the parent's count in one batch, so the count never drifts. */
  async function createChild(
    children: CollectionReference,
    parent: DocumentReference,
    countField: string,
    data: Record<string, unknown>,
  ): Promise<string> {
    const child = doc(children);
    const batch = writeBatch(db);
    batch.set(child, data);
    batch.update(parent, { [countField]: increment(1) });
    await sdk(() => batch.commit());
    return child.id;
  }

  async function refuseWithChildren(children: CollectionReference, mode: TDeleteChildren): Promise<void> {
    if (mode !== 'block') return;
    if ((await countOf(children)) > 0) {
      throw new MovelabError(APP_ERRORS.hasChildren, 'Delete its children first, or delete with them', 409);
    }
  }

  /** Deletes a movement, its perspectives, and decrements the group's count, in one batch. */
  async function deleteMovementTree(groupId: string, movementId: string): Promise<void> {
    const batch = writeBatch(db);
    const children = await readAll(ZStoredPerspective, perspectives(groupId, movementId));
    for (const p of children) batch.delete(perspectiveRef(groupId, movementId, p.id));
    batch.delete(movementRef(groupId, movementId));
    batch.update(groupRef(groupId), { movementCount: increment(-1) });
    await sdk(() => batch.commit());
  }

  const port: TMovescorePort = {
    listGroups: (options = {}) => {
      const constraints: QueryConstraint[] = [orderBy('name')];
      if (options.prefix) constraints.push(startAt(options.prefix), endAt(options.prefix + HIGH_CHARACTER));
      if (options.limit) constraints.push(limit(options.limit));
      return readAll(ZMovescoreGroup, query(groups, ...constraints));
    },
    countGroups: () => countOf(groups),
    getGroup: (groupId) => readDoc(ZMovescoreGroup, groupRef(groupId)),
    getGroupsByIds: async (ids) => {
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += IN_LIMIT) chunks.push(ids.slice(i, i + IN_LIMIT));
      const found = await Promise.all(
        chunks.map((chunk) => readAll(ZMovescoreGroup, query(groups, where(documentId(), 'in', chunk)))),
      );
      return found.flat();
    },
    createGroup: async (input) => {
      const ref = await sdk(() => addDoc(groups, { ...validInput(ZMovescoreGroupInput, input), movementCount: 0 }));
      return requireDoc(ZMovescoreGroup, ref);
    },
    updateGroup: async (groupId, update) => {
      await sdk(() => updateDoc(groupRef(groupId), defined(update)));
      return requireDoc(ZMovescoreGroup, groupRef(groupId));
    },
    deleteGroup: async (groupId, children = 'block') => {
      await refuseWithChildren(movements(groupId), children);
      for (const movement of await readAll(ZMovescoreMovement, movements(groupId))) {
        await deleteMovementTree(groupId, movement.id);
      }
      const batch = writeBatch(db);
      batch.delete(groupRef(groupId));
      await sdk(() => batch.commit());
    },
    uploadGroupCover: async (groupId, file, onProgress) => {
      const coverUrl = await uploadTo(storage, STORAGE_PATHS.groupCover(groupId), file, onProgress);
      return port.updateGroup(groupId, { coverUrl });
    },
    recountGroup: async (groupId) => {
      await sdk(async () => updateDoc(groupRef(groupId), { movementCount: await countOf(movements(groupId)) }));
      return requireDoc(ZMovescoreGroup, groupRef(groupId));
    },

    listMovements: (groupId) => readAll(ZMovescoreMovement, query(movements(groupId), orderBy('name'))),
    getMovement: (groupId, movementId) => readDoc(ZMovescoreMovement, movementRef(groupId, movementId)),
    createMovement: async (groupId, input) => {
      const id = await createChild(movements(groupId), groupRef(groupId), 'movementCount', { ...validInput(ZMovescoreMovementInput, input), perspectiveCount: 0 });
      return requireDoc(ZMovescoreMovement, movementRef(groupId, id));
    },
    updateMovement: async (groupId, movementId, update) => {
      await sdk(() => updateDoc(movementRef(groupId, movementId), defined(update)));
      return requireDoc(ZMovescoreMovement, movementRef(groupId, movementId));
    },
    deleteMovement: async (groupId, movementId, children = 'block') => {
      await refuseWithChildren(perspectives(groupId, movementId), children);
      await deleteMovementTree(groupId, movementId);
    },
    recountMovement: async (groupId, movementId) => {
      const perspectiveCount = await countOf(perspectives(groupId, movementId));
      await sdk(() => updateDoc(movementRef(groupId, movementId), { perspectiveCount }));
      return requireDoc(ZMovescoreMovement, movementRef(groupId, movementId));
    },

    listPerspectives: (groupId, movementId) =>
      readAll(ZStoredPerspective, query(perspectives(groupId, movementId), orderBy('name'))),
    getPerspective: (groupId, movementId, perspectiveId) =>
      readDoc(ZStoredPerspective, perspectiveRef(groupId, movementId, perspectiveId)),
    createPerspective: async (groupId, movementId, input) => {
      const parent = movementRef(groupId, movementId);
      const data = validInput(ZPerspectiveInput, input);
      const mismatch = perspectiveKindConflict(data);
      if (mismatch) throw new MovelabError(APP_ERRORS.badRequest, mismatch, 400);
      const id = await createChild(perspectives(groupId, movementId), parent, 'perspectiveCount', storable(defined(data)));
      return requireDoc(ZStoredPerspective, perspectiveRef(groupId, movementId, id));
    },
    updatePerspective: async (groupId, movementId, perspectiveId, update) => {
      const ref = perspectiveRef(groupId, movementId, perspectiveId);
      if (update.kind !== undefined || 'reference' in update) {
        // As the gateway: a kind must stay the one the (new or stored) reference was built as.
        const stored = await requireDoc(ZStoredPerspective, ref);
        const mismatch = perspectiveKindConflict({ kind: update.kind ?? stored.kind, reference: 'reference' in update ? update.reference : stored.reference });
        if (mismatch) throw new MovelabError(APP_ERRORS.conflict, mismatch, 409);
      }
      await sdk(() => updateDoc(ref, storable(defined(update))));
      return requireDoc(ZStoredPerspective, ref);
    },
    deletePerspective: (groupId, movementId, perspectiveId) =>
      // A transaction, so deleting a perspective that is already gone cannot lower the count.
      sdk(() =>
        runTransaction(db, async (tx) => {
          const ref = perspectiveRef(groupId, movementId, perspectiveId);
          if (!(await tx.get(ref)).exists()) return;
          tx.delete(ref);
          tx.update(movementRef(groupId, movementId), { perspectiveCount: increment(-1) });
        }),
      ),

    recentSessions: async (uid, count = RECENT_SESSIONS_COUNT) => {
      const analyses = await users.loadVideoAnalyses(uid, count);
      return joinRecentSessions(analyses, await port.getGroupsByIds(groupIdsOf(analyses)));
    },
  };
  return port;
}
