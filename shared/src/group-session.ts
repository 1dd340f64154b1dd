/**
 * "Practise together": a live group session, each member analysed on their own device,
 * everyone's count on every screen. The host (signed in) creates it for a routine or a movement
 * and shares a link (`/together/:groupId#<joinToken>`) and a 6-digit code; members join signed in,
 * to practise (at most GROUP_MAX_PRACTISING) or to watch (GROUP_MAX_WATCHING). The code expires
 * like a remote camera's pairing code and each joiner uses it once; wrong codes count against the
 * address that typed them. The gateway keeps
 * the board and decides: only the host starts and moves everyone on, a member posts only their
 * own count, only while a step runs, at most GROUP_COUNTS_PER_SECOND a second.
 *
 * Order: `group:create` (host) -> `group:join` (members, by code or link) -> `group:ready` ->
 * `group:start` (host; every board gets the same `startsAt` in the gateway's clock) ->
 * `group:count` (each member, `group:count` to everyone) -> `group:move` (host: next, rest, end)
 * -> `group:ended` with the summary. A reloaded member sends `group:rejoin` and gets their seat
 * and count back. Event names and the maps are in socket.ts.
 */
import { z } from 'zod';

/** Members practising in one group session, host included. */
export const GROUP_MAX_PRACTISING = 8;
/** Members watching the board (a class), on top of those practising. */
export const GROUP_MAX_WATCHING = 30;
/** Count updates one member may post a second; past it `socket/count-rate-limited`. */
export const GROUP_COUNTS_PER_SECOND = 10;
/** How long the host may be gone before another practising member becomes host (gateway default). */
export const GROUP_HOST_HANDOVER_MS = 10_000;
/** A group session ends by itself (`group:ended`, reason `expired`) a second before this long after it was created (gateway default). */
export const GROUP_LIFETIME_MS = 3 * 60 * 60 * 1000;
/** From `group:start` (or a move to the next step) to `startsAt` (gateway default). */
export const GROUP_COUNTDOWN_MS = 5_000;
/** How long after its end a group's results can still be asked for (`group:results`: a member who was offline then). */
export const GROUP_RESULTS_KEEP_MS = 15 * 60 * 1000;
/** Group sessions one connection may sit in at once (each holds rooms and a disconnect check). */
export const GROUP_MAX_PER_SOCKET = 3;
/** Highest rep count a member may report for one step. */
export const GROUP_REPS_MAX = 10_000;
/** Invitations (`group:invite`) one account may send a minute. */
export const GROUP_INVITES_PER_MINUTE = 20;
/** Members sharing their camera with the group at once (`group:share`); past it `socket/too-many-shared-videos`. */
export const GROUP_MAX_SHARED_VIDEOS = 4;

/**
 * The refusals only group sessions give (the others are SOCKET_ERRORS'): kept here so that a page
 * without group sessions (the phone camera's) does not carry them.
 */
export const GROUP_ERRORS = {
  /** A count or move that the group's phase does not allow (a count before the start, a start twice). */
  wrongPhase: 'socket/wrong-phase',
  /** More than GROUP_COUNTS_PER_SECOND count updates from one member: refused, nothing changed. */
  countRateLimited: 'socket/count-rate-limited',
  /** The account already hosts a live group session: one at a time. */
  alreadyHosting: 'socket/already-hosting',
  /** GROUP_MAX_SHARED_VIDEOS members already share their camera: refused, nothing changed. */
  tooManySharedVideos: 'socket/too-many-shared-videos',
} as const;

const groupId = z.string().min(16).max(128);
const catalogueId = z.string().min(1).max(128);

/** What the session practises: a routine (the client reads its steps from the catalogue) or one movement. */
export const ZGroupPlan = z.union([
  z.object({ routineId: catalogueId, stepCount: z.number().int().min(1).max(100) }).strict(),
  z.object({ movementId: catalogueId }).strict(),
]);
export type TGroupPlan = z.infer<typeof ZGroupPlan>;

