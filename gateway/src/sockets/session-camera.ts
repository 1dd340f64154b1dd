import { ROOMS, SESSION_MAX_CAMERAS, SOCKET_ERRORS, ZSessionJoin, ZSessionRejoin, type TSessionJoined } from '@movelab/shared';
import { randomToken, sha256 } from '../identity/passwords.js';
import { iceServersFor } from '../realtime/ice.js';
import type { TSessionRecord } from '../realtime/registry.js';
import { onRequest, refuse } from './ack.js';
import { ended, sameHash } from './session-checks.js';
import type { TSessionLifecycle } from './session-lifecycle.js';
import type { TRealtimeContext, TSocket } from './types.js';

/** Slots held by cameras that dropped and never came back are given to the newcomer. */
async function freeStaleSlots({ io, registry }: TRealtimeContext, sessionId: string): Promise<void> {
  const cameras = await registry.cameras(sessionId);
  const counts = await Promise.all(cameras.map((camera) => io.in(ROOMS.sessionCamera(sessionId, camera.cameraId)).fetchSockets()));
  await Promise.all(cameras.filter((_, index) => counts[index]!.length === 0).map((camera) => registry.removeCamera(sessionId, camera.cameraId)));
}

/** The session a join names, by its pairing code or by its id and join token. */
async function sessionToJoin(
  ctx: TRealtimeContext,
  socket: TSocket,
  payload: { code: string } | { sessionId: string; joinToken: string },
): Promise<TSessionRecord> {
  if ('code' in payload) {
    const session = await ctx.registry.get(await ctx.takeCode(socket.data.address, payload.code));
    if (!session) throw ended();
    return session;
  }
  const session = await ctx.registry.get(payload.sessionId);
  if (!session) throw ended();
  if (!sameHash(payload.joinToken, session.joinTokenHash)) {
    throw refuse(SOCKET_ERRORS.invalidJoinToken, 'This join link is not valid any more: scan the new QR code');
  }
  return session;
}

/** session:join / rejoin: a phone's camera entering a session. */
export function registerCameraHandlers(ctx: TRealtimeContext, life: TSessionLifecycle, socket: TSocket): void {
  const { io, registry, config } = ctx;

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

  onRequest(socket, 'session:join', ZSessionJoin, ctx.logger, async (payload) => {
    checkFreeSocket('', false);
    await ctx.limitJoin(socket.data.address);
    const session = await sessionToJoin(ctx, socket, payload);
    const camera = { cameraId: randomToken(9), rejoinTokenHash: '', joinedAt: ctx.now() };
    const rejoinToken = randomToken(32);
    camera.rejoinTokenHash = sha256(rejoinToken);
    let isAdded = await registry.addCamera(session.id, camera, SESSION_MAX_CAMERAS);
    if (!isAdded) {
      await freeStaleSlots(ctx, session.id);
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
}
