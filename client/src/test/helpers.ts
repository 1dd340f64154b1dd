/// <reference types="node" />
import { isMovelabError, type MovelabError } from '@movelab/shared';
import { createUserSocket, type TClientSocket } from '@/lib/socket/socket';

let counter = 0;

/** A fresh, valid e-mail per call, derived from a readable name. */
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name.toLowerCase().replace(/\W+/g, '-')}-${counter}-${process.pid}@movelab.test`;
}

/** The rejection of `promise` as a MovelabError; fails the test when it resolves or throws anything else. */
export async function rejectionOf(promise: Promise<unknown>): Promise<MovelabError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  if (!isMovelabError(error)) throw error;
  return error;
}

/** The user's gateway socket at `url`, connected (the app opens it right after sign-in). */
export async function connectUserSocket(getIdToken: Parameters<typeof createUserSocket>[0], url: string): Promise<TClientSocket> {
  const socket = createUserSocket(getIdToken, { url });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}
