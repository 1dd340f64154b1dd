import { z } from 'zod';

/**
 * Runtime configuration the gateway serves at GET /api/config. It picks the backend, so one
 * client build serves both.
 */
/** An emulator's address as firebase-admin reads it from the environment: "host:port". */
export const ZEmulatorHost = z.string().regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port');

export const ZFirebaseWebConfig = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  appId: z.string(),
  messagingSenderId: z.string().optional(),
  /** Set to use the local Auth emulator (tests and local development). */
  authEmulatorUrl: z.string().optional(),
  /**
   * Set to use the local Firestore emulator ("host:port"; the local-mode flag defaults it to
   * 127.0.0.1:8888), so the client and the gateway share one emulated database.
   */
  firestoreEmulatorHost: ZEmulatorHost.optional(),
});
export type TFirebaseWebConfig = z.infer<typeof ZFirebaseWebConfig>;

/** The `demo-` project of local emulator mode (`npm run start:emulators`): no credentials needed. */
export const EMULATOR_PROJECT_ID = 'demo-movelab';

/** The Firestore emulator's default port in local mode, as the specification names it. */
export const FIRESTORE_EMULATOR_PORT = 8888;

/** "host:port" split for connectFirestoreEmulator. */
export function emulatorHostPort(value: string): { host: string; port: number } {
  const colon = value.lastIndexOf(':');
  return { host: value.slice(0, colon), port: Number(value.slice(colon + 1)) };
}

export const ZRuntimeConfig = z.discriminatedUnion('backend', [
  z.object({ backend: z.literal('embedded'), appVersion: z.string() }),
  z.object({ backend: z.literal('firebase'), appVersion: z.string(), firebase: ZFirebaseWebConfig }),
]);
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
