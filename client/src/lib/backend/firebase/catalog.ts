import { collection, endAt, limit, orderBy, query, startAt, where, type CollectionReference, type Firestore } from 'firebase/firestore';
import type { Auth } from 'firebase/auth';
import type { z } from 'zod';
import {
  APP_ERRORS,
  COLLECTIONS,
  HIGH_CHARACTER,
  MovelabError,
  STORAGE_PATHS,
  type TActivity,
  type TActivityCategory,
  type TMovement,
  type TRoutine,
  withLowercaseName,
  ZRoutineCompletion,
  ZUserStatSession,
  ZUserStatSessionInput,
} from '@movelab/shared';
import type { TCatalogPort } from '../port';
import { fieldLevel } from './catalogue-levels';
import { countOf, createOnce, readAll, validInput } from './firestore';
import { deleteFirebaseHistoryItem, getFirebaseHistoryItem, listFirebaseHistory } from './history';
import { type TFileStorage, uploadTo } from './storage';
import { announcePractice } from '../../socket/analysis-notices';

/** `writeTimeoutMs`: how long a result's write waits for the server (createOnce). */
export function createFirebaseCatalog(db: Firestore, storage: TFileStorage, auth: Auth, writeTimeoutMs: number): TCatalogPort {
  const completions = collection(db, COLLECTIONS.routineCompletion);
  const statSessions = collection(db, COLLECTIONS.userStatSessions);

  const uid = (): string => {
    const user = auth.currentUser;
    if (!user) throw new MovelabError(APP_ERRORS.unauthenticated, 'Not signed in', 401);
    return user.uid;
  };

  const category = fieldLevel<TActivityCategory>(db, 'category');
  const activity = fieldLevel<TActivity>(db, 'activity');
  const movement = fieldLevel<TMovement>(db, 'movement');
  const routine = fieldLevel<TRoutine>(db, 'routine');

  const ownNewest = <S extends z.ZodType>(schema: S, col: CollectionReference, field: string, count: number) =>
    readAll(schema, query(col, where('userId', '==', uid()), orderBy(field, 'desc'), limit(count)));

  const port: TCatalogPort = {
    listCategories: () => category.list(),
    createCategory: (input) => category.create(input),
    updateCategory: (categoryId, update) => category.update(categoryId, update),
    deleteCategory: (categoryId) => category.remove(categoryId),
    listActivities: (options = {}) => {
      const prefix = options.prefix?.toLowerCase();
      return activity.list(options.categoryId || undefined, ...(prefix ? [startAt(prefix), endAt(prefix + HIGH_CHARACTER)] : []));
    },
    countActivities: () => countOf(activity.collection),
    getActivity: activity.get,
    createActivity: (input) => activity.create(input, withLowercaseName),
    updateActivity: (activityId, update) => activity.update(activityId, update, withLowercaseName),
    deleteActivity: (activityId, children) => activity.remove(activityId, children),
    uploadActivityImage: async (activityId, file, onProgress) => {
      const imageUrl = await uploadTo(storage, STORAGE_PATHS.activityImage(activityId), file, onProgress);
      return activity.update(activityId, { imageUrl });
    },

    listMovements: (activityId) => movement.list(activityId),
    getMovement: movement.get,
    createMovement: (input) => movement.create(input),
    updateMovement: (movementId, update) => movement.update(movementId, update),
    deleteMovement: (movementId) => movement.remove(movementId),

    listRoutines: (activityId) => routine.list(activityId || undefined),
    getRoutine: routine.get,
    createRoutine: (input) => routine.create(input),
    updateRoutine: (routineId, update) => routine.update(routineId, update),
    deleteRoutine: (routineId) => routine.remove(routineId),

    createRoutineCompletion: ({ id: clientId, ...input }) =>
      createOnce(ZRoutineCompletion, completions, clientId, { ...input, userId: uid(), completedAt: new Date().toISOString() }, writeTimeoutMs),
    listRoutineCompletions: (count = 20) => ownNewest(ZRoutineCompletion, completions, 'completedAt', count),
    createUserStatSession: async (input) => {
      const { id: clientId, ...fields } = validInput(ZUserStatSessionInput, input);
      const stored = await createOnce(
        ZUserStatSession,
        statSessions,
        clientId,
        { ...fields, userId: uid(), createdAt: new Date().toISOString() },
        writeTimeoutMs,
      );
      // A finished practice goes live (the gateway checks it is stored); never fails the save.
      if (stored.kind === 'practice') void announcePractice(stored.id);
      return stored;
    },
    listUserStatSessions: (count = 50) => ownNewest(ZUserStatSession, statSessions, 'createdAt', count),
    listHistory: (request) => listFirebaseHistory(db, uid(), request),
    getHistoryItem: (kind, id) => getFirebaseHistoryItem(db, uid(), kind, id),
    deleteHistoryItem: (kind, id) => deleteFirebaseHistoryItem(db, uid(), kind, id, writeTimeoutMs),
  };
  return port;
}
