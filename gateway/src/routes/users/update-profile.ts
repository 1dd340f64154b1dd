import type { THandler } from '../api.js';
import { accountEmail, requireSelf, type TUserRoutes } from './records.js';

/** PATCH one's own profile: only the fields sent change; a null height or gender removes it. */
export function updateProfile({ users, identity }: TUserRoutes): THandler<'updateProfile'> {
  return ({ caller, params, body }) => {
    const uid = requireSelf(caller, params.uid);
    const user = { ...users.require(uid) };
    if (body.displayName !== undefined)
      Object.assign(user, {
        displayName: body.displayName,
        displayNameLowercase: body.displayName.toLowerCase(),
      });
    if (body.email !== undefined) user.email = accountEmail(identity, caller, body.email);
    if (body.height !== undefined) {
      if (body.height === null) delete user.height;
      else user.height = body.height;
    }
    if (body.gender !== undefined) {
      if (body.gender === null) delete user.gender;
      else user.gender = body.gender;
    }
    return users.put(user);
  };
}
