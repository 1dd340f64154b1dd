import type { IncomingMessage } from 'node:http';
import type { TGatewayConfig } from '../config.js';

/** What helmet takes in a directive: a source, or one worked out per request. */
type TSource = string | ((req: IncomingMessage) => string);

/** The hosts the Firebase SDK calls for what the client uses (client/src/lib/backend/firebase/index.ts). */
const FIREBASE_AUTH_HOSTS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const FIRESTORE_HOSTS = ['https://firestore.googleapis.com'];
const FIREBASE_STORAGE_HOSTS = ['https://firebasestorage.googleapis.com'];

/** A Host header that is a name or an IP literal with an optional port: nothing a policy could misread. */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The WebSocket twin of an http(s) origin, where Socket.IO connects. */
const socketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * This host's sockets spelled out: 'self' covers ws: and wss: to the page's own host in current
 * browsers only (older Safari left them out). A browser sends the page's own host as Host, so
 * this allows nothing 'self' does not mean.
 */
function ownSocketOrigins(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/** Firebase's hosts, or the emulators' where configured, exactly as the client is told (app.ts runtimeConfig). */
function firebaseSources({ authEmulatorHost, firestoreEmulatorHost }: TGatewayConfig['firebase']): string[] {
  const auth = authEmulatorHost ? [`http://${authEmulatorHost}`] : FIREBASE_AUTH_HOSTS;
  // With the Firestore emulator the client has no Storage at all.
  const data = firestoreEmulatorHost ? [`http://${firestoreEmulatorHost}`] : [...FIRESTORE_HOSTS, ...FIREBASE_STORAGE_HOSTS];
  return [...auth, ...data];
}

/**
 * connect-src: where the page may open a request or a socket. This origin, the configured ones
 * (PUBLIC_URL's and ALLOWED_ORIGINS, whose pages the gateway serves) with their sockets, and in
 * Firebase mode the Firebase hosts: never any host, as a bare `ws:` or `wss:` would allow.
 */
export function connectSources(config: TGatewayConfig): TSource[] {
  return [
    "'self'",
    ownSocketOrigins,
    ...config.allowedOrigins.flatMap((origin) => [origin, socketOrigin(origin)]),
    ...(config.backend === 'firebase' ? firebaseSources(config.firebase) : []),
  ];
}

/**
 * img-src: this origin, the pictures the page makes itself (blob:, data:) and, in Firebase mode
 * against the real project, Cloud Storage, where activity pictures, group covers and avatars are
 * kept and shown from their download URLs. The emulators have no Storage.
 */
export function imageSources(config: TGatewayConfig): string[] {
  const isFirebaseStorage = config.backend === 'firebase' && !config.firebase.firestoreEmulatorHost;
  return ["'self'", 'blob:', 'data:', ...(isFirebaseStorage ? FIREBASE_STORAGE_HOSTS : [])];
}