export const ZGroupRole = z.enum(['practising', 'watching']);
export type TGroupRole = z.infer<typeof ZGroupRole>;

/** lobby: joining and getting ready; countdown: started, `startsAt` ahead; running: counting; rest; ended. */
export const ZGroupPhase = z.enum(['lobby', 'countdown', 'running', 'rest', 'ended']);
export type TGroupPhase = z.infer<typeof ZGroupPhase>;

export const ZGroupStatus = z.enum(['active', 'resting']);
export type TGroupStatus = z.infer<typeof ZGroupStatus>;

// ---------------------------------------------------------------- client to gateway

export const ZGroupCreate = z.object({ plan: ZGroupPlan }).strict();
export type TGroupCreate = z.infer<typeof ZGroupCreate>;

/** By the 6-digit code (once per joiner: everyone in a class types the one on the host's screen) or by the link's token. */
export const ZGroupJoin = z.union([
  z.object({ code: z.string().regex(/^\d{6}$/, 'The code has 6 digits'), role: ZGroupRole.default('practising') }).strict(),
  z.object({ groupId, joinToken: z.string().min(16).max(1024), role: ZGroupRole.default('practising') }).strict(),
]);
export type TGroupJoin = z.input<typeof ZGroupJoin>;

/** rejoin (a reload: same uid, same seat and count), leave, new-code, start. */
export const ZGroupRef = z.object({ groupId }).strict();
export type TGroupRef = z.infer<typeof ZGroupRef>;

export const ZGroupReady = z.object({ groupId, ready: z.boolean() }).strict();
export type TGroupReady = z.infer<typeof ZGroupReady>;

/** A member's own count in the current step: no uid, the gateway knows who sent it. score: the latest rep's, null = not judged. */
export const ZGroupCountPost = z
  .object({
    groupId,
    reps: z.number().int().min(0).max(GROUP_REPS_MAX),
    score: z.number().min(0).max(1).nullable(),
    status: ZGroupStatus,
  })
  .strict();
export type TGroupCountPost = z.infer<typeof ZGroupCountPost>;

/** The host moves everyone on: to the next step (a new countdown), to a rest, or to the end. */
export const ZGroupMove = z.object({ groupId, to: z.enum(['next', 'rest', 'end']) }).strict();
export type TGroupMove = z.infer<typeof ZGroupMove>;

/**
 * A member tells a friend about the session (the Friends page, the lobby): the link's token proves
 * the member may hand the session on; the gateway sends the friend `group:invited`.
 */
export const ZGroupInvite = z.object({ groupId, joinToken: z.string().min(16).max(1024), uid: z.string().min(1).max(128) }).strict();
export type TGroupInvite = z.infer<typeof ZGroupInvite>;

/**
 * Camera tiles: a member shares their camera with the group (off by default; only members
 * practising). Each sharer's device then offers its video to every other member, one simple-peer
 * connection per (sharer, viewer), the sharer initiating; `group:signal` carries the peers'
 * signals, only between two members of the group of whom at least one shares.
 */
export const ZGroupShare = z.object({ groupId, sharing: z.boolean() }).strict();
export type TGroupShare = z.infer<typeof ZGroupShare>;

// ---------------------------------------------------------------- gateway to client

export const ZGroupMember = z.object({
  uid: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  role: ZGroupRole,
  ready: z.boolean(),
  /** Reps in the current step. */
  reps: z.number().int().min(0),
  /** The latest rep's score (0..1); null: not judged. */
  score: z.number().nullable(),
  status: ZGroupStatus,
  /** reconnecting: their last socket dropped; the seat and count are kept. */
  connection: z.enum(['connected', 'reconnecting']),
  /** Shares their camera with the group (camera tiles); false by default. */
  sharing: z.boolean().default(false),
});
export type TGroupMember = z.infer<typeof ZGroupMember>;

