import { ROOMS, SOCKET_ERRORS, ZSessionRef } from '@movelab/shared';
import { onRequest, refuse } from './ack.js';
import { registerCameraHandlers } from './session-camera.js';
import { registerHostHandlers } from './session-host.js';
import type { TSessionLifecycle } from './session-lifecycle.js';
import type { TRealtimeContext, TSocket } from './types.js';

/** session:create / resume / join / rejoin / leave, and what a disconnect means for them. */
export function registerSessionHandlers(ctx: TRealtimeContext, life: TSessionLifecycle, socket: TSocket): void {
  const { io, registry } = ctx;
  registerHostHandlers(ctx, life, socket);
  registerCameraHandlers(ctx, life, socket);

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
