import {
  arrayRemove,
  arrayUnion,
  collection,
  collectionGroup,
  deleteField,
  doc,
  documentId,
  endAt,
  endBefore,
  getDocs,
  limit,
  limitToLast,
  orderBy,
  query,
  setDoc,
  startAfter,
  startAt,
  updateDoc,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import {
  COLLECTIONS,
  HIGH_CHARACTER,
  STORAGE_PATHS,
  ZAdminAnalysis,
  ZUser,
  ZUserFilterQuery,
  ZVideoAnalysis,
  ZVideoAnalysisInput,
  type TUser,
} from '@movelab/shared';
import { announceAnalysis } from '../../socket/analysis-notices';
import type { TUserPort } from '../port';
import { sdk } from './errors';
import { countOf, createOnce, defined, readAll, readDoc, requireDoc, validInput } from './firestore';
import { uploadTo, urlOrEmpty } from './storage';
import type { TGatewayCaller } from './gateway';

/** Cursors are opaque to callers: [sortValue, id] as base64 JSON. */
export function encodeCursor(sortValue: string, id: string): string {
  return btoa(unescape(encodeURIComponent(JSON.stringify([sortValue, id]))));
}

export function decodeCursor(cursor: string): [string, string] {
  const value: unknown = JSON.parse(decodeURIComponent(escape(atob(cursor))));
  if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === 'string')) {
    throw new Error('Invalid cursor');
  }
  return value as [string, string];
}

export function createFirebaseUsers(db: Firestore, storage: FirebaseStorage, gateway: TGatewayCaller): TUserPort {
  const users = collection(db, COLLECTIONS.users);
  const userRef = (uid: string) => doc(db, COLLECTIONS.users, uid);
  const analyses = (uid: string) => collection(db, COLLECTIONS.users, uid, COLLECTIONS.videoAnalysis);
  const patch = async (uid: string, data: Record<string, unknown>): Promise<TUser> => {
    await sdk(() => updateDoc(userRef(uid), data));
    return requireDoc(ZUser, userRef(uid));
  };

  return {
    getUser: (uid) => readDoc(ZUser, userRef(uid)),
    createUser: async (uid, data) => {
      const user: TUser = ZUser.parse({
        id: uid,
        displayName: data.displayName,
        displayNameLowercase: data.displayName.toLowerCase(),
        email: data.email,
        roles: [],
        activities: [],
        routineSubscriptions: [],
        createdAt: new Date().toISOString(),
      });
      const { id: _id, ...fields } = user;
      await sdk(() => setDoc(userRef(uid), fields));
      return user;
    },
    countUsers: () => countOf(users),
    updateProfile: (uid, update) => {
      const data: Record<string, unknown> = defined({ ...update });
      if (update.displayName !== undefined) data.displayNameLowercase = update.displayName.toLowerCase();
      // A null height or gender clears the field.
      for (const key of ['height', 'gender'] as const) if (update[key] === null) data[key] = deleteField();
      return patch(uid, data);
    },
    filterUsers: async (input) => {
      const q = ZUserFilterQuery.parse(input);
      const isByEmail = q.email !== undefined && q.email !== '';
      const field = isByEmail ? 'email' : 'displayNameLowercase';
      const prefix = (isByEmail ? q.email : q.name)?.toLowerCase() ?? '';
      const constraints: QueryConstraint[] = [orderBy(field), orderBy(documentId())];
      if (prefix && !q.startAfter && !q.endBefore) constraints.push(startAt(prefix));
      if (prefix) constraints.push(endAt(prefix + HIGH_CHARACTER));
      if (q.startAfter) constraints.push(startAfter(...decodeCursor(q.startAfter)));
      if (q.endBefore) constraints.push(endBefore(...decodeCursor(q.endBefore)), limitToLast(q.limit + 1));
      else constraints.push(limit(q.limit + 1));
      const found = await readAll(ZUser, query(users, ...constraints));
      // One extra document says whether there is a page beyond this one in the read direction.
      const hasMore = found.length > q.limit;
      const items = q.endBefore ? found.slice(hasMore ? 1 : 0) : found.slice(0, q.limit);
      const cursorOf = (user: TUser) => encodeCursor(isByEmail ? user.email : user.displayNameLowercase, user.id);
      const first = items[0];
      const last = items[items.length - 1];
      const hasNext = q.endBefore ? true : hasMore;
      const hasPrev = q.endBefore ? hasMore : Boolean(q.startAfter);
      return {
        items,
        nextCursor: hasNext && last ? cursorOf(last) : null,
        prevCursor: hasPrev && first ? cursorOf(first) : null,
      };
    },
    setRoles: async (uid, roles) => {
      // The gateway sets the custom claims that the security rules and the gateway trust.
      await gateway('setRoles', { params: { uid }, body: { roles: roles as 'ADMIN'[] } });
      return patch(uid, { roles });
    },
    setDisabled: async (uid, disabled) => {
      await gateway('setDisabled', { params: { uid }, body: { disabled } });
      return requireDoc(ZUser, userRef(uid));
    },
    addActivity: (uid, activityId) => patch(uid, { activities: arrayUnion(activityId) }),
    removeActivity: (uid, activityId) => patch(uid, { activities: arrayRemove(activityId) }),
    uploadAvatar: (uid, file, onProgress) => uploadTo(storage, STORAGE_PATHS.avatar(uid), file, onProgress),
    getAvatarUrl: (uid) => urlOrEmpty(storage, STORAGE_PATHS.avatar(uid)),
    addRoutineSubscription: (uid, routineId) => patch(uid, { routineSubscriptions: arrayUnion(routineId) }),
    saveConversationId: (uid, apiRtcConversationId) => patch(uid, { apiRtcConversationId }),
    createVideoAnalysis: async (uid, entry) => {
      // The gateway's caps (reps, feedback, 32 KiB of JSON): the rules cannot measure bytes.
      const { id: clientId, ...fields } = validInput(ZVideoAnalysisInput, entry);
      const stored = await createOnce(ZVideoAnalysis, analyses(uid), clientId, { ...fields, createdAt: new Date().toISOString() });
      // The gateway cannot see Firestore writes: it pushes the analysis live on this notice.
      void announceAnalysis(stored.id);
      return stored;
    },
    loadVideoAnalyses: (uid, count) =>
      readAll(ZVideoAnalysis, query(analyses(uid), orderBy('createdAt', 'desc'), limit(count))),
    // Every users/{uid}/video_analysis at once; the rules allow this collection-group read to admins.
    countAllVideoAnalyses: () => countOf(collectionGroup(db, COLLECTIONS.videoAnalysis)),
    latestVideoAnalyses: (count) =>
      sdk(async () => {
        const latest = query(collectionGroup(db, COLLECTIONS.videoAnalysis), orderBy('createdAt', 'desc'), limit(count));
        // The owner is the parent document of the sub-collection: users/{uid}.
        return (await getDocs(latest)).docs.map((snap) =>
          ZAdminAnalysis.parse({ ...snap.data(), id: snap.id, userId: snap.ref.parent.parent?.id }),
        );
      }),
  };
}
