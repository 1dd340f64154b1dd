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
 *
 * The parts: the cameras and their peers (use-host-cameras.ts), the session (use-host-session.ts),
 * its actions (use-host-actions.ts) and what the socket hears (host-socket-handlers.ts). The
 * WebRTC side (simple-peer) is loaded when a session opens: the session's state sits above every
 * route, and the app's first screen does not need it.
 */
import { SESSION_MAX_CAMERAS, type TPerspectiveView } from '@movelab/shared';
import { useEffect, useRef, useState } from 'react';
import { emitWithAck } from '@/lib/socket/socket';
import { useUserSocket } from '@/lib/socket/socket-context';
import { useAppStore } from '@/stores/app-store';
import { sessionStateOf } from '../lib/camera-state';
import { listenAsHost } from './host-socket-handlers';
import { useHostActions } from './use-host-actions';
import { useHostCameras } from './use-host-cameras';
import { useHostSession } from './use-host-session';

export type { TRemoteCamera } from './use-host-cameras';
export type { TCodeLapse } from './use-host-session';

/** The state of the user's remote camera session: use it once, in `RemoteSessionProvider`. */
export function useRemoteSessionState() {
  const { socket } = useUserSocket();
  const uid = useAppStore((state) => state.currentUser?.uid ?? null);
  const hostCameras = useHostCameras();
  const { cameras, peers, updateCamera, send, dropPeer, dropAll, setCameras } = hostCameras;
  const host = useHostSession(uid, hostCameras);
  const { session, sessionRef, isEnded, adopt } = host;
  const { open, newCode, end, closeLocally } = useHostActions(socket, uid, host, hostCameras);
  /** The view of the movement chosen for filming, told to the cameras for their placement advice. */
  const [placement, setPlacement] = useState<TPerspectiveView | null>(null);
  const placementRef = useRef<TPerspectiveView | null>(null);
  useEffect(() => {
    placementRef.current = placement;
  }, [placement]);

  useEffect(() => {
    if (!socket) return;
    return listenAsHost(socket, { peers, updateCamera, send, dropPeer, dropAll, setCameras, sessionRef, placementRef, closeLocally, adopt });
  }, [adopt, closeLocally, dropAll, dropPeer, peers, send, sessionRef, setCameras, socket, updateCamera]);

  // The cameras hear each change of the chosen view (and a camera that joins, its current one).
  const sessionId = session?.sessionId;
  useEffect(() => {
    if (socket && sessionId && !isEnded) void emitWithAck(socket, 'session:perspective', { sessionId, view: placement });
  }, [isEnded, placement, sessionId, socket]);

  return {
    session,
    cameras: cameras.slice(0, SESSION_MAX_CAMERAS),
    state:
      session || isEnded
        ? sessionStateOf(
            cameras.map((camera) => camera.state),
            isEnded,
          )
        : null,
    error: host.error,
    isOpening: host.isOpening,
    isSocketReady: socket !== null,
    codeLapse: host.codeLapse,
    open,
    newCode,
    end,
    /** Chooses the view the cameras' placement advice is for (null: none chosen). */
    setPlacement,
  };
}

export type TRemoteSession = ReturnType<typeof useRemoteSessionState>;
