/**
 * The desktop (host) side of a remote camera session: opens it (or resumes the one saved on
 * the user after a reload), answers each camera's offer with a new simple-peer, and shows up
 * to two camera streams with their size, frame rate and round-trip time. An offer marked
 * `iceRestart` goes to the camera's existing peer (same connection, same stream); any other
 * offer from a camera that already has a peer replaces that peer: the camera rebuilt it.
 * A phone opened from a join link connects before its Start tap, sending nothing yet: the camera
 * counts as live (and its stream is offered to the page) only once its picture arrives.
 * Its state lives in `RemoteSessionProvider` (remote-session-context.tsx), above the routes, so
 * a paired phone stays connected while the desktop moves to practice or analysis.
 */
import { SESSION_MAX_CAMERAS, type TPerspectiveView, type TSessionOpened } from '@movelab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { emitWithAck } from '@/lib/socket/socket';
import { useUserSocket } from '@/lib/socket/socket-context';
import { useAppStore } from '@/stores/app-store';
import { useSaveConversationId } from '../api/save-conversation-id';
import { cameraReducer, initialCameraState, sessionStateOf, type TCameraError, type TCameraEvent, type TCameraState } from '../lib/camera-state';
import { markRemote } from '../lib/marks';
import type * as PeerModule from '../lib/peer';
import type { TPeer } from '../lib/peer';
import { RECEIVE_STATS_MS, receiveStatsOf, type TReceiveStats } from '../lib/receive-stats';

export type TRemoteCamera = {
  cameraId: string;
  state: TCameraState;
  /** The stream as soon as the connection has it; `hasPicture` once the phone sends its camera (after its Start tap). */
  stream: MediaStream | null;
  hasPicture: boolean;
  stats: TReceiveStats | null;
};

const joinedCamera = (cameraId: string): TRemoteCamera => ({
  cameraId,
  state: cameraReducer(cameraReducer(initialCameraState, { type: 'join' }), { type: 'joined' }),
  stream: null,
  hasPicture: false,
  stats: null,
});

/**
 * A camera whose connection or socket is gone, until the phone offers again. One that was never
 * live (still connecting, or connected before its Start tap) stays connecting: nothing to recover.
 */
const lost = (camera: TRemoteCamera, type: 'peer-lost' | 'socket-lost'): TRemoteCamera => ({
  ...camera,
  stream: null,
  hasPicture: false,
  stats: null,
  state: camera.state.phase === 'connecting' ? camera.state : cameraReducer(camera.state, { type }),
});

/** Why the pairing code shown no longer works: a code ends only by its use (the camera joins) or its expiry. */
export type TCodeLapse = 'expired';

/**
 * The WebRTC side (simple-peer), loaded when a session opens: the session's state sits above every
 * route, and the app's first screen does not need it.
 */
let peerModule: typeof PeerModule | null = null;
const loadPeerModule = async (): Promise<typeof PeerModule> => (peerModule ??= await import('../lib/peer'));

