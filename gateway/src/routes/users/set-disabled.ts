import { APP_ERRORS } from '@movelab/shared';
import type { THandler } from '../api.js';
import { conflict, notFound } from '../../errors.js';
import { requireAnotherAdmin, type TUserRoutes } from './records.js';

/** An admin turns a user's sign-in off or on: the account and its record together. */
export function setDisabled({ docs, users, identity }: TUserRoutes): THandler<'setDisabled'> {
  return ({ caller, params, body }) =>
    docs.transaction(() => {
      const uid = params.uid;
      if (!identity.accountById(uid)) throw notFound('Account');
      if (uid === caller.uid && body.disabled) throw conflict(APP_ERRORS.conflict, 'You cannot disable your own account');
      if (body.disabled) requireAnotherAdmin(docs, users.get(uid));
      identity.setDisabled(uid, body.disabled);
      return users.update(uid, { disabled: body.disabled });
    });
}
