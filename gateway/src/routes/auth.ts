import type { THandlers } from './api.js';
import { requestAddress } from '../http/client-address.js';
import type { EmbeddedIdentity } from '../identity/embedded.js';

/** Links in messages come from PUBLIC_URL only (the identity's options): never a request's Host. */
export function authHandlers(identity: EmbeddedIdentity): THandlers {
  return {
    signUp: ({ body }) => identity.signUp(body),
    signIn: ({ body, req }) => identity.signIn(body, requestAddress(req)),
    refresh: ({ body }) => identity.refresh(body.refresh_token),
    signOut: ({ body }) => identity.signOut(body.refreshToken),
    sendPasswordReset: ({ body }) => identity.sendPasswordReset(body.email),
    checkPasswordReset: ({ body }) => identity.checkPasswordReset(body.oobCode),
    confirmPasswordReset: ({ body, req }) => identity.confirmPasswordReset(body.oobCode, body.newPassword, requestAddress(req)),
    sendEmailVerification: ({ caller }) => identity.sendEmailVerification(caller.uid),
    confirmEmailVerification: ({ body }) => identity.confirmEmailVerification(body.oobCode),
    lookup: ({ caller }) => identity.lookup(caller.uid),
    updateAccount: ({ caller, body }) => identity.updateAccount(caller, body),
    deleteAccount: ({ caller }) => identity.deleteAccount(caller),
  };
}
