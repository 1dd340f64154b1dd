/**
 * The Socket.IO protocol between the client and the gateway: `domain:verb` event names,
 * requests answered through an acknowledgement carrying a result union, every payload
 * validated with these schemas at the gateway. The token travels in the handshake
 * `auth.token`, never in the query string.
 *
 * Remote camera, in order: the desktop (host) sends `session:create` and shows the code and a
 * QR code of `/remote-streaming/:sessionId#<joinToken>`; the phone connects with
 * `auth: { role: 'camera' }` (no token needed) and sends `session:join`; the host gets
 * `session:camera-joined`. The camera is the simple-peer initiator: it sends its offer with
 * `signal:send { to: 'host' }`, the host answers with `signal:send { to: cameraId }`. After a
 * phone reload the camera sends `session:rejoin` and builds a new peer; after a desktop reload
 * the host sends `session:create` (or `session:resume`), which returns the same session with a
 * fresh join token and code, and the cameras get `session:host-returned` and build a new peer.
 * When a camera's socket drops (network change) the host gets `session:camera-away` and keeps
 * its peer: the media may still flow, and the camera restarts ICE on the same connection once
 * it has rejoined (an offer marked `iceRestart`); `session:camera-left` means it left for good.
 * Once the host has chosen a movement it sends `session:perspective` (again to each camera that
 * joins), and the cameras get it to say where the phone should stand.
 * The join contracts are in remote-session.ts and the error codes (`SOCKET_ERRORS`) in errors.ts.
 */
import { z } from 'zod';
import { measureJson } from './bounds.js';
import { LIMITS } from './constants.js';
import { ZUserStatSession, ZVideoAnalysis } from './entities.js';
import type {
  TGroupBoard,
  TGroupCode,
  TGroupCount,
  TGroupCountPost,
  TGroupCreate,
  TGroupEnded,
  TGroupHostChanged,
  TGroupInvitation,
  TGroupInvite,
  TGroupInviteSent,
  TGroupJoin,
  TGroupMove,
  TGroupOpened,
  TGroupReady,
  TGroupRef,
  TGroupShare,
  TLiveGroup,
} from './group-session.js';
import {
  PERSPECTIVE_VIEWS,
  ZIceServer,
  ZIceTransportPolicy,
  ZSessionState,
  type TSessionJoin,
  type TSessionJoined,
  type TSessionPerspective,
} from './remote-session.js';

export const SOCKET_PROTOCOL_VERSION = 1;

/** A refusal that lifts by itself (`socket/rate-limited`, `socket/too-many-wrong-codes`) says when in `retryAfterSeconds`. */
export type TAckResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string; retryAfterSeconds?: number } };
export type TAck<T> = (result: TAckResult<T>) => void;

/** Milliseconds before a token's expiry when the gateway emits `auth:expiring`. */
export const AUTH_EXPIRING_LEAD_MS = 60_000;
/** Cameras per remote session. */
export const SESSION_MAX_CAMERAS = 2;

export const ROOMS = {
  user: (uid: string) => `user:${uid}`,
  admins: 'admins',
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every socket of a session's host (the desktop; several tabs or a reload). */
  sessionHost: (sessionId: string) => `session:${sessionId}:host`,
  /** Every camera of a session (broadcasts to cameras). */
  sessionCameras: (sessionId: string) => `session:${sessionId}:cameras`,
  /** One camera of a session: signals addressed to it. */
  sessionCamera: (sessionId: string, cameraId: string) => `session:${sessionId}:camera:${cameraId}`,
  /** Every socket of every member of a group session (boards, counts, the end). */
  group: (groupId: string) => `group:${groupId}`,
  /** Every socket of a group session's current host (fresh codes). */
  groupHost: (groupId: string) => `group:${groupId}:host`,
  /** Every socket one member has in a group session (is the member still connected?). */
  groupMember: (groupId: string, uid: string) => `group:${groupId}:member:${uid}`,
  /** Every socket opened with a token of one sign-in (its `sid`): signing out disconnects them. */
  signIn: (signInId: string) => `sign-in:${signInId}`,
} as const;

// ---------------------------------------------------------------- payloads

export const ZSessionOpened = z.object({
  sessionId: z.string(),
  joinToken: z.string(),
  /** 6-digit single-use pairing code. */
  code: z.string().regex(/^\d{6}$/),
  codeExpiresAt: z.number(),
  expiresAt: z.number(),
  iceServers: z.array(ZIceServer),
  iceTransportPolicy: z.optional(ZIceTransportPolicy),
  /**
   * Cameras already in the session when the host re-attaches (desktop reload): they get
   * `session:host-returned` and build a new peer; empty for a new session.
   */
  cameras: z.array(z.string()).optional(),
});
export type TSessionOpened = z.infer<typeof ZSessionOpened>;

