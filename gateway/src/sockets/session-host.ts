import { ROOMS, ZSessionCreate, ZSessionPerspective, ZSessionRef, type TSessionCode, type TSessionOpened } from '@movelab/shared';
import { randomToken, sha256 } from '../identity/passwords.js';
import { iceServersFor } from '../realtime/ice.js';
import type { TSessionRecord } from '../realtime/registry.js';
import { onRequest } from './ack.js';
import { requireUser } from './auth.js';
import { withFreshCode } from './pairing-codes.js';
import { hostedSession } from './session-checks.js';
import type { TSessionLifecycle } from './session-lifecycle.js';
import type { TRealtimeContext, TSocket } from './types.js';

/** What the host is told of its session: the join token and code, the ICE servers and the cameras in it. */
function opened(ctx: TRealtimeContext, session: TSessionRecord, joinToken: string, code: string, cameras: string[]): TSessionOpened {
  const { config } = ctx;
  return {
    sessionId: session.id,
    joinToken,
    code,
    codeExpiresAt: ctx.now() + config.codeTtlMs,
    expiresAt: session.expiresAt,
    iceServers: iceServersFor(config, session.hostUid, ctx.now()),
    iceTransportPolicy: config.iceTransportPolicy,
    cameras,
  };
}

/** A new session record for the host, with the hash of its join token; the code comes when it is stored. */
async function newSession(ctx: TRealtimeContext, socket: TSocket, uid: string, joinToken: string): Promise<TSessionRecord> {
  const now = ctx.now();
  return {
    // 128 bits from the CSPRNG, base64url: unguessable and URL-safe.
    id: randomToken(16),
    hostUid: uid,
    hostName: socket.data.name ?? (await ctx.people.displayName(uid)),
    joinTokenHash: sha256(joinToken),
    code: null,
    createdAt: now,
    expiresAt: now + ctx.config.sessionLifetimeMs,
    isHostConnected: true,
  };
}

/** session:create / resume / new-code / perspective: the host's side of a remote-camera session. */
export function registerHostHandlers(ctx: TRealtimeContext, life: TSessionLifecycle, socket: TSocket): void {
  const { io, registry, config } = ctx;

  const hostJoins = async (session: TSessionRecord) => {
    await socket.join(ROOMS.sessionHost(session.id));
    if (!socket.data.hosting.includes(session.id)) socket.data.hosting.push(session.id);
    life.watchExpiry(session);
  };

  /** The host comes back (desktop reload, second tab): new join token and code, cameras told to reconnect. */
  const reattach = async (session: TSessionRecord): Promise<TSessionOpened> => {
    const joinToken = randomToken(32);
    const code = await withFreshCode((candidate) => registry.renew(session.id, sha256(joinToken), candidate, config.codeTtlMs));
    await hostJoins(session);
    await registry.setHostConnected(session.id, true);
    const cameras = (await registry.cameras(session.id)).map((camera) => camera.cameraId);
    io.to(ROOMS.sessionCameras(session.id)).emit('session:host-returned', { sessionId: session.id });
    ctx.presenceChanged();
    return opened(ctx, session, joinToken, code, cameras);
  };

  onRequest(socket, 'session:create', ZSessionCreate, ctx.logger, async () => {
    const user = requireUser(socket);
    const existingId = await registry.hostSession(user.uid);
    const existing = existingId ? await registry.get(existingId) : null;
    if (existing) return reattach(existing);
    const joinToken = randomToken(32);
    const session = await newSession(ctx, socket, user.uid, joinToken);
    const code = await withFreshCode((candidate) => registry.create({ ...session, code: candidate }, config.codeTtlMs));
    await hostJoins(session);
    await ctx.people.setRemoteSession(user.uid, session.id);
    ctx.presenceChanged();
    ctx.logger.info({ sessionId: session.id, uid: user.uid }, 'remote session opened');
    return opened(ctx, session, joinToken, code, []);
  });

  onRequest(socket, 'session:resume', ZSessionRef, ctx.logger, async ({ sessionId }) =>
    reattach(await hostedSession(ctx, socket, sessionId, 'Only the host can resume this session')),
  );

  onRequest(socket, 'session:new-code', ZSessionRef, ctx.logger, async ({ sessionId }): Promise<TSessionCode> => {
    requireUser(socket);
    await ctx.limitJoin(socket.data.address);
    const session = await hostedSession(ctx, socket, sessionId, 'Only the host can ask for a new code');
    const code = await withFreshCode((candidate) => registry.renew(session.id, session.joinTokenHash, candidate, config.codeTtlMs));
    return { sessionId, code, codeExpiresAt: ctx.now() + config.codeTtlMs };
  });

  // The placement advice's view goes to the session's cameras; nothing is stored (the host sends it again to a camera that joins).
  onRequest(socket, 'session:perspective', ZSessionPerspective, ctx.logger, async ({ sessionId, view }) => {
    await hostedSession(ctx, socket, sessionId, 'Only the host can tell its cameras what it will film');
    io.to(ROOMS.sessionCameras(sessionId)).emit('session:perspective', { sessionId, view });
    return null;
  });
}
