import { ROLES } from '@movelab/shared';
import type { THandler } from '../api.js';
import { requireAnotherAdmin, type TUserRoutes } from './records.js';

/** An admin sets a user's roles; the last enabled admin keeps ADMIN. */
export function setRoles({ docs, users, access }: TUserRoutes): THandler<'setRoles'> {
  return ({ params, body }) => {
    const updated = docs.transaction(() => {
      const user = users.require(params.uid);
      if (!body.roles.includes(ROLES.ADMIN)) requireAnotherAdmin(docs, user);
      return users.update(user.id, { roles: [...new Set(body.roles)] });
    });
    // Open sockets follow at once: a demoted admin stops receiving other users' analyses.
    access.rolesChanged(updated.id, updated.roles);
    return updated;
  };
}
