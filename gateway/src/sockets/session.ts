import crypto from 'node:crypto';
import {
  ROOMS,
  SESSION_MAX_CAMERAS,
  SOCKET_ERRORS,
  ZSessionCreate,
  ZSessionJoin,
  ZSessionPerspective,
  ZSessionRef,
  ZSessionRejoin,
  type TSessionCode,
  type TSessionJoined,
  type TSessionOpened,
} from '@movelab/shared';
import { randomToken, sha256 } from '../identity/passwords.js';
import { iceServersFor } from '../realtime/ice.js';
import type { TSessionRecord } from '../realtime/registry.js';
import { onRequest, refuse } from './ack.js';
import { requireUser } from './auth.js';
import { withFreshCode } from './pairing-codes.js';
import type { TRealtimeContext, TSocket } from './types.js';

type TEndReason = 'host-left' | 'expired' | 'closed';

const sameHash = (token: string, hash: string) => {
  const actual = Buffer.from(sha256(token));
  const expected = Buffer.from(hash);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
};

const ended = () => refuse(SOCKET_ERRORS.sessionEnded, 'This session has ended: ask for a new code');

/**
 * Session life on this gateway: expiry timers for the sessions it has seen, the host's grace
 * period after a disconnect, and ending a session (once, whichever gateway gets there first).
 */
export function createSessionLifecycle(ctx: TRealtimeContext) {
  const { io, registry } = ctx;
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  const graceTimers = new Set<NodeJS.Timeout>();

  const end = async (session: Pick<TSessionRecord, 'id' | 'hostUid'>, reason: TEndReason) => {
    clearTimeout(expiryTimers.get(session.id));
    expiryTimers.delete(session.id);
    if (!(await registry.end(session.id))) return;
    const rooms = [ROOMS.sessionHost(session.id), ROOMS.sessionCameras(session.id)];
    io.to(rooms).emit('session:ended', { sessionId: session.id, reason });
    io.in(rooms).socketsLeave(rooms);
    await ctx.people.setRemoteSession(session.hostUid, null);
    ctx.presenceChanged();
    ctx.logger.info({ sessionId: session.id, reason }, 'remote session ended');
  };

  const run = (work: Promise<void>) => {
    work.catch((error: unknown) => ctx.logger.error({ err: error }, 'remote session upkeep failed'));
  };

  const watchExpiry = (session: TSessionRecord) => {
    if (expiryTimers.has(session.id)) return;
    const timer = setTimeout(() => run(end(session, 'expired')), Math.max(0, session.expiresAt - ctx.now()));
    timer.unref();
    expiryTimers.set(session.id, timer);
  };

  /** The host's last socket went away: the session waits for a reload, then ends. */
  const hostGone = async (sessionId: string) => {
    const hostRoom = ROOMS.sessionHost(sessionId);
    if ((await io.in(hostRoom).fetchSockets()).length > 0) return;
    const session = await registry.get(sessionId);
    if (!session) return;
    await registry.setHostConnected(sessionId, false);
    io.to(ROOMS.sessionCameras(sessionId)).emit('session:host-away', { sessionId });
    ctx.presenceChanged();
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      run(
        (async () => {
          if ((await io.in(hostRoom).fetchSockets()).length > 0) return;
          await end(session, 'host-left');
        })(),
      );
    }, ctx.config.hostGraceMs);
    graceTimers.add(timer);
  };

  return {
    end,
    run,
    watchExpiry,
    hostGone,
    close() {
      expiryTimers.forEach((timer) => clearTimeout(timer));
      graceTimers.forEach((timer) => clearTimeout(timer));
      expiryTimers.clear();
      graceTimers.clear();
    },
  };
}

export type TSessionLifecycle = ReturnType<typeof createSessionLifecycle>;

