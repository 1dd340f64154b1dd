import { isAdmin, ROOMS } from '@movelab/shared';
import type { TAccessChanges } from '../identity/access-changes.js';
import type { TIo } from './types.js';

export function accessChanges(io: TIo): TAccessChanges {
  const end = (room: string) => {
    // auth:expired first: a client that can still refresh reconnects with a new token.
    io.in(room).emit('auth:expired');
    io.in(room).disconnectSockets(true);
  };
  return {
    rolesChanged(uid, roles) {
      if (isAdmin(roles)) io.in(ROOMS.user(uid)).socketsJoin(ROOMS.admins);
      else io.in(ROOMS.user(uid)).socketsLeave(ROOMS.admins);
    },
    userEnded: (uid) => end(ROOMS.user(uid)),
    signInEnded: (signInId) => end(ROOMS.signIn(signInId)),
  };
}
