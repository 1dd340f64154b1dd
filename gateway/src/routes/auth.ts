import type { THandlers } from './api.js';
import { requestAddress } from '../http/client-address.js';
import type { EmbeddedIdentity } from '../identity/embedded.js';
import type { TKnownDevices } from '../identity/known-devices.js';

/** The Server-Timing metric that reports how long the account's backstop held a sign-in. */
export const SIGN_IN_HOLD_METRIC = 'sign-in-hold';

/** Links in messages come from PUBLIC_URL only (the identity's options): never a request's Host. */
export function authHandlers(identity: EmbeddedIdentity, devices: TKnownDevices): THandlers {
  return {
    signUp: ({ body }) => identity.signUp(body),
    signIn: async ({ body, req, res }) => {
      const isKnownDevice = devices.isKnown(req, body.email);
      const onHold = (ms: number) => res.setHeader('Server-Timing', `${SIGN_IN_HOLD_METRIC};dur=${ms}`);
      const session = await identity.signIn(body, { address: requestAddress(req), isKnownDevice, onHold });
      devices.remember(req, res, body.email);
      return session;
    },
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
