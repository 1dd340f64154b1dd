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
  limit,
  limitToLast,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  startAt,
  updateDoc,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import {
  APP_ERRORS,
  COLLECTIONS,
  MovelabError,
  readableUser,
  STORAGE_PATHS,
  userPageOf,
  userPageRead,
  userPrefixEnd,
  withIsoDates,
  ZUser,
  ZVideoAnalysis,
  ZVideoAnalysisInput,
  type TUser,
  type TUserSortField,
} from '@movelab/shared';
import type { Auth } from 'firebase/auth';
import { announceAnalysis } from '../../socket/analysis-notices';
import type { TUserPort } from '../port';
import { sdk } from './errors';
import { countOf, createOnce, defined, readAll, readDocAs, readEvery, validInput } from './firestore';
import { type TFileStorage, uploadTo, urlOrEmpty } from './storage';
import type { TGatewayCaller } from './gateway';
import { refreshWhenRolesChanged } from './identity';
import { latestAnalyses } from './latest-analyses';

/** users/{uid} as the app shows it: a record ZUser refuses is read without the fields it refuses (readableUser). */
const userOf = (snap: DocumentSnapshot): TUser => readableUser(snap.id, withIsoDates(snap.data({ serverTimestamps: 'estimate' }) ?? {}));

/**
 * A row of the admin list, with its stored sort value (a cursor must start after the row where
 * Firestore keeps it), even where readableUser left that value out.
 */
function pageRow(snap: DocumentSnapshot, field: TUserSortField): TUser {
  const stored: unknown = snap.get(field);
  return typeof stored === 'string' ? { ...userOf(snap), [field]: stored } : userOf(snap);
}

async function requireUser(ref: DocumentReference): Promise<TUser> {
  const user = await readDocAs(ref, userOf);
  if (user === null) throw new MovelabError(APP_ERRORS.notFound, `${ref.path} does not exist`, 404);
  return user;
}

/** The first record of a new account, as the rules allow it; one made meanwhile is the account's. */
async function createUserRecord(ref: DocumentReference, data: Parameters<TUserPort['createUser']>[1]): Promise<TUser> {
  const user: TUser = ZUser.parse({
    id: ref.id,
    displayName: data.displayName,
    displayNameLowercase: data.displayName.toLowerCase(),
    email: data.email,
    roles: [],
    activities: [],
    routineSubscriptions: [],
  });
  const { id: _id, ...fields } = user;
  try {
    // "Member since" is the server's time of this write, which the rules require: never the device's.
    await sdk(() => setDoc(ref, { ...fields, createdAt: serverTimestamp() }));
  } catch (error) {
    // Made meanwhile, and so refused (a first-start record never changes roles): the gateway
    // granting a listed admin ADMIN as it verified this first sign-in, or another device of
    // the same account. That record is the account's.
    const made = await readDocAs(ref, userOf).catch(() => null);
    if (made) return made;
    throw error;
  }
  return requireUser(ref);
}

/** The query of one page of the admin list, forwards from its cursor or backwards before it. */
function pageConstraints(read: ReturnType<typeof userPageRead>): QueryConstraint[] {
  const constraints: QueryConstraint[] = [orderBy(read.field), orderBy(documentId())];
  // Backwards: the `take` rows nearest before the cursor, still within the prefix.
  if (read.before) {
    if (read.prefix) constraints.push(startAt(read.prefix));
    constraints.push(endBefore(...read.before), limitToLast(read.take));
  } else {
    if (read.after) constraints.push(startAfter(...read.after));
    else if (read.prefix) constraints.push(startAt(read.prefix));
    if (read.prefix) constraints.push(endAt(userPrefixEnd(read.prefix)));
    constraints.push(limit(read.take));
  }
  return constraints;
}

/** `writeTimeoutMs`: how long a result's write waits for the server (createOnce). */
export function createFirebaseUsers(db: Firestore, auth: Auth, storage: TFileStorage, gateway: TGatewayCaller, writeTimeoutMs: number): TUserPort {
  const users = collection(db, COLLECTIONS.users);
  const userRef = (uid: string) => doc(db, COLLECTIONS.users, uid);
  const analyses = (uid: string) => collection(db, COLLECTIONS.users, uid, COLLECTIONS.videoAnalysis);
  const patch = async (uid: string, data: Record<string, unknown>): Promise<TUser> => {
    await sdk(() => updateDoc(userRef(uid), data));
    return requireUser(userRef(uid));
  };

  const getUser = async (uid: string) => {
    const user = await readDocAs(userRef(uid), userOf);
    if (user) await refreshWhenRolesChanged(auth, uid, user.roles);
    return user;
  };
  return {
    getUser,
    createUser: (uid, data) => createUserRecord(userRef(uid), data),
    // A missing document is no failed request in Firestore: read, then create.
    loadOrCreateUser: async (uid, data) => (await getUser(uid)) ?? createUserRecord(userRef(uid), data),
    countUsers: () => countOf(users),
    updateProfile: (uid, update) => {
      const data: Record<string, unknown> = defined({ ...update });
      if (update.displayName !== undefined) data.displayNameLowercase = update.displayName.toLowerCase();
      // A null height or gender clears the field.
      for (const key of ['height', 'gender'] as const) if (update[key] === null) data[key] = deleteField();
      return patch(uid, data);
    },
    filterUsers: async (input) => {
      const read = userPageRead(input);
      // Every row read is a row of the page, one ZUser refuses too: skipping it would hide the
      // user and, with fewer rows than read, end the paging before the users after it.
      const found = await readEvery(query(users, ...pageConstraints(read)), (snap) => pageRow(snap, read.field));
      // limitToLast answers ascending: the shared paging reads backwards nearest-first.
      return userPageOf(read, read.before ? found.reverse() : found);
    },
    setRoles: async (uid, roles) => {
      // The gateway sets the custom claims that the security rules and the gateway trust, and
      // users/{uid}.roles beside them (firebase-admin), as it does for `disabled`.
      await gateway('setRoles', { params: { uid }, body: { roles: roles as 'ADMIN'[] } });
      return requireUser(userRef(uid));
    },
    setDisabled: async (uid, disabled) => {
      await gateway('setDisabled', { params: { uid }, body: { disabled } });
      return requireUser(userRef(uid));
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
      const stored = await createOnce(ZVideoAnalysis, analyses(uid), clientId, { ...fields, createdAt: new Date().toISOString() }, writeTimeoutMs);
      // The gateway cannot see Firestore writes: it pushes the analysis live on this notice.
      void announceAnalysis(stored.id);
      return stored;
    },
    loadVideoAnalyses: (uid, count) => readAll(ZVideoAnalysis, query(analyses(uid), orderBy('createdAt', 'desc'), limit(count))),
    // Every users/{uid}/video_analysis at once; the rules allow this collection-group read to admins.
    countAllVideoAnalyses: () => countOf(collectionGroup(db, COLLECTIONS.videoAnalysis)),
    latestVideoAnalyses: (count) => latestAnalyses(collectionGroup(db, COLLECTIONS.videoAnalysis), count),
  };
}
