/// <reference types="node" />
/**
 * People of a Firebase suite, as the app makes them on the emulators: an adapter each, signed up
 * with a user record, their gateway socket, their address verified, ADMIN_EMAILS admins.
 */
import { getApp } from 'firebase/app';
import { getFirestore } from 'firebase/firestore';
import { createFirebaseBackend } from '@/lib/backend/firebase';
import type { TBackend } from '@/lib/backend/port';
import type { TClientSocket } from '@/lib/socket/socket';
import { CONTRACT_PASSWORD } from './backend-contract';
import { emulatorWebConfig } from './firebaseEmulator';
import type { TFirebaseGatewaySuite } from './firebase-suite';
import { connectUserSocket, uniqueEmail } from './helpers';

export type TSignedIn = { backend: TBackend; uid: string; email: string; appName: string };

export function firebaseUsers(suite: TFirebaseGatewaySuite, appPrefix: string) {
  let apps = 0;
  const sockets: TClientSocket[] = [];
  /** The Firebase app name of the adapter made last. */
  const latestAppName = () => `${appPrefix}-${apps}`;

  function newBackend(): TBackend {
    return createFirebaseBackend(emulatorWebConfig(suite.auth.url), {
      appName: `${appPrefix}-${++apps}`,
      firestoreEmulatorHost: suite.firestore.host,
      gatewayBaseUrl: suite.gateway.url,
    });
  }

  async function newUser(name: string, email = uniqueEmail(name)): Promise<TSignedIn> {
    const backend = newBackend();
    const appName = latestAppName();
    const { uid } = await backend.identity.signUp(email, CONTRACT_PASSWORD, name);
    await backend.users.createUser(uid, { displayName: name, email });
    return { backend, uid, email, appName };
  }

  /** The user's gateway socket, connected (the app opens it right after sign-in). */
  async function connect(user: Pick<TSignedIn, 'backend'>): Promise<TClientSocket> {
    const socket = await connectUserSocket((force) => user.backend.identity.getIdToken(force), suite.gateway.url);
    sockets.push(socket);
    return socket;
  }

  /** Verifies the address in the Auth emulator; the next gateway contact carries `email_verified`. */
  async function verifyAndReconnect(user: Pick<TSignedIn, 'backend' | 'uid'>): Promise<TClientSocket> {
    await suite.auth.verifyEmail(user.uid);
    await user.backend.identity.getIdToken(true);
    return connect(user);
  }

  /** An ADMIN_EMAILS account: signed up, its address verified, then signed in to the gateway. */
  async function newAdmin(email: string): Promise<TSignedIn & { socket: TClientSocket }> {
    const user = await newUser('Admin', email);
    const socket = await verifyAndReconnect(user);
    // As the app loads its user: the record's roles differ from the token's claim, so the token is renewed.
    await user.backend.users.getUser(user.uid);
    return { ...user, socket };
  }

  /** The user's own Firestore, past the adapter: what an attacker holding their token can send. */
  const rawFirestore = (user: Pick<TSignedIn, 'appName'>) => getFirestore(getApp(user.appName));

  const disconnectAll = () => {
    for (const socket of sockets) socket.disconnect();
  };

  return { newBackend, newUser, connect, verifyAndReconnect, newAdmin, rawFirestore, disconnectAll, latestAppName };
}