/** `group:board`: the whole board, to every member on any change but a count. */
export const ZGroupBoard = z.object({
  groupId: z.string(),
  plan: ZGroupPlan,
  hostUid: z.string(),
  /** Index of the current step (0 while in the lobby). */
  step: z.number().int().min(0),
  stepCount: z.number().int().min(1),
  phase: ZGroupPhase,
  /** Gateway clock ms when the current step's countdown ends (null in the lobby): every screen counts down to it. */
  startsAt: z.number().nullable(),
  /** The gateway's clock when the board was sent: a client offsets its own clock by `now - Date.now()`. */
  now: z.number(),
  expiresAt: z.number(),
  members: z.array(ZGroupMember),
});
export type TGroupBoard = z.infer<typeof ZGroupBoard>;

/** `group:count`: one member's new count, to everyone (the board between two `group:board`s). */
export const ZGroupCount = z.object({
  groupId: z.string(),
  step: z.number().int().min(0),
  uid: z.string(),
  reps: z.number().int().min(0),
  score: z.number().nullable(),
  status: ZGroupStatus,
});
export type TGroupCount = z.infer<typeof ZGroupCount>;

/** A fresh 6-digit code for the host (the last one expired); the link is unchanged. */
export const ZGroupCode = z.object({ groupId: z.string(), code: z.string().regex(/^\d{6}$/), codeExpiresAt: z.number() });
export type TGroupCode = z.infer<typeof ZGroupCode>;

/** The `group:create` answer. joinToken is null when the host re-attached to its live session: the link it got at creation still works. */
export const ZGroupOpened = ZGroupCode.extend({ joinToken: z.string().nullable(), board: ZGroupBoard });
export type TGroupOpened = z.infer<typeof ZGroupOpened>;

export const ZGroupHostChanged = z.object({ groupId: z.string(), hostUid: z.string(), previousHostUid: z.string() });
export type TGroupHostChanged = z.infer<typeof ZGroupHostChanged>;

/** One practising member's result: per step their reps and mean rep score (null: none judged). */
export const ZGroupResult = z.object({
  uid: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  totalReps: z.number().int().min(0),
  steps: z.array(z.object({ reps: z.number().int().min(0), score: z.number().nullable() })),
});
export type TGroupResult = z.infer<typeof ZGroupResult>;

/** `group:ended`: ended by the host, expired, or left by everyone; results ordered by work done (total reps). */
export const ZGroupEnded = z.object({
  groupId: z.string(),
  reason: z.enum(['ended', 'expired', 'abandoned']),
  plan: ZGroupPlan,
  results: z.array(ZGroupResult),
});
export type TGroupEnded = z.infer<typeof ZGroupEnded>;

/** The `group:invite` answer: delivered = the friend had the app open (a notice reached it); otherwise send them the link. */
export const ZGroupInviteSent = z.object({ delivered: z.boolean() });
export type TGroupInviteSent = z.infer<typeof ZGroupInviteSent>;

/** `group:invited`: to every socket of the invited user, a notice with Join (`/together/:groupId#<joinToken>`). */
export const ZGroupInvitation = z.object({
  groupId: z.string(),
  joinToken: z.string(),
  fromUid: z.string(),
  fromName: z.string(),
  plan: ZGroupPlan,
  expiresAt: z.number(),
});
export type TGroupInvitation = z.infer<typeof ZGroupInvitation>;

/** To admins (`presence:groups`, the live page): one running group session, without its ids or tokens. */
export const ZLiveGroup = z.object({
  /** Opaque, stable key for lists (not the group id). */
  key: z.string(),
  hostName: z.string(),
  members: z.array(z.object({ name: z.string(), role: ZGroupRole, connection: z.enum(['connected', 'reconnecting']) })),
  plan: ZGroupPlan,
  step: z.number().int().min(0),
  stepCount: z.number().int().min(1),
  phase: ZGroupPhase,
});
export type TLiveGroup = z.infer<typeof ZLiveGroup>;
