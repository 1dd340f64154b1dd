import { ROOMS, SIGNAL_HOST, SOCKET_ERRORS, ZSignal } from '@movelab/shared';
import { onRequest, refuse } from './ack.js';
import type { TRealtimeContext, TSocket } from './types.js';

/**
 * WebRTC signalling relay: the host talks to its session's cameras and each camera to its
 * host, through per-peer rooms so the message reaches them on any gateway. Nothing else.
 */
export function registerSignalHandlers(ctx: TRealtimeContext, socket: TSocket): void {
  onRequest(socket, 'signal:send', ZSignal, ctx.logger, async ({ sessionId, to, data }) => {
    await ctx.limitSignal(socket.id);
    if (socket.data.hosting.includes(sessionId)) {
      const cameras = await ctx.registry.cameras(sessionId);
      if (!cameras.some((camera) => camera.cameraId === to)) throw refuse(SOCKET_ERRORS.notFound, 'No such camera in this session');
      ctx.io.to(ROOMS.sessionCamera(sessionId, to)).emit('signal:receive', { sessionId, from: SIGNAL_HOST, data });
      return null;
    }
    const camera = socket.data.camera;
    if (camera?.sessionId !== sessionId) throw refuse(SOCKET_ERRORS.forbidden, 'This connection is not part of that session');
    if (to !== SIGNAL_HOST) throw refuse(SOCKET_ERRORS.forbidden, 'A camera can only signal its host');
    ctx.io.to(ROOMS.sessionHost(sessionId)).emit('signal:receive', { sessionId, from: camera.cameraId, data });
    return null;
  });
}
