/**
 * Account operations of the firebase backend that need firebase-admin, with the embedded
 * backend's answers: an admin cannot disable themselves, the last admin can neither lose the
 * role nor delete their account, and deleting an account deletes everything kept for it.
 */
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { APP_ERRORS, AUTH_ERRORS, COLLECTIONS, isAdmin, MovelabError, ROLES, STORAGE_PATHS } from '@movelab/shared';
import { conflict } from './http/errors.js';
import { RECENT_LOGIN_MS } from './identity/embedded.js';
import type { TVerifiedToken } from './identity/verifier.js';
import type { Logger } from './logger.js';

/** The uids holding ADMIN: users/{uid}.roles mirrors the custom claim (setFirebaseRoles writes both). */
async function adminUids(app: App): Promise<string[]> {
  const snapshot = await getFirestore(app).collection(COLLECTIONS.users).where('roles', 'array-contains', ROLES.ADMIN).select().get();
  return snapshot.docs.map((doc) => doc.id);
}

/** Refuses an outcome that leaves no admin: `uid` (an admin) losing ADMIN or its account. */
export async function requireAnotherFirebaseAdmin(app: App, uid: string, isCallerAdmin: boolean): Promise<void> {
  const admins = await adminUids(app);
  if (!isCallerAdmin && !admins.includes(uid)) return;
  if (admins.filter((id) => id !== uid).length === 0) throw conflict(APP_ERRORS.lastAdmin, 'The last admin cannot lose the ADMIN role');
}

/** Disables or enables the login and mirrors it on users/{uid}.disabled (the admin list reads it). */
export async function setFirebaseDisabled(app: App, caller: TVerifiedToken, uid: string, disabled: boolean): Promise<void> {
  if (uid === caller.uid && disabled) throw conflict(APP_ERRORS.conflict, 'You cannot disable your own account');
  const auth = getAuth(app);
  await auth.updateUser(uid, { disabled });
  if (disabled) await auth.revokeRefreshTokens(uid);
  await getFirestore(app).collection(COLLECTIONS.users).doc(uid).set({ disabled }, { merge: true });
}

/** Deletes every document of `collection` whose userId is `uid`, in batches. */
async function deleteOwned(app: App, collection: string, uid: string): Promise<void> {
  const db = getFirestore(app);
  for (;;) {
    const page = await db.collection(collection).where('userId', '==', uid).limit(400).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
  }
}

/**
 * Deletes the caller's account and all their data: users/{uid} with its sub-collections
 * (analyses), their routine completions and stat sessions, the avatar in Storage, then the login.
 * The login goes last, so a failure half-way can be retried by the same signed-in user.
 */
export async function deleteFirebaseAccount(app: App, caller: TVerifiedToken, logger: Logger, now = Date.now()): Promise<void> {
  if (now - caller.authTime > RECENT_LOGIN_MS) {
    throw new MovelabError(AUTH_ERRORS.requiresRecentLogin, 'Please login again before deleting your account', 403);
  }
  await requireAnotherFirebaseAdmin(app, caller.uid, isAdmin(caller.roles));
  const db = getFirestore(app);
  await db.recursiveDelete(db.collection(COLLECTIONS.users).doc(caller.uid));
  await deleteOwned(app, COLLECTIONS.routineCompletion, caller.uid);
  await deleteOwned(app, COLLECTIONS.userStatSessions, caller.uid);
  await deleteAvatar(app, caller.uid, logger);
  await getAuth(app).deleteUser(caller.uid);
}

async function deleteAvatar(app: App, uid: string, logger: Logger): Promise<void> {
  if (!app.options.storageBucket) {
    logger.warn({ uid }, 'no Storage bucket (FIREBASE_STORAGE_BUCKET unset, or local emulator mode): the avatar of a deleted account was not removed');
    return;
  }
  await getStorage(app).bucket().file(STORAGE_PATHS.avatar(uid)).delete({ ignoreNotFound: true });
}
