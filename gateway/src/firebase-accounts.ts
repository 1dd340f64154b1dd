/**
 * Account operations of the firebase backend that need firebase-admin, with the embedded
 * backend's answers: an admin cannot disable themselves, the last admin can neither lose the
 * role nor delete their account, and deleting an account deletes everything kept for it.
 */
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import {
  APP_ERRORS,
  AUTH_ERRORS,
  COLLECTIONS,
  isAdmin,
  MovelabError,
  ROLES,
  STORAGE_PATHS,
  ZAccountGuard,
  type TAccountGuard,
} from '@movelab/shared';
import { conflict } from './errors.js';
import { RECENT_LOGIN_MS } from './identity/embedded.js';
import type { TVerifiedToken } from './identity/verifier.js';
import type { Logger } from './logger.js';

/**
 * A gateway-only document (no rule allows a client to it) that every change able to remove an
 * admin reads and writes in its transaction: two such changes at once are serialised by
 * Firestore, so the second sees the first one's outcome, as the embedded backend's SQLite
 * transaction does.
 */
export const ADMIN_LOCK_PATH = 'gateway/admins';

type TAdminChange = {
  /** The account that may stop being an admin. */
  uid: string;
  /** The caller's token holds ADMIN (deleting one's own account): checked even without a record. */
  isCallerAdmin?: boolean;
  /** The change to users/{uid}, written only when another enabled admin remains. */
  apply: (tx: Transaction, user: DocumentReference) => void;
};

/**
 * Refuses an outcome that leaves no enabled admin (`uid`, an admin, losing ADMIN, its login or its
 * account), else applies it to users/{uid}, in one transaction with the admin lock. The admins
 * are users/{uid}.roles, which mirrors the custom claim (setFirebaseRoles writes both), less the
 * disabled ones (users/{uid}.disabled).
 */
export async function changeUnlessLastAdmin(app: App, change: TAdminChange): Promise<void> {
  const db = getFirestore(app);
  const lock = db.doc(ADMIN_LOCK_PATH);
  const user = db.collection(COLLECTIONS.users).doc(change.uid);
  await db.runTransaction(async (tx) => {
    const locked = await tx.get(lock);
    const admins = await tx.get(db.collection(COLLECTIONS.users).where('roles', 'array-contains', ROLES.ADMIN));
    const enabled = admins.docs.filter((doc) => doc.get('disabled') !== true).map((doc) => doc.id);
    const isTargetAdmin = change.isCallerAdmin === true || enabled.includes(change.uid);
    if (isTargetAdmin && enabled.filter((id) => id !== change.uid).length === 0) {
      throw conflict(APP_ERRORS.lastAdmin, 'The last admin cannot lose the ADMIN role');
    }
    change.apply(tx, user);
    tx.set(lock, { changes: ((locked.get('changes') as number | undefined) ?? 0) + 1 });
  });
}

/** Writes account_guards/{uid}, which the Firestore and Storage rules read for every request of the account. */
async function writeAccountGuard(app: App, uid: string, guard: TAccountGuard): Promise<void> {
  await getFirestore(app).collection(COLLECTIONS.accountGuards).doc(uid).set(ZAccountGuard.parse(guard), { merge: true });
}

/**
 * ADMIN taken away (its claim already gone): the ID tokens issued until now, which still carry
 * the claim for up to an hour, prove it no more to the rules (`adminValidAfter` in whole seconds
 * rounded up, as a token's `iat` is rounded down), and every sign-in of the account ends (its
 * refresh tokens revoked, so the gateway's checkRevoked refuses its tokens).
 */
export async function endFirebaseAdmin(app: App, uid: string, now = Date.now()): Promise<void> {
  await writeAccountGuard(app, uid, { adminValidAfter: Math.ceil(now / 1000) });
  await revokeSignIns(app, uid);
}

/**
 * Ends every sign-in of the account. Firebase keeps a revocation in whole seconds, rounded down
 * (`validSince`), and checkRevoked refuses only sign-ins whose `auth_time` (whole seconds) is
 * before it: a sign-in made earlier in the same second would outlive the revocation (seen when
 * an account signed in, was made admin and demoted within one second). So the revocation waits
 * for the next whole second, at most one second.
 */
export async function revokeSignIns(app: App, uid: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1001 - (Date.now() % 1000)));
  await getAuth(app).revokeRefreshTokens(uid);
}

/**
 * Disables or enables the login and mirrors it on users/{uid}.disabled (the admin list reads it).
 * The rules refuse a disabled account from its guard, written before the login is disabled (its
 * unexpired ID tokens are refused at once) and, when enabling, only once the login is enabled.
 */
export async function setFirebaseDisabled(app: App, caller: TVerifiedToken, uid: string, disabled: boolean): Promise<void> {
  if (uid === caller.uid && disabled) throw conflict(APP_ERRORS.conflict, 'You cannot disable your own account');
  const auth = getAuth(app);
  // The account must exist before its record is touched (auth/user-not-found answers 404).
  await auth.getUser(uid);
  if (disabled) {
    await changeUnlessLastAdmin(app, { uid, apply: (tx, user) => tx.set(user, { disabled }, { merge: true }) });
    await writeAccountGuard(app, uid, { disabled });
    await auth.updateUser(uid, { disabled });
    await revokeSignIns(app, uid);
    return;
  }
  await auth.updateUser(uid, { disabled });
  await writeAccountGuard(app, uid, { disabled });
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
 * The login goes last, so a failure half-way can be retried by the same signed-in user. Only the
 * account's guard stays, refusing its leftover ID tokens.
 */
export async function deleteFirebaseAccount(app: App, caller: TVerifiedToken, logger: Logger, now = Date.now()): Promise<void> {
  if (now - caller.authTime > RECENT_LOGIN_MS) {
    throw new MovelabError(AUTH_ERRORS.requiresRecentLogin, 'Please login again before deleting your account', 403);
  }
  // The record's roles go in the check's transaction: two admins leaving at once cannot both pass.
  await changeUnlessLastAdmin(app, { uid: caller.uid, isCallerAdmin: isAdmin(caller.roles), apply: (tx, user) => tx.set(user, { roles: [] }, { merge: true }) });
  const db = getFirestore(app);
  await db.recursiveDelete(db.collection(COLLECTIONS.users).doc(caller.uid));
  await deleteOwned(app, COLLECTIONS.routineCompletion, caller.uid);
  await deleteOwned(app, COLLECTIONS.userStatSessions, caller.uid);
  await deleteAvatar(app, caller.uid, logger);
  await getAuth(app).deleteUser(caller.uid);
  // The deleted account's ID tokens stay valid for up to an hour: the rules refuse them from now.
  await writeAccountGuard(app, caller.uid, { disabled: true });
}

async function deleteAvatar(app: App, uid: string, logger: Logger): Promise<void> {
  if (!app.options.storageBucket) {
    logger.warn({ uid }, 'no Storage bucket (FIREBASE_STORAGE_BUCKET unset, or local emulator mode): the avatar of a deleted account was not removed');
    return;
  }
  await getStorage(app).bucket().file(STORAGE_PATHS.avatar(uid)).delete({ ignoreNotFound: true });
}