/** A fresh pairing code for the host's live session (`session:new-code`); the join link is unchanged. */
export const ZSessionCode = ZSessionOpened.pick({ sessionId: true, code: true, codeExpiresAt: true });
export type TSessionCode = z.infer<typeof ZSessionCode>;

/** simple-peer's signal data (SDP or ICE candidate), bounded in size and depth. */
const ZSignalData = z
  .record(z.string(), z.unknown())
  .refine((value) => measureJson(value, { maxDepth: LIMITS.jsonDepthMax, maxBytes: LIMITS.signalDataBytes }).ok, 'Signal too large or too deeply nested');

export const ZSignal = z.object({
  sessionId: z.string().min(16).max(128),
  /** The peer the signal is for: a cameraId, or 'host'. */
  to: z.string().min(1).max(128),
  data: ZSignalData,
});
export type TSignal = z.infer<typeof ZSignal>;

/** `group:signal` between two members of a group (camera tiles): `to` is a member's uid; they get it with `from`. */
export const ZGroupSignal = z.object({ groupId: z.string().min(16).max(128), to: z.string().min(1).max(128), data: ZSignalData }).strict();
export type TGroupSignal = z.infer<typeof ZGroupSignal>;

/** The `group:ice` answer: the ICE servers (with TURN credentials) for a member's camera-tile peers, as Remote Cam's. */
export const ZGroupIce = ZSessionOpened.pick({ iceServers: true, iceTransportPolicy: true });
export type TGroupIce = z.infer<typeof ZGroupIce>;

/** `session:perspective` from the host: the view its cameras' placement advice is for (null: none chosen). */
export const ZSessionPerspective = z
  .object({ sessionId: z.string().min(16).max(128), view: z.enum(PERSPECTIVE_VIEWS).nullable() })
  .strict() satisfies z.ZodType<TSessionPerspective>;

export const ZSessionCreate = z.object({}).strict();
export const ZSessionRef = z.object({ sessionId: z.string().min(16).max(128) });
export const ZSessionRejoin = z.object({ sessionId: z.string().min(16).max(128), rejoinToken: z.string().min(16).max(1024) });
export const ZAuthRefresh = z.object({ token: z.string().min(1).max(8192) });

/** The connection's role, sent in the handshake `auth.role`: a camera may connect without a token. */
export const SOCKET_ROLES = { camera: 'camera' } as const;

/** Admins' view of a remote session: no ids or personal data beyond the host's display name. */
export const ZLiveSession = z.object({
  /** Opaque, stable key for lists (not the session id). */
  key: z.string(),
  hostName: z.string(),
  cameras: z.number().int().min(0),
  state: ZSessionState,
});
export type TLiveSession = z.infer<typeof ZLiveSession>;

export const ZPresenceUser = z.object({ uid: z.string(), name: z.string(), devices: z.number().int().min(1) });
export type TPresenceUser = z.infer<typeof ZPresenceUser>;

export const ZAnalysisNotice = z.object({ analysisId: z.string().min(1).max(128) });

export const ZLiveAnalysis = z.object({
  userId: z.string(),
  userName: z.string(),
  analysis: ZVideoAnalysis,
});
export type TLiveAnalysis = z.infer<typeof ZLiveAnalysis>;

/** A finished practice (its user_stat_sessions entry, kind 'practice'), announced like an analysis. */
export const ZPracticeNotice = z.object({ sessionId: z.string().min(1).max(128) });

export const ZLivePractice = z.object({
  userId: z.string(),
  userName: z.string(),
  session: ZUserStatSession,
});
export type TLivePractice = z.infer<typeof ZLivePractice>;

// ---------------------------------------------------------------- event maps

