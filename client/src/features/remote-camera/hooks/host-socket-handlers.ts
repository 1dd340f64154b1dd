/**
 * What the desktop hears on its socket for its remote session. An offer marked `iceRestart` goes
 * to the camera's existing peer (same connection, same stream); any other offer from a camera
 * that already has a peer replaces that peer: the camera rebuilt it.
 */
import { SESSION_MAX_CAMERAS, type TPerspectiveView, type TSessionOpened } from '@movelab/shared';
import type { RefObject } from 'react';
import { emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import { cameraReducer } from '../lib/camera-state';
import { markRemote } from '../lib/marks';
import type { TSignalData } from '../lib/peer';
import { loadedPeerModule } from '../lib/peer-loader';
import { lost, type THostCameras } from './use-host-cameras';

export type THostSocketDeps = Pick<THostCameras, 'peers' | 'updateCamera' | 'send' | 'dropPeer' | 'dropAll' | 'setCameras'> & {
  sessionRef: RefObject<TSessionOpened | null>;
  placementRef: RefObject<TPerspectiveView | null>;
  /** The session is over (ended by the gateway). */
  closeLocally: () => unknown;
  /** The session as the gateway has it again after a reconnection. */
  adopt: (session: TSessionOpened) => void;
};

type TCameraEvent = { sessionId: string; cameraId: string };
type TSignal = { sessionId: string; from: string; data: TSignalData };

/** A camera's signal: an offer starts (or replaces) its peer, anything else goes to the peer it has. */
function answerSignal(socket: TClientSocket, deps: THostSocketDeps, { sessionId, from, data }: TSignal) {
  const { peers, updateCamera, send } = deps;
  markRemote('desktop:signal-arrived');
  const current = deps.sessionRef.current;
  const peerModule = loadedPeerModule();
  if (!current || sessionId !== current.sessionId || !peerModule) return;
  const { createPeer, isIceRestart, isOffer, PEER_GONE, whenPictureArrives } = peerModule;
  const existing = peers.current.get(from);
  if (existing && isIceRestart(data)) markRemote('desktop:ice-restart');
  if (!isOffer(data) || (existing && isIceRestart(data))) return existing?.signal(data);
  // A restart for a connection this side has already given up: the phone must build anew.
  if (isIceRestart(data)) return void emitWithAck(socket, 'signal:send', { sessionId, to: from, data: PEER_GONE });
  if (!existing && peers.current.size >= SESSION_MAX_CAMERAS) return;
  deps.dropPeer(from);
  let hasPicture = false;
  const peer = createPeer({
    side: 'desktop',
    isInitiator: false,
    iceServers: current.iceServers,
    iceTransportPolicy: current.iceTransportPolicy,
    onSignal: (answer) => void emitWithAck(socket, 'signal:send', { sessionId, to: from, data: answer }),
    onStream: (stream) => {
      updateCamera(from, (camera) => ({ ...camera, stream, hasPicture: false }));
      whenPictureArrives(stream, () => {
        if (peers.current.get(from) !== peer) return;
        hasPicture = true;
        updateCamera(from, (camera) => ({ ...camera, hasPicture: true, state: cameraReducer(camera.state, { type: 'peer-connected' }) }));
      });
    },
    // Connected without a picture yet: the phone has not tapped Start.
    onConnect: () => hasPicture && send(from, { type: 'peer-connected' }),
    // The phone restarts ICE; the picture stays until the peer is given up.
    onInterrupted: () => send(from, { type: 'peer-interrupted' }),
    onLost: () => {
      if (peers.current.get(from) !== peer) return;
      peers.current.delete(from);
      // The phone builds the next peer; until its offer arrives the camera is recovering.
      updateCamera(from, (camera) => lost(camera, 'peer-lost'));
    },
  });
  peers.current.set(from, peer);
  peer.signal(data);
}

/** Listens as the session's host; the returned function stops. */
export function listenAsHost(socket: TClientSocket, deps: THostSocketDeps): () => void {
  const { peers, updateCamera, send, dropPeer } = deps;
  const isOurs = (sessionId: string) => sessionId === deps.sessionRef.current?.sessionId;
  const onJoined = ({ sessionId, cameraId }: TCameraEvent) => {
    markRemote('desktop:camera-joined');
    if (!isOurs(sessionId)) return;
    updateCamera(cameraId, (camera) => camera);
    void emitWithAck(socket, 'session:perspective', { sessionId, view: deps.placementRef.current });
  };
  const onLeft = ({ sessionId, cameraId }: TCameraEvent) => {
    if (!isOurs(sessionId)) return;
    dropPeer(cameraId);
    updateCamera(cameraId, () => null);
  };
  const onSignal = (signal: TSignal) => answerSignal(socket, deps, signal);
  const onAway = ({ sessionId, cameraId }: TCameraEvent) => {
    if (!isOurs(sessionId)) return;
    // A camera whose media still flows keeps streaming while its socket comes back; one whose
    // connection is interrupted keeps its peer for the ICE restart the phone sends once its
    // socket is back (the peer's own grace period gives it up if none comes).
    const peer = peers.current.get(cameraId);
    if (peer?.isConnected()) return;
    if (peer?.wasConnected()) return send(cameraId, { type: 'peer-interrupted' });
    dropPeer(cameraId);
    updateCamera(cameraId, (camera) => lost(camera, 'socket-lost'));
  };
  const onEnded = ({ sessionId }: { sessionId: string }) => {
    if (isOurs(sessionId)) void deps.closeLocally();
  };
  const onDisconnect = () => {
    deps.dropAll();
    deps.setCameras((list) => list.map((camera) => lost(camera, 'socket-lost')));
  };
  const onReconnect = () => {
    // Re-attach as host: the cameras get `session:host-returned` and re-offer.
    const current = deps.sessionRef.current;
    if (!current) return;
    void emitWithAck(socket, 'session:resume', { sessionId: current.sessionId }).then((result) => {
      if (result.ok) deps.adopt(result.data);
    });
  };
  socket.on('session:camera-joined', onJoined);
  socket.on('session:camera-left', onLeft);
  socket.on('session:camera-away', onAway);
  socket.on('signal:receive', onSignal);
  socket.on('session:ended', onEnded);
  socket.on('disconnect', onDisconnect);
  socket.io.on('reconnect', onReconnect);
  return () => {
    socket.off('session:camera-joined', onJoined);
    socket.off('session:camera-left', onLeft);
    socket.off('session:camera-away', onAway);
    socket.off('signal:receive', onSignal);
    socket.off('session:ended', onEnded);
    socket.off('disconnect', onDisconnect);
    socket.io.off('reconnect', onReconnect);
  };
}