/** session:create / resume / join / rejoin / leave, and what a disconnect means for them. */
export function registerSessionHandlers(ctx: TRealtimeContext, life: TSessionLifecycle, socket: TSocket): void {
  const { io, registry, config } = ctx;

  const opened = (session: TSessionRecord, joinToken: string, code: string, cameras: string[]): TSessionOpened => ({
    sessionId: session.id,
    joinToken,
    code,
    codeExpiresAt: ctx.now() + config.codeTtlMs,
    expiresAt: session.expiresAt,
    iceServers: iceServersFor(config, session.hostUid, ctx.now()),
    iceTransportPolicy: config.iceTransportPolicy,
    cameras,
  });

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
    return opened(session, joinToken, code, cameras);
  };

  onRequest(socket, 'session:create', ZSessionCreate, ctx.logger, async () => {
    const user = requireUser(socket);
    const existingId = await registry.hostSession(user.uid);
    const existing = existingId ? await registry.get(existingId) : null;
    if (existing) return reattach(existing);
    const now = ctx.now();
    const joinToken = randomToken(32);
    const session: TSessionRecord = {
      // 128 bits from the CSPRNG, base64url: unguessable and URL-safe.
      id: randomToken(16),
      hostUid: user.uid,
      hostName: socket.data.name ?? (await ctx.people.displayName(user.uid)),
      joinTokenHash: sha256(joinToken),
      code: null,
      createdAt: now,
      expiresAt: now + config.sessionLifetimeMs,
      isHostConnected: true,
    };
    const code = await withFreshCode((candidate) => registry.create({ ...session, code: candidate }, config.codeTtlMs));
    await hostJoins(session);
    await ctx.people.setRemoteSession(user.uid, session.id);
    ctx.presenceChanged();
    ctx.logger.info({ sessionId: session.id, uid: user.uid }, 'remote session opened');
    return opened(session, joinToken, code, []);
  });

  onRequest(socket, 'session:resume', ZSessionRef, ctx.logger, async ({ sessionId }) => {
    const user = requireUser(socket);
    const session = await registry.get(sessionId);
    if (!session) throw ended();
    if (session.hostUid !== user.uid) throw refuse(SOCKET_ERRORS.forbidden, 'Only the host can resume this session');
    return reattach(session);
  });

  const cameraEnters = async (session: TSessionRecord, cameraId: string, rejoinToken: string): Promise<TSessionJoined> => {
    await socket.join([ROOMS.sessionCameras(session.id), ROOMS.sessionCamera(session.id, cameraId)]);
    socket.data.camera = { sessionId: session.id, cameraId };
    life.watchExpiry(session);
    io.to(ROOMS.sessionHost(session.id)).emit('session:camera-joined', { sessionId: session.id, cameraId });
    ctx.presenceChanged();
    return {
      sessionId: session.id,
      cameraId,
      rejoinToken,
      hostName: session.hostName,
      iceServers: iceServersFor(config, `camera-${cameraId}`, ctx.now()),
      iceTransportPolicy: config.iceTransportPolicy,
      expiresAt: session.expiresAt,
    };
  };

  /** One camera per connection: a second join needs a session:leave first; a rejoin may repeat. */
  const checkFreeSocket = (sessionId: string, isRejoin: boolean) => {
    const current = socket.data.camera;
    if (current && (!isRejoin || current.sessionId !== sessionId)) {
      throw refuse(SOCKET_ERRORS.forbidden, 'This connection already streams a camera: leave that session first');
    }
  };

  /** Slots held by cameras that dropped and never came back are given to the newcomer. */
  const freeStaleSlots = async (sessionId: string) => {
    const cameras = await registry.cameras(sessionId);
    const counts = await Promise.all(cameras.map((camera) => io.in(ROOMS.sessionCamera(sessionId, camera.cameraId)).fetchSockets()));
    await Promise.all(cameras.filter((_, index) => counts[index]!.length === 0).map((camera) => registry.removeCamera(sessionId, camera.cameraId)));
  };

  onRequest(socket, 'session:new-code', ZSessionRef, ctx.logger, async ({ sessionId }): Promise<TSessionCode> => {
    const user = requireUser(socket);
    await ctx.limitJoin(socket.data.address);
    const session = await registry.get(sessionId);
    if (!session) throw ended();
    if (session.hostUid !== user.uid) throw refuse(SOCKET_ERRORS.forbidden, 'Only the host can ask for a new code');
    const code = await withFreshCode((candidate) => registry.renew(session.id, session.joinTokenHash, candidate, config.codeTtlMs));
    return { sessionId, code, codeExpiresAt: ctx.now() + config.codeTtlMs };
  });

  // The placement advice's view goes to the session's cameras; nothing is stored (the host sends it again to a camera that joins).
  onRequest(socket, 'session:perspective', ZSessionPerspective, ctx.logger, async ({ sessionId, view }) => {
    const user = requireUser(socket);
    const session = await registry.get(sessionId);
    if (!session) throw ended();
    if (session.hostUid !== user.uid) throw refuse(SOCKET_ERRORS.forbidden, 'Only the host can tell its cameras what it will film');
    io.to(ROOMS.sessionCameras(sessionId)).emit('session:perspective', { sessionId, view });
    return null;
  });

  onRequest(socket, 'session:join', ZSessionJoin, ctx.logger, async (payload) => {
    checkFreeSocket('', false);
    await ctx.limitJoin(socket.data.address);
    let session: TSessionRecord | null;
    if ('code' in payload) {
      session = await registry.get(await ctx.takeCode(socket.data.address, payload.code));
      if (!session) throw ended();
    } else {
      session = await registry.get(payload.sessionId);
      if (!session) throw ended();
      if (!sameHash(payload.joinToken, session.joinTokenHash)) {
        throw refuse(SOCKET_ERRORS.invalidJoinToken, 'This join link is not valid any more: scan the new QR code');
      }
    }
    const camera = { cameraId: randomToken(9), rejoinTokenHash: '', joinedAt: ctx.now() };
    const rejoinToken = randomToken(32);
    camera.rejoinTokenHash = sha256(rejoinToken);
    let isAdded = await registry.addCamera(session.id, camera, SESSION_MAX_CAMERAS);
    if (!isAdded) {
      await freeStaleSlots(session.id);
      isAdded = await registry.addCamera(session.id, camera, SESSION_MAX_CAMERAS);
    }
    if (!isAdded) throw refuse(SOCKET_ERRORS.sessionFull, `This session already has ${SESSION_MAX_CAMERAS} cameras`);
    return cameraEnters(session, camera.cameraId, rejoinToken);
  });

  onRequest(socket, 'session:rejoin', ZSessionRejoin, ctx.logger, async ({ sessionId, rejoinToken }) => {
    await ctx.limitJoin(socket.data.address);
    const session = await registry.get(sessionId);
    if (!session) throw ended();
    const camera = (await registry.cameras(sessionId)).find((candidate) => sameHash(rejoinToken, candidate.rejoinTokenHash));
    if (!camera) throw refuse(SOCKET_ERRORS.invalidJoinToken, 'This camera is no longer part of the session: join again');
    checkFreeSocket(sessionId, true);
    return cameraEnters(session, camera.cameraId, rejoinToken);
  });

  onRequest(socket, 'session:leave', ZSessionRef, ctx.logger, async ({ sessionId }) => {
    if (socket.data.hosting.includes(sessionId)) {
      socket.data.hosting = socket.data.hosting.filter((id) => id !== sessionId);
      const session = await registry.get(sessionId);
      if (session) await life.end(session, 'closed');
      return null;
    }
    const camera = socket.data.camera;
    if (camera?.sessionId !== sessionId) throw refuse(SOCKET_ERRORS.notFound, 'This connection is not part of that session');
    socket.data.camera = undefined;
    await registry.removeCamera(sessionId, camera.cameraId);
    await socket.leave(ROOMS.sessionCameras(sessionId));
    await socket.leave(ROOMS.sessionCamera(sessionId, camera.cameraId));
    io.to(ROOMS.sessionHost(sessionId)).emit('session:camera-left', { sessionId, cameraId: camera.cameraId });
    ctx.presenceChanged();
    return null;
  });

  socket.on('disconnect', () => {
    socket.data.hosting.forEach((sessionId) => life.run(life.hostGone(sessionId)));
    const camera = socket.data.camera;
    if (!camera) return;
    // The camera keeps its slot so it can rejoin after a reload or a network change; the host
    // keeps its peer, which may still be streaming (the camera restarts ICE once back).
    io.to(ROOMS.sessionHost(camera.sessionId)).emit('session:camera-away', camera);
    ctx.presenceChanged();
  });
}
