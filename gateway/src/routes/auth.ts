import type { THandlers } from '../http/api.js';
import type { EmbeddedIdentity } from '../identity/embedded.js';

/** Links in messages come from PUBLIC_URL only: a request's Host header never reaches them. */
export function authHandlers(identity: EmbeddedIdentity, publicUrl: string): THandlers {
  return {
    signUp: ({ body }) => identity.signUp(body),
    signIn: ({ body }) => identity.signIn(body),
    refresh: ({ body }) => identity.refresh(body.refresh_token),
    signOut: ({ body }) => identity.signOut(body.refreshToken),
    sendPasswordReset: ({ body }) => identity.sendPasswordReset(body.email, publicUrl),
    confirmPasswordReset: ({ body }) => identity.confirmPasswordReset(body.oobCode, body.newPassword),
    lookup: ({ caller }) => identity.lookup(caller.uid),
    updateAccount: ({ caller, body }) => identity.updateAccount(caller, body),
    deleteAccount: ({ caller }) => identity.deleteAccount(caller),
  };
}
