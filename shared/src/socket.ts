/**
 * The Socket.IO protocol between the client and the gateway: `domain:verb` event names,
 * requests answered through an acknowledgement carrying a result union, every payload
 * validated with these schemas at the gateway. The token travels in the handshake
 * `auth.token`, never in the query string.
 */
import { z } from 'zod';
import { ZVideoAnalysis } from './entities.js';

export const SOCKET_PROTOCOL_VERSION = 1;

export type TAckResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };
export type TAck<T> = (result: TAckResult<T>) => void;

export const SOCKET_ERRORS = {
  unauthenticated: 'socket/unauthenticated',
  tokenExpired: 'socket/token-expired',
  userDisabled: 'socket/user-disabled',
  badPayload: 'socket/bad-payload',
  forbidden: 'socket/forbidden',
  notFound: 'socket/not-found',
  sessionFull: 'socket/session-full',
  sessionEnded: 'socket/session-ended',
  invalidCode: 'socket/invalid-code',
  invalidJoinToken: 'socket/invalid-join-token',
  rateLimited: 'socket/rate-limited',
  internal: 'socket/internal',
} as const;

export const ROOMS = {
  user: (uid: string) => `user:${uid}`,
  admins: 'admins',
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

// ---------------------------------------------------------------- payloads

export const ZIceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof ZIceServer>;

export const ZSessionState = z.enum(['waiting', 'connected', 'reconnecting', 'ended']);
export type TSessionState = z.infer<typeof ZSessionState>;

export const ZSessionOpened = z.object({
  sessionId: z.string(),
  joinToken: z.string(),
  /** 6-digit single-use pairing code. */
  code: z.string().regex(/^\d{6}$/),
  codeExpiresAt: z.number(),
  expiresAt: z.number(),
  iceServers: z.array(ZIceServer),
});
export type TSessionOpened = z.infer<typeof ZSessionOpened>;

export const ZSessionJoin = z.union([
  z.object({ sessionId: z.string().min(16).max(128), joinToken: z.string().min(16).max(1024) }),
  z.object({ code: z.string().regex(/^\d{6}$/, 'The code has 6 digits') }),
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
  expiresAt: z.number(),
});
export type TSessionJoined = z.infer<typeof ZSessionJoined>;

export const ZSignal = z.object({
  sessionId: z.string().min(16).max(128),
  /** The peer the signal is for: a cameraId, or 'host'. */
  to: z.string().min(1).max(128),
  /** simple-peer's signal data (SDP or ICE candidate). */
  data: z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= 64 * 1024, 'Signal too large'),
});
export type TSignal = z.infer<typeof ZSignal>;

export const ZAnalysisNotice = z.object({ analysisId: z.string().min(1).max(128) });

export const ZLiveAnalysis = z.object({
  userId: z.string(),
  userName: z.string(),
  analysis: ZVideoAnalysis,
});
export type TLiveAnalysis = z.infer<typeof ZLiveAnalysis>;

// ---------------------------------------------------------------- event maps

export type TClientToServerEvents = {
  'auth:refresh': (payload: { token: string }, ack: TAck<{ expiresAt: number }>) => void;
  'session:create': (payload: Record<string, never>, ack: TAck<TSessionOpened>) => void;
  'session:join': (payload: TSessionJoin, ack: TAck<TSessionJoined>) => void;
  'session:rejoin': (payload: { sessionId: string; rejoinToken: string }, ack: TAck<TSessionJoined>) => void;
  'session:leave': (payload: { sessionId: string }, ack: TAck<null>) => void;
  'signal:send': (payload: TSignal, ack: TAck<null>) => void;
  'analysis:created': (payload: { analysisId: string }, ack: TAck<null>) => void;
};

export type TServerToClientEvents = {
  'auth:expiring': (payload: { expiresAt: number }) => void;
  'auth:expired': () => void;
  'session:camera-joined': (payload: { sessionId: string; cameraId: string }) => void;
  'session:camera-left': (payload: { sessionId: string; cameraId: string }) => void;
  'session:host-returned': (payload: { sessionId: string }) => void;
  'session:ended': (payload: { sessionId: string; reason: 'host-left' | 'expired' | 'closed' }) => void;
  'signal:receive': (payload: { sessionId: string; from: string; data: Record<string, unknown> }) => void;
  'analysis:created': (payload: TLiveAnalysis) => void;
  'presence:update': (payload: { users: { uid: string; name: string; devices: number }[] }) => void;
};
