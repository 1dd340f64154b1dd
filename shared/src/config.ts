import { z } from 'zod';

/**
 * Runtime configuration the gateway serves at GET /api/config. It picks the backend, so one
 * client build serves both.
 */
export const ZFirebaseWebConfig = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  storageBucket: z.string(),
  appId: z.string(),
  messagingSenderId: z.string().optional(),
  /** Set to use the local Auth emulator (tests and local development). */
  authEmulatorUrl: z.string().optional(),
});
export type TFirebaseWebConfig = z.infer<typeof ZFirebaseWebConfig>;

export const ZRuntimeConfig = z.discriminatedUnion('backend', [
  z.object({ backend: z.literal('embedded'), appVersion: z.string() }),
  z.object({ backend: z.literal('firebase'), appVersion: z.string(), firebase: ZFirebaseWebConfig }),
]);
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
