import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateEmail,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import { APP_ERRORS, MovelabError, sameRoles, type TAuthUser } from '@movelab/shared';
import type { TIdentityPort } from '../port';
import { sdk } from './errors';
import type { TGatewayCaller } from './gateway';

export function toAuthUser(user: User): TAuthUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    photoURL: user.photoURL,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber,
    tenantId: user.tenantId,
    isAnonymous: user.isAnonymous,
    providerData: user.providerData.map((p) => ({ providerId: p.providerId, uid: p.uid, email: p.email })),
    metadata: {
      ...(user.metadata.creationTime ? { creationTime: user.metadata.creationTime } : {}),
      ...(user.metadata.lastSignInTime ? { lastSignInTime: user.metadata.lastSignInTime } : {}),
    },
  };
}

const ROLES_REFRESH_MS = 60_000;
const lastRolesRefresh = new Map<string, number>();

/**
 * The rules trust only the `roles` claim of the ID token; users/{uid}.roles is the gateway's copy
 * of it. When the copy differs from the signed-in user's token (their roles changed since it was
 * issued), a new token is fetched, so that the rules grant what the app shows. A refresh that is
 * refused (a demoted admin's sign-in ended) signs out, through the SDK; the record is still answered.
 */
export async function refreshWhenRolesChanged(auth: Auth, uid: string, roles: string[]): Promise<void> {
  const user = auth.currentUser;
  if (!user || user.uid !== uid) return;
  try {
    const claimed: unknown = (await user.getIdTokenResult()).claims.roles;
    const tokenRoles = Array.isArray(claimed) ? claimed : [];
    if (sameRoles(tokenRoles, roles)) return;
    // A copy that stays different after a refresh (the claim was not set yet, or the copy is
    // stale) is not chased on every read: one refresh per account and roles in ROLES_REFRESH_MS.
    const key = `${uid}:${[...roles].sort().join(',')}`;
    const last = lastRolesRefresh.get(key);
    if (last !== undefined && Date.now() - last < ROLES_REFRESH_MS) return;
    lastRolesRefresh.set(key, Date.now());
    await user.getIdToken(true);
  } catch {
    // Refused or unreachable: the token stays as it was, and the rules decide with it.
  }
}

export function createFirebaseIdentity(auth: Auth, gateway: TGatewayCaller): TIdentityPort {
  /**
   * The name given at sign-up until updateProfile has stored it: Firebase reports the new
   * account signed in before that, and the first-start user record is made from that report.
   */
  let naming: { email: string; displayName: string } | null = null;
  const report = (user: User): TAuthUser => {
    const reported = toAuthUser(user);
    const isNaming = reported.displayName === null && naming !== null && user.email?.toLowerCase() === naming.email;
    return isNaming ? { ...reported, displayName: naming!.displayName } : reported;
  };
  const signedInUser = (): User => {
    const user = auth.currentUser;
    if (!user) throw new MovelabError(APP_ERRORS.unauthenticated, 'Not signed in', 401);
    return user;
  };

  return {
    signUp: (email, password, displayName) =>
      sdk(async () => {
        naming = displayName ? { email: email.trim().toLowerCase(), displayName } : null;
        try {
          const { user } = await createUserWithEmailAndPassword(auth, email, password);
          if (displayName) await updateProfile(user, { displayName });
          return toAuthUser(user);
        } finally {
          naming = null;
        }
      }),
    signIn: (email, password) => sdk(async () => toAuthUser((await signInWithEmailAndPassword(auth, email, password)).user)),
    signOut: () => sdk(() => signOut(auth)),
    sendPasswordReset: (email) => sdk(() => sendPasswordResetEmail(auth, email)),
    verifyPasswordResetCode: (oobCode) => sdk(() => verifyPasswordResetCode(auth, oobCode)),
    confirmPasswordReset: (oobCode, newPassword) => sdk(() => confirmPasswordReset(auth, oobCode, newPassword)),
    sendEmailVerification: () => sdk(() => sendEmailVerification(signedInUser())),
    confirmEmailVerification: (oobCode) =>
      sdk(async () => {
        try {
          await applyActionCode(auth, oobCode);
        } catch (error) {
          // A spent link opened again by the signed-in owner of an address already proven.
          const isSpent = (error as { code?: unknown }).code === 'auth/invalid-action-code';
          if (isSpent) await auth.currentUser?.reload().catch(() => undefined);
          if (isSpent && auth.currentUser?.emailVerified) return { alreadyVerified: true };
          throw error;
        }
        // A new token carries email_verified: true, which the gateway's ADMIN_EMAILS grant needs.
        if (auth.currentUser) {
          await auth.currentUser.reload();
          await auth.currentUser.getIdToken(true);
        }
        return { alreadyVerified: false };
      }),
    onAuthStateChanged: (callback) => onAuthStateChanged(auth, (user) => callback(user ? report(user) : null)),
    currentUser: () => (auth.currentUser ? report(auth.currentUser) : null),
    getIdToken: (forceRefresh) => sdk(async () => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null)),
    // The SDK signs out itself when the lookup answers that the user's tokens no longer hold.
    verifySignIn: () => sdk(async () => auth.currentUser?.reload()),
    updateDisplayName: (displayName) => sdk(() => updateProfile(signedInUser(), { displayName })),
    updateEmail: (email) => sdk(() => updateEmail(signedInUser(), email)),
    updatePassword: (password) => sdk(() => updatePassword(signedInUser(), password)),
    // The gateway deletes the data with firebase-admin (the client cannot find all of it), then the login.
    deleteAccount: async () => {
      signedInUser();
      await gateway('deleteAccount', {});
      await sdk(() => signOut(auth));
    },
  };
}
