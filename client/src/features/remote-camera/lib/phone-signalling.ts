/**
 * The phone's signalling: joining the session (the place this tab stored, else the link or
 * code), and what the socket hears. A socket back after a drop rejoins, then restarts ICE on the
 * peer still there (a new peer when there is none).
 */
import { SIGNAL_HOST, type TSessionJoin } from '@movelab/shared/remote-session';
import { emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import { markRemote } from './marks';
import { loadedPeerModule } from './peer-loader';
import type { TPhoneContext } from './phone-context';
import { buildPeer, clearRestart, restartIce } from './phone-peer-link';
import type { TJoinResult } from './phone-refs';
import { readStoredCamera } from './rejoin-store';

/** Joins with the place this tab has stored (a reload), else with the link or code. */
export async function joinSession(socket: TClientSocket, join: TSessionJoin | null): Promise<TJoinResult | null> {
  const stored = readStoredCamera(sessionStorage, join && 'sessionId' in join ? join.sessionId : undefined);
  let result: TJoinResult | null = stored
    ? await emitWithAck(socket, 'session:rejoin', { sessionId: stored.sessionId, rejoinToken: stored.rejoinToken })
    : null;
  if ((!result || !result.ok) && join) result = await emitWithAck(socket, 'session:join', join);
  return result;
}

/** A new socket is a new connection for the gateway: rejoin, then restart ICE on the peer we still have (a new peer when there is none). */
function rejoin(context: TPhoneContext, socket: TClientSocket) {
  const { refs, fail } = context;
  const session = refs.joined;
  if (!session) return;
  void emitWithAck(socket, 'session:rejoin', { sessionId: session.sessionId, rejoinToken: session.rejoinToken }).then((result) => {
    if (!result.ok) return fail(result.error, { isFinal: true });
    refs.joined = result.data;
    refs.isJoinedOnSocket = true;
    if (!refs.peer) return buildPeer(context);
    if (!refs.peer.isConnected()) restartIce(context);
  });
}

export function listenToSession(context: TPhoneContext, socket: TClientSocket) {
  const { refs, store } = context;
  const isOurs = (sessionId: string) => sessionId === refs.joined?.sessionId;
  // A socket given already connected has had its first connection.
  let hasConnectedOnce = socket.connected;
  if (socket.connected) markRemote('phone:socket-connected');
  socket.on('connect', () => {
    markRemote('phone:socket-connected');
    if (hasConnectedOnce) return rejoin(context, socket);
    hasConnectedOnce = true;
  });
  socket.on('disconnect', () => {
    refs.isJoinedOnSocket = false;
    // The peer is kept: the media path may well have survived the signalling. A restart under
    // way is not timed while its answer cannot arrive: the rejoin restarts ICE afresh.
    clearRestart(context);
  });
  socket.on('signal:receive', ({ sessionId, from, data }) => {
    if (!isOurs(sessionId) || from !== SIGNAL_HOST) return;
    if (loadedPeerModule()?.isPeerGone(data)) return buildPeer(context);
    refs.peer?.signal(data);
  });
  socket.on('session:host-returned', ({ sessionId }) => {
    if (isOurs(sessionId)) buildPeer(context);
  });
  socket.on('session:ended', ({ sessionId, reason }) => {
    if (isOurs(sessionId)) context.end(reason);
  });
  // Only a camera of the session hears it; it may come before the join's answer has.
  socket.on('session:perspective', ({ sessionId, view: placement }) => {
    if (!refs.joined || sessionId === refs.joined.sessionId) store.update({ placement });
  });
}
