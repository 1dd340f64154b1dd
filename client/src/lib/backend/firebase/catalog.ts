import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  endAt,
  limit,
  orderBy,
  query,
  startAt,
  updateDoc,
  where,
  type CollectionReference,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { Auth } from 'firebase/auth';
import type { z } from 'zod';
import {
  APP_ERRORS,
  COLLECTIONS,
  HIGH_CHARACTER,
  MovelabError,
  STORAGE_PATHS,
  ZActivity,
  ZActivityCategory,
  ZActivityCategoryInput,
  ZActivityInput,
  ZMovement,
  ZMovementInput,
  ZRoutine,
  ZRoutineCompletion,
  ZRoutineInput,
  ZUserStatSession,
  ZUserStatSessionInput,
} from '@movelab/shared';
import type { TCatalogPort } from '../port';
import { sdk } from './errors';
import { countOf, createOnce, defined, exists, readAll, readDoc, requireDoc, validInput } from './firestore';
import { deleteFirebaseHistoryItem, getFirebaseHistoryItem, listFirebaseHistory } from './history';
import { type TFileStorage, uploadTo } from './storage';
import { announcePractice } from '../../socket/analysis-notices';

/** `writeTimeoutMs`: how long a result's write waits for the server (createOnce). */
export function createFirebaseCatalog(db: Firestore, storage: TFileStorage, auth: Auth, writeTimeoutMs: number): TCatalogPort {
  const activities = collection(db, COLLECTIONS.activities);
  const categories = collection(db, COLLECTIONS.activityCategories);
  const movements = collection(db, COLLECTIONS.movements);
  const routines = collection(db, COLLECTIONS.routines);
  const completions = collection(db, COLLECTIONS.routineCompletion);
  const statSessions = collection(db, COLLECTIONS.userStatSessions);

  const uid = (): string => {
    const user = auth.currentUser;
    if (!user) throw new MovelabError(APP_ERRORS.unauthenticated, 'Not signed in', 401);
    return user.uid;
  };

  /** create, update and delete of one top-level collection, validated with its schema. */
  function crud<S extends z.ZodType>(schema: S, col: CollectionReference) {
    return {
      get: (id: string) => readDoc(schema, doc(col, id)),
      create: async (data: Record<string, unknown>) => requireDoc(schema, await sdk(() => addDoc(col, data))),
      update: async (id: string, data: Record<string, unknown>) => {
        await sdk(() => updateDoc(doc(col, id), defined(data)));
        return requireDoc(schema, doc(col, id));
      },
      remove: (id: string) => sdk(() => deleteDoc(doc(col, id))),
    };
  }
  const category = crud(ZActivityCategory, categories);
  const activity = crud(ZActivity, activities);
  const movement = crud(ZMovement, movements);
  const routine = crud(ZRoutine, routines);

  /** As the embedded gateway: a create or an update naming a parent that does not exist is a bad request. */
  const requireParent = async (col: CollectionReference, id: string | undefined, what: string): Promise<void> => {
    if (id === undefined) return;
    if (!(await exists(doc(col, id)))) throw new MovelabError(APP_ERRORS.badRequest, `No ${what} with id ${id}`, 400);
  };
  const inActivity = (data: { activityId?: string }) => requireParent(activities, data.activityId, 'activity');

  const ownNewest = <S extends z.ZodType>(schema: S, col: CollectionReference, field: string, count: number) =>
    readAll(schema, query(col, where('userId', '==', uid()), orderBy(field, 'desc'), limit(count)));

  const port: TCatalogPort = {
    listCategories: () => readAll(ZActivityCategory, query(categories, orderBy('order'))),
    createCategory: (input) => category.create(validInput(ZActivityCategoryInput, input)),
    updateCategory: (categoryId, update) => category.update(categoryId, update),
    deleteCategory: async (categoryId) => {
      if ((await countOf(query(activities, where('categoryId', '==', categoryId), limit(1)))) > 0) {
        throw new MovelabError(APP_ERRORS.hasChildren, 'This category still has activities', 409);
      }
      await category.remove(categoryId);
    },
    listActivities: (options = {}) => {
      const constraints: QueryConstraint[] = [];
      if (options.categoryId) constraints.push(where('categoryId', '==', options.categoryId));
      constraints.push(orderBy('nameLowercase'));
      const prefix = options.prefix?.toLowerCase();
      if (prefix) constraints.push(startAt(prefix), endAt(prefix + HIGH_CHARACTER));
      return readAll(ZActivity, query(activities, ...constraints));
    },
    countActivities: () => countOf(activities),
    getActivity: activity.get,
    createActivity: async (input) => {
      const data = validInput(ZActivityInput, input);
      await requireParent(categories, data.categoryId, 'category');
      return activity.create({ ...data, nameLowercase: data.name.toLowerCase() });
    },
    updateActivity: async (activityId, update) => {
      await requireParent(categories, update.categoryId, 'category');
      return activity.update(activityId, update.name ? { ...update, nameLowercase: update.name.toLowerCase() } : update);
    },
    deleteActivity: async (activityId, children = 'block') => {
      const ownMovements = query(movements, where('activityId', '==', activityId));
      const ownRoutines = query(routines, where('activityId', '==', activityId));
      if (children === 'block' && (await countOf(ownMovements)) + (await countOf(ownRoutines)) > 0) {
        throw new MovelabError(APP_ERRORS.hasChildren, 'Delete its movements and routines first', 409);
      }
      for (const m of await readAll(ZMovement, ownMovements)) await movement.remove(m.id);
      for (const r of await readAll(ZRoutine, ownRoutines)) await routine.remove(r.id);
      await activity.remove(activityId);
    },
    uploadActivityImage: async (activityId, file, onProgress) => {
      const imageUrl = await uploadTo(storage, STORAGE_PATHS.activityImage(activityId), file, onProgress);
      return activity.update(activityId, { imageUrl });
    },

    listMovements: (activityId) => readAll(ZMovement, query(movements, where('activityId', '==', activityId), orderBy('name'))),
    getMovement: movement.get,
    createMovement: async (input) => {
      const data = validInput(ZMovementInput, input);
      await inActivity(data);
      return movement.create(data);
    },
    updateMovement: async (movementId, update) => {
      await inActivity(update);
      return movement.update(movementId, update);
    },
    deleteMovement: movement.remove,

    listRoutines: (activityId) => readAll(ZRoutine, query(routines, ...(activityId ? [where('activityId', '==', activityId)] : []), orderBy('name'))),
    getRoutine: routine.get,
    createRoutine: async (input) => {
      const data = validInput(ZRoutineInput, input);
      await inActivity(data);
      return routine.create(data);
    },
    updateRoutine: async (routineId, update) => {
      await inActivity(update);
      return routine.update(routineId, update);
    },
    deleteRoutine: routine.remove,

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