/** The state of the user's remote camera session: use it once, in `RemoteSessionProvider`. */
export function useRemoteSessionState() {
  const saveConversationId = useSaveConversationId();
  const { socket } = useUserSocket();
  const uid = useAppStore((state) => state.currentUser?.uid ?? null);
  const savedSessionId = useAppStore((state) => state.currentConversationId ?? state.currentUser?.apiRtcConversationId ?? null);
  const setConversationId = useAppStore((state) => state.setCurrentConversationId);
  const [session, setSession] = useState<TSessionOpened | null>(null);
  const [cameras, setCameras] = useState<TRemoteCamera[]>([]);
  const [isEnded, setEnded] = useState(false);
  const [error, setError] = useState<TCameraError | null>(null);
  const [isOpening, setOpening] = useState(false);
  /** Why the shown pairing code no longer works, if it does not: wrong codes tried it out, or it expired. */
  const [codeLapse, setCodeLapse] = useState<TCodeLapse | null>(null);
  const peers = useRef(new Map<string, TPeer>());
  const sessionRef = useRef<TSessionOpened | null>(null);
  /** The view of the movement chosen for filming, told to the cameras for their placement advice. */
  const [placement, setPlacement] = useState<TPerspectiveView | null>(null);
  const placementRef = useRef<TPerspectiveView | null>(null);
  useEffect(() => {
    placementRef.current = placement;
  }, [placement]);

  // Another account signed in on this desktop (or none): the last one's session and cameras are not its own.
  const [owner, setOwner] = useState(uid);
  if (owner !== uid) {
    setOwner(uid);
    setSession(null);
    setCameras([]);
    setEnded(false);
    setError(null);
    setCodeLapse(null);
  }
  useEffect(() => {
    for (const peer of peers.current.values()) peer.destroy();
    peers.current.clear();
    sessionRef.current = null;
  }, [uid]);

  const saveConversation = useCallback(
    async (sessionId: string | null): Promise<void> => {
      setConversationId(sessionId);
      if (uid) await saveConversationId(uid, sessionId).catch((failure: unknown) => console.warn('Saving the session id failed', failure));
    },
    [saveConversationId, setConversationId, uid],
  );

  const updateCamera = useCallback((cameraId: string, change: (camera: TRemoteCamera) => TRemoteCamera | null) => {
    setCameras((list) => {
      const existing = list.find((camera) => camera.cameraId === cameraId) ?? joinedCamera(cameraId);
      const next = change(existing);
      const others = list.filter((camera) => camera.cameraId !== cameraId);
      return next ? [...others, next].sort((a, b) => a.cameraId.localeCompare(b.cameraId)) : others;
    });
  }, []);
  const send = useCallback(
    (cameraId: string, event: TCameraEvent) => updateCamera(cameraId, (camera) => ({ ...camera, state: cameraReducer(camera.state, event) })),
    [updateCamera],
  );

  const dropPeer = useCallback((cameraId: string) => {
    peers.current.get(cameraId)?.destroy();
    peers.current.delete(cameraId);
  }, []);

  const dropAll = useCallback(() => {
    for (const peer of peers.current.values()) peer.destroy();
    peers.current.clear();
  }, []);

  /** The session is over (ended here or by the gateway): forget it and its cameras; resolves once the user record forgets it too. */
  const closeLocally = useCallback(() => {
    dropAll();
    sessionRef.current = null;
    setEnded(true);
    setCameras([]);
    return saveConversation(null);
  }, [dropAll, saveConversation]);

  const open = useCallback(async () => {
    if (!socket) return;
    setOpening(true);
    setError(null);
    const resumed = savedSessionId ? await emitWithAck(socket, 'session:resume', { sessionId: savedSessionId }) : null;
    const result = resumed?.ok ? resumed : await emitWithAck(socket, 'session:create', {});
    // Signals are answered only once the session is set: by then the WebRTC side is here.
    const peerSide = await loadPeerModule().catch(() => null);
    setOpening(false);
    if (!result.ok) return setError(result.error);
    if (!peerSide) return setError({ code: 'app/network-request-failed', message: 'Part of the app could not be loaded: check the network and try again' });
    dropAll();
    sessionRef.current = result.data;
    setSession(result.data);
    setCodeLapse(null);
    setEnded(false);
    // Cameras already there (desktop reload) re-offer after `session:host-returned`.
    setCameras((result.data.cameras ?? []).map(joinedCamera));
    void saveConversation(result.data.sessionId);
    // While the QR code is scanned: the phone's offer then meets a warm WebRTC stack.
    peerSide.warmUpWebRtc();
  }, [dropAll, saveConversation, savedSessionId, socket]);

  /** A new pairing code for the open session; the QR code's join link and the cameras stay. */
  const newCode = useCallback(async () => {
    const current = sessionRef.current;
    if (!socket || !current) return;
    const result = await emitWithAck(socket, 'session:new-code', { sessionId: current.sessionId });
    if (!result.ok) return setError(result.error);
    const renewed = { ...current, code: result.data.code, codeExpiresAt: result.data.codeExpiresAt };
    sessionRef.current = renewed;
    setSession(renewed);
    setCodeLapse(null);
  }, [socket]);

  // The code's own end: after it the panel offers a new one.
  const codeExpiresAt = session?.codeExpiresAt;
  useEffect(() => {
    if (codeExpiresAt === undefined) return;
    const timer = setTimeout(() => setCodeLapse((lapse) => lapse ?? 'expired'), Math.max(0, codeExpiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [codeExpiresAt]);

  /**
   * Ends the session for its cameras too. Without a connection nothing is sent: the gateway
   * already counts this desktop away and ends the session after its grace, and nothing here
   * resumes it any more.
   */
  const end = useCallback(async () => {
    const current = sessionRef.current;
    if (!socket || !current) return;
    if (socket.connected) await emitWithAck(socket, 'session:leave', { sessionId: current.sessionId });
    await closeLocally();
  }, [closeLocally, socket]);

  useEffect(() => {
    if (!socket) return;
    const isOurs = (sessionId: string) => sessionId === sessionRef.current?.sessionId;
    const onJoined = ({ sessionId, cameraId }: { sessionId: string; cameraId: string }) => {
      markRemote('desktop:camera-joined');
      if (!isOurs(sessionId)) return;
      updateCamera(cameraId, (camera) => camera);
      void emitWithAck(socket, 'session:perspective', { sessionId, view: placementRef.current });
    };
    const onLeft = ({ sessionId, cameraId }: { sessionId: string; cameraId: string }) => {
      if (!isOurs(sessionId)) return;
      dropPeer(cameraId);
      updateCamera(cameraId, () => null);
    };
    const onSignal = ({ sessionId, from, data }: { sessionId: string; from: string; data: Record<string, unknown> }) => {
      markRemote('desktop:signal-arrived');
      const current = sessionRef.current;
      if (!current || !isOurs(sessionId) || !peerModule) return;
      const { createPeer, isIceRestart, isOffer, PEER_GONE, whenPictureArrives } = peerModule;
      const existing = peers.current.get(from);
      if (existing && isIceRestart(data)) markRemote('desktop:ice-restart');
      if (!isOffer(data) || (existing && isIceRestart(data))) return existing?.signal(data);
      // A restart for a connection this side has already given up: the phone must build anew.
      if (isIceRestart(data)) return void emitWithAck(socket, 'signal:send', { sessionId, to: from, data: PEER_GONE });
      if (!existing && peers.current.size >= SESSION_MAX_CAMERAS) return;
      dropPeer(from);
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
    };
    const onAway = ({ sessionId, cameraId }: { sessionId: string; cameraId: string }) => {
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
      if (isOurs(sessionId)) void closeLocally();
    };
    const onDisconnect = () => {
      dropAll();
      setCameras((list) => list.map((camera) => lost(camera, 'socket-lost')));
    };
    const onReconnect = () => {
      // Re-attach as host: the cameras get `session:host-returned` and re-offer.
      const current = sessionRef.current;
      if (!current) return;
      void emitWithAck(socket, 'session:resume', { sessionId: current.sessionId }).then((result) => {
        if (result.ok) {
          sessionRef.current = result.data;
          setSession(result.data);
          setCodeLapse(null);
        }
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
  }, [closeLocally, dropAll, dropPeer, send, socket, updateCamera]);

  useEffect(() => dropAll, [dropAll]);

  // The cameras hear each change of the chosen view (and a camera that joins, its current one).
  const sessionId = session?.sessionId;
  useEffect(() => {
    if (socket && sessionId && !isEnded) void emitWithAck(socket, 'session:perspective', { sessionId, view: placement });
  }, [isEnded, placement, sessionId, socket]);

  // Each connected camera's picture size, frame rate and round-trip time, once a second.
  useEffect(() => {
    const timer = setInterval(() => {
      for (const [cameraId, peer] of peers.current) {
        void peer
          .connection()
          ?.getStats()
          .then((report) => {
            const stats = receiveStatsOf(report);
            if (stats && peers.current.get(cameraId) === peer) updateCamera(cameraId, (camera) => ({ ...camera, stats }));
          })
          .catch(() => undefined);
      }
    }, RECEIVE_STATS_MS);
    return () => clearInterval(timer);
  }, [updateCamera]);

  return {
    session,
    cameras: cameras.slice(0, SESSION_MAX_CAMERAS),
    state: session || isEnded ? sessionStateOf(cameras.map((camera) => camera.state), isEnded) : null,
    error,
    isOpening,
    isSocketReady: socket !== null,
    codeLapse,
    open,
    newCode,
    end,
    /** Chooses the view the cameras' placement advice is for (null: none chosen). */
    setPlacement,
  };
}

export type TRemoteSession = ReturnType<typeof useRemoteSessionState>;
