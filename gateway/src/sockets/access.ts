import { isAdmin, ROOMS } from '@movelab/shared';
import type { TIo } from './types.js';

/**
 * How the backends tell the live layer that what a token proved has changed. Room operations
 * go through the adapter, so with Redis they reach the user's sockets on every gateway.
 */
export type TAccessChanges = {
  /** New roles: the user's open sockets join or leave the admins room at once. */
  rolesChanged(uid: string, roles: string[]): void;
  /** Disabled, deleted, or every sign-in ended: the user's sockets are told and disconnected. */
  userEnded(uid: string): void;
  /** One sign-in ended (signed out): the sockets opened with its tokens are told and disconnected. */
  signInEnded(signInId: string): void;
};

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