export type TClientToServerEvents = {
  'auth:refresh': (payload: { token: string }, ack: TAck<{ expiresAt: number }>) => void;
  'session:create': (payload: Record<string, never>, ack: TAck<TSessionOpened>) => void;
  'session:join': (payload: TSessionJoin, ack: TAck<TSessionJoined>) => void;
  'session:rejoin': (payload: { sessionId: string; rejoinToken: string }, ack: TAck<TSessionJoined>) => void;
  'session:leave': (payload: { sessionId: string }, ack: TAck<null>) => void;
  'signal:send': (payload: TSignal, ack: TAck<null>) => void;
  'analysis:created': (payload: { analysisId: string }, ack: TAck<null>) => void;
  'practice:created': (payload: { sessionId: string }, ack: TAck<null>) => void;
  /** The host re-attaching to its live session by id (same uid); session:create does the same without an id. */
  'session:resume': (payload: { sessionId: string }, ack: TAck<TSessionOpened>) => void;
  /** The host asks for a new pairing code (the last one expired or was used); cameras and the join link stay. */
  'session:new-code': (payload: { sessionId: string }, ack: TAck<TSessionCode>) => void;
  /** The host tells its cameras the view of the movement it will film (null: none chosen); only the host may send it. */
  'session:perspective': (payload: TSessionPerspective, ack: TAck<null>) => void;
  /** Practise together (group-session.ts): the host opens a group session, or re-attaches to the one it hosts. */
  'group:create': (payload: TGroupCreate, ack: TAck<TGroupOpened>) => void;
  'group:join': (payload: TGroupJoin, ack: TAck<TGroupBoard>) => void;
  /** A member back after a reload or a network change: same seat, same count. */
  'group:rejoin': (payload: TGroupRef, ack: TAck<TGroupBoard>) => void;
  'group:new-code': (payload: TGroupRef, ack: TAck<TGroupCode>) => void;
  'group:ready': (payload: TGroupReady, ack: TAck<null>) => void;
  'group:start': (payload: TGroupRef, ack: TAck<null>) => void;
  'group:count': (payload: TGroupCountPost, ack: TAck<null>) => void;
  'group:move': (payload: TGroupMove, ack: TAck<null>) => void;
  'group:leave': (payload: TGroupRef, ack: TAck<null>) => void;
  /** A member's copy of an ended group's results (they were offline at its end), for GROUP_RESULTS_KEEP_MS. */
  'group:results': (payload: TGroupRef, ack: TAck<TGroupEnded>) => void;
  /** A member tells a friend (at most GROUP_INVITES_PER_MINUTE a minute); the friend gets `group:invited` if online. */
  'group:invite': (payload: TGroupInvite, ack: TAck<TGroupInviteSent>) => void;
  /** Camera tiles: a practising member shares their camera or stops (at most GROUP_MAX_SHARED_VIDEOS at once); a `group:board` follows. */
  'group:share': (payload: TGroupShare, ack: TAck<null>) => void;
  /** A simple-peer signal to another member (one of the two shares); relayed as `group:signal` with `from`. */
  'group:signal': (payload: TGroupSignal, ack: TAck<null>) => void;
  /** The ICE servers (TURN credentials) for the member's camera-tile peers. */
  'group:ice': (payload: TGroupRef, ack: TAck<TGroupIce>) => void;
};

export type TServerToClientEvents = {
  'auth:expiring': (payload: { expiresAt: number }) => void;
  'auth:expired': () => void;
  'session:camera-joined': (payload: { sessionId: string; cameraId: string }) => void;
  'session:camera-left': (payload: { sessionId: string; cameraId: string }) => void;
  /** To the host: a camera's socket dropped; it keeps its slot and its peer may still be streaming. */
  'session:camera-away': (payload: { sessionId: string; cameraId: string }) => void;
  'session:host-returned': (payload: { sessionId: string }) => void;
  'session:ended': (payload: { sessionId: string; reason: 'host-left' | 'expired' | 'closed' }) => void;
  'signal:receive': (payload: { sessionId: string; from: string; data: Record<string, unknown> }) => void;
  'analysis:created': (payload: TLiveAnalysis) => void;
  'practice:created': (payload: TLivePractice) => void;
  'presence:update': (payload: { users: TPresenceUser[] }) => void;
  /** To admins: the live remote sessions, on change (throttled). */
  'presence:sessions': (payload: { sessions: TLiveSession[] }) => void;
  /** To cameras: the host's connection dropped; the session ends unless it comes back within the grace period. */
  'session:host-away': (payload: { sessionId: string }) => void;
  /** To cameras: the view of the movement the host will film, for the placement advice (null: none chosen). */
  'session:perspective': (payload: TSessionPerspective) => void;
  /** To every member: the whole board, on any change but a count. */
  'group:board': (payload: TGroupBoard) => void;
  /** To every member: one member's new count. */
  'group:count': (payload: TGroupCount) => void;
  /** To every socket of the host: the fresh code one of them asked for with `group:new-code`. */
  'group:code': (payload: TGroupCode) => void;
  /** To every member: the host was gone past the handover delay (or left); a `group:board` follows. */
  'group:host-changed': (payload: TGroupHostChanged) => void;
  'group:ended': (payload: TGroupEnded) => void;
  /** To every socket of an invited user: a notice with Join. */
  'group:invited': (payload: TGroupInvitation) => void;
  /** To admins: the running group sessions, on change (throttled). */
  'presence:groups': (payload: { groups: TLiveGroup[] }) => void;
  /** To every socket of one member: a camera-tile signal from another member. */
  'group:signal': (payload: { groupId: string; from: string; data: Record<string, unknown> }) => void;
};
