/**
 * The remote-camera pairing contracts a phone needs: the join request and answer and the ICE
 * settings (the rest of the protocol is in socket.ts). Kept apart so the phone page
 * (client/phone.html) builds only these few schemas instead of every contract of the app.
 * Written with `zod/mini` (functions instead of methods): the phone page then bundles only the
 * few checks it uses (a few KiB instead of zod's ~95 KiB); they are ordinary zod schemas for
 * everyone else (`z.optional(ZIceTransportPolicy)` rather than `.optional()`).
 */
import { z } from 'zod/mini';

/** The peer name of the desktop in `signal:send.to` and `signal:receive.from`. */
export const SIGNAL_HOST = 'host';

export const ZIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type TIceServer = z.infer<typeof ZIceServer>;

/**
 * A perspective's camera view (`ZPerspective.view`): where the camera stands relative to the
 * person. A plain list here (the phone only reads `session:perspective`; its schema is in socket.ts).
 */
export const PERSPECTIVE_VIEWS = ['front', 'side', 'back', 'other'] as const;
export type TPerspectiveView = (typeof PERSPECTIVE_VIEWS)[number];
/** `session:perspective`: the view of the movement the host will film; null while it has chosen none. */
export type TSessionPerspective = { sessionId: string; view: TPerspectiveView | null };

export const ZSessionState = z.enum(['waiting', 'connected', 'reconnecting', 'ended']);
export type TSessionState = z.infer<typeof ZSessionState>;

/** `relay`: only TURN candidates (the peers never learn each other's addresses); `all` by default. */
export const ZIceTransportPolicy = z.enum(['all', 'relay']);
export type TIceTransportPolicy = z.infer<typeof ZIceTransportPolicy>;

export const ZSessionJoin = z.union([
  z.object({ sessionId: z.string().check(z.minLength(16), z.maxLength(128)), joinToken: z.string().check(z.minLength(16), z.maxLength(1024)) }),
  z.object({ code: z.string().check(z.regex(/^\d{6}$/, 'The code has 6 digits')) }),
]);
export type TSessionJoin = z.infer<typeof ZSessionJoin>;

export const ZSessionJoined = z.object({
  sessionId: z.string(),
  /** This camera's id in the session; keep it to rejoin after a reload. */
  cameraId: z.string(),
  /** Lets this camera rejoin the same session without a new code. */
  rejoinToken: z.string(),
  hostName: z.string(),
  iceServers: z.array(ZIceServer),
  iceTransportPolicy: z.optional(ZIceTransportPolicy),
  expiresAt: z.number(),
});
export type TSessionJoined = z.infer<typeof ZSessionJoined>;
