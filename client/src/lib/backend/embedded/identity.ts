import type { TAuthSession } from '@movelab/shared';
import type { TIdentityPort } from '../port';
import type { TApiClient } from './client';

export function createEmbeddedIdentity(api: TApiClient): TIdentityPort {
  const { http, session } = api;

  const start = (signedIn: TAuthSession) => {
    session.setSession(signedIn);
    return signedIn.user;
  };
  const update = async (body: { displayName?: string; email?: string; password?: string }) => {
    session.setSession(await api.call('updateAccount', { body }));
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
