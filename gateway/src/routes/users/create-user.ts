import { ROLES } from '@movelab/shared';
import type { THandler } from '../api.js';
import { accountEmail, createUserRecord, requireSelf, type TUserRoutes } from './records.js';

/** POST a user's own record; an ADMIN_EMAILS address, once proven, starts as an admin. */
export function createUser({ users, identity, adminEmails }: TUserRoutes): THandler<'createUser'> {
  return ({ caller, params, body }) => {
    const uid = requireSelf(caller, params.uid);
    const email = accountEmail(identity, caller, body.email);
    const existing = users.get(uid);
    // Creating twice (two tabs starting at once) returns the record; it never resets roles.
    if (existing) return existing;
    const account = identity.accountById(uid);
    const isListedAdmin = account?.email_verified === 1 && adminEmails.includes(account.email.toLowerCase());
    return users.put(createUserRecord(uid, email, body.displayName, isListedAdmin ? [ROLES.ADMIN] : []));
  };
}
