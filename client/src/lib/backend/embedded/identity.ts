import { AUTH_ERRORS, isMovelabError, type TAuthSession } from '@movelab/shared';
import type { TIdentityPort } from '../port';
import type { TApiClient } from './client';

export function createEmbeddedIdentity(api: TApiClient): TIdentityPort {
  const { http, session } = api;

  const start = (signedIn: TAuthSession) => {
    session.setSession(signedIn);
    return signedIn.user;
  };
  /**
   * The answer is the session to use next (a new password revokes every refresh token): refreshes
   * wait for it. Sent with a token taken first, not through `api.call`, whose retry after a stale
   * token would itself wait for this answer; a stale token is retried once here instead.
   */
  const update = async (body: { displayName?: string; email?: string; password?: string }) => {
    const send = async (force: boolean) => http.call('updateAccount', { body, token: await session.getIdToken(force) });
    try {
      await session.replaceWith(send(false));
    } catch (error) {
      if (session.handleError(error) || !isMovelabError(error) || error.code !== AUTH_ERRORS.idTokenExpired) throw error;
      await session.replaceWith(send(true));
    }
  };

  return {
    signUp: async (email, password, displayName) =>
      start(await http.call('signUp', { body: { email, password, ...(displayName ? { displayName } : {}) } })),
    signIn: async (email, password) => start(await http.call('signIn', { body: { email, password } })),
    signOut: async () => {
      const refreshToken = session.refreshToken();
      session.clear();
      if (!refreshToken) return;
      // Revoking the refresh token is best effort: the local sign-out already happened.
      await http.call('signOut', { body: { refreshToken } }).catch(() => undefined);
    },
    sendPasswordReset: (email) => http.call('sendPasswordReset', { body: { email } }),
    verifyPasswordResetCode: async (oobCode) => (await http.call('checkPasswordReset', { body: { oobCode } })).email,
    confirmPasswordReset: (oobCode, newPassword) => http.call('confirmPasswordReset', { body: { oobCode, newPassword } }),
    sendEmailVerification: () => api.call('sendEmailVerification'),
    confirmEmailVerification: async (oobCode) => {
      const answer = await http.call('confirmEmailVerification', { body: { oobCode } });
      // A refresh brings the account as it is now (emailVerified) to a signed-in session.
      if (session.currentUser()) await session.getIdToken(true);
      return answer;
    },
    onAuthStateChanged: (callback) => session.subscribe(callback),
    currentUser: () => session.currentUser(),
    getIdToken: (forceRefresh) => session.getIdToken(forceRefresh),
    verifySignIn: async () => {
      if (session.currentUser()) await session.getIdToken();
    },
    updateDisplayName: (displayName) => update({ displayName }),
    updateEmail: (email) => update({ email }),
    updatePassword: (password) => update({ password }),
    deleteAccount: async () => {
      await api.call('deleteAccount');
      session.clear();
    },
  };
}
