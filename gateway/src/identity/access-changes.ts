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
