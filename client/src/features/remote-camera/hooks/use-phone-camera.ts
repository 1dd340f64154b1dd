/**
 * The phone side of a remote camera session. The socket connects as soon as the page opens;
 * Start opens the camera and joins (or rejoins after a reload) at the same time, then a
 * simple-peer initiator streams to the host with trickle ICE over `signal:send`.
 *
 * Recovery: an interrupted connection (ICE `disconnected`, the browser back online, a network
 * change, the socket back after a drop) gets an ICE restart on the same RTCPeerConnection; only
 * when that does not reconnect in time, or the peer is gone (ICE failed, closed, the host came
 * back from a reload), is a NEW peer built over the same session. A camera track ended while the
 * page was in the background (iOS) is re-acquired with the same constraints and swapped in with
 * `replaceTrack`, without a new session or peer.
 */
import { SIGNAL_HOST, type TSessionJoin, type TSessionJoined } from '@movelab/shared/remote-session';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createCameraSocket, emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import type { TCameraError, TEndReason } from '../lib/camera-state';
import { shouldRebuildPeer } from '../lib/camera-state';
import { markRemote } from '../lib/marks';
import { cameraErrorText } from '../lib/messages';
import { createPeer, isPeerGone, type TPeer } from '../lib/peer';
import { forgetCamera, QUALITY_SIZES, readStoredCamera, storeCamera, type TFacing, type TQuality } from '../lib/rejoin-store';
import { watchSendQuality } from '../lib/send-quality';
import { useCameraMachine } from './use-camera-machine';
import { useWakeLock } from './use-wake-lock';

export type TStartOptions = { join: TSessionJoin | null; facing: TFacing; quality: TQuality };

/** A peer that has not connected in this long is replaced. */
const CONNECT_TIMEOUT_MS = 15_000;
/** An ICE restart that has not reconnected in this long gives way to a new peer. */
const RESTART_TIMEOUT_MS = 6_000;

function rebuildDelay(attempts: number): number {
  return Math.min(500 * attempts, 3_000);
}

const constraintsFor = (facing: TFacing, quality: TQuality): MediaStreamConstraints => {
  const size = QUALITY_SIZES[quality];
  return { audio: false, video: { facingMode: { ideal: facing }, width: { ideal: size.width }, height: { ideal: size.height } } };
};

type TNetworkInformation = EventTarget;

/** `socket`: a camera socket already connecting (the phone page opens one before it renders). */
export function usePhoneCamera({ socket: early }: { socket?: TClientSocket } = {}) {
  const { state, dispatch, current } = useCameraMachine();
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [joined, setJoined] = useState<TSessionJoined | null>(null);
  const socketRef = useRef<TClientSocket | null>(null);
  const earlySocket = useRef(early ?? null);
  const peerRef = useRef<TPeer | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const constraintsRef = useRef<MediaStreamConstraints | null>(null);
  const joinedRef = useRef<TSessionJoined | null>(null);
  /** Whether this socket connection has (re)joined the session: signals sent before that are refused. */
  const isJoinedOnSocket = useRef(false);
  const restartTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());
  // Peers rebuild themselves later from timers: through a ref, always the current builder.
  const rebuild = useRef<() => void>(() => undefined);
  const restart = useRef<() => void>(() => undefined);
  const listenRef = useRef<(socket: TClientSocket) => void>(() => undefined);
  useWakeLock(state.phase === 'live' || state.phase === 'reconnecting' || state.phase === 'connecting');

  const later = useCallback((ms: number, run: () => void) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      run();
    }, ms);
    timers.current.add(id);
    return id;
  }, []);

  const clearRestart = useCallback(() => {
    clearTimeout(restartTimer.current);
    timers.current.delete(restartTimer.current!);
    restartTimer.current = undefined;
  }, []);

  /** The socket, connected as early as possible (page open): joining then costs one round trip. */
  const socketOf = useCallback((): TClientSocket => {
    if (!socketRef.current) {
      const socket = earlySocket.current ?? createCameraSocket();
      earlySocket.current = null;
      socketRef.current = socket;
      listenRef.current(socket);
    }
    return socketRef.current;
  }, []);

  const teardown = useCallback(() => {
    for (const id of timers.current) clearTimeout(id);
    timers.current.clear();
    restartTimer.current = undefined;
    peerRef.current?.destroy();
    peerRef.current = null;
    socketRef.current?.disconnect();
    socketRef.current = null;
    isJoinedOnSocket.current = false;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    joinedRef.current = null;
    setPreview(null);
    setJoined(null);
  }, []);

  const buildPeer = useCallback(() => {
    const socket = socketRef.current;
    const session = joinedRef.current;
    const stream = streamRef.current;
    if (!socket || !session || !stream) return;
    peerRef.current?.destroy();
    clearRestart();
    let isConnected = false;
    let stopWatching = () => undefined as void;
    const peer = createPeer({
      side: 'phone',
      isInitiator: true,
      iceServers: session.iceServers,
      iceTransportPolicy: session.iceTransportPolicy,
      stream,
      onSignal: (data) => {
        // Refused by the gateway until this connection has rejoined; a restart follows the rejoin.
        if (isJoinedOnSocket.current) void emitWithAck(socket, 'signal:send', { sessionId: session.sessionId, to: SIGNAL_HOST, data });
      },
      onConnect: () => {
        isConnected = true;
        clearRestart();
        dispatch({ type: 'peer-connected' });
      },
      onInterrupted: () => {
        dispatch({ type: 'peer-interrupted' });
        restart.current();
      },
      onLost: () => {
        stopWatching();
        if (peerRef.current !== peer) return;
        peerRef.current = null;
        clearRestart();
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next) && socket.connected) later(rebuildDelay(next.attempts), () => rebuild.current());
      },
    });
    peerRef.current = peer;
    stopWatching = watchSendQuality(peer);
    later(CONNECT_TIMEOUT_MS, () => {
      if (!isConnected && peerRef.current === peer) {
        peer.destroy();
        peerRef.current = null;
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next)) rebuild.current();
      }
    });
  }, [clearRestart, dispatch, later]);

  /** New ICE credentials on the same connection; a new peer if that does not reconnect in time. */
  const restartIce = useCallback(() => {
    const peer = peerRef.current;
    if (!peer) return;
    // Without the signalling the offer cannot go out: the rejoin on reconnect calls this again.
    if (!isJoinedOnSocket.current) return;
    if (restartTimer.current === undefined) {
      restartTimer.current = later(RESTART_TIMEOUT_MS, () => {
        restartTimer.current = undefined;
        if (peerRef.current !== peer || peer.isConnected()) return;
        peer.destroy();
        peerRef.current = null;
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next)) rebuild.current();
      });
    }
    void peer.restartIce().then((isSent) => {
      if (!isSent && peerRef.current === peer) rebuild.current();
    });
  }, [dispatch, later]);

  useEffect(() => {
    rebuild.current = buildPeer;
    restart.current = restartIce;
  }, [buildPeer, restartIce]);

  const end = useCallback(
    (reason: TEndReason) => {
      forgetCamera(sessionStorage);
      teardown();
      dispatch({ type: 'ended', reason });
    },
    [dispatch, teardown],
  );

  const fail = useCallback(
    (error: TCameraError, { isFinal }: { isFinal: boolean }) => {
      if (isFinal) forgetCamera(sessionStorage);
      teardown();
      dispatch({ type: 'failed', error });
    },
    [dispatch, teardown],
  );

  const listen = useCallback(
    (socket: TClientSocket) => {
      // A socket given already connected has had its first connection.
      let hasConnectedOnce = socket.connected;
      if (socket.connected) markRemote('phone:socket-connected');
      socket.on('connect', () => {
        markRemote('phone:socket-connected');
        if (!hasConnectedOnce) {
          hasConnectedOnce = true;
          return;
        }
        // A new socket is a new connection for the gateway: rejoin, then restart ICE on the
        // peer we still have (a new peer when there is none).
        const session = joinedRef.current;
        if (!session) return;
        void emitWithAck(socket, 'session:rejoin', { sessionId: session.sessionId, rejoinToken: session.rejoinToken }).then((result) => {
          if (!result.ok) return fail(result.error, { isFinal: true });
          joinedRef.current = result.data;
          isJoinedOnSocket.current = true;
          if (!peerRef.current) return buildPeer();
          if (!peerRef.current.isConnected()) restartIce();
        });
      });
      socket.on('disconnect', () => {
        isJoinedOnSocket.current = false;
        // The peer is kept: the media path may well have survived the signalling.
      });
      socket.on('signal:receive', ({ sessionId, from, data }) => {
        if (sessionId !== joinedRef.current?.sessionId || from !== SIGNAL_HOST) return;
        if (isPeerGone(data)) return buildPeer();
        peerRef.current?.signal(data);
      });
      socket.on('session:host-returned', ({ sessionId }) => {
        if (sessionId !== joinedRef.current?.sessionId) return;
        buildPeer();
      });
      socket.on('session:ended', ({ sessionId, reason }) => {
        if (sessionId === joinedRef.current?.sessionId) end(reason);
      });
    },
    [buildPeer, end, fail, restartIce],
  );

  useEffect(() => {
    listenRef.current = listen;
  }, [listen]);

  /** Connects the socket before Start, so joining costs one round trip. */
  const prepare = useCallback(() => void socketOf(), [socketOf]);

  const start = useCallback(
    async ({ join, facing, quality }: TStartOptions) => {
      if (current.current.phase !== 'idle' && current.current.phase !== 'ended' && current.current.phase !== 'failed') return;
      markRemote('phone:start');
      dispatch({ type: 'join' });
      const socket = socketOf();
      const constraints = constraintsFor(facing, quality);
      constraintsRef.current = constraints;
      // The camera and the join run together; a refused camera leaves the session it joined.
      const camera = navigator.mediaDevices.getUserMedia(constraints).then(
        (stream) => {
          markRemote('phone:camera-open');
          return stream;
        },
        (error: unknown) => cameraErrorText(error),
      );
      const stored = readStoredCamera(sessionStorage, join && 'sessionId' in join ? join.sessionId : undefined);
      const joining = (async () => {
        let result = stored
          ? await emitWithAck(socket, 'session:rejoin', { sessionId: stored.sessionId, rejoinToken: stored.rejoinToken })
          : null;
        if ((!result || !result.ok) && join) result = await emitWithAck(socket, 'session:join', join);
        return result;
      })();
      const [stream, result] = await Promise.all([camera, joining]);
      if (socketRef.current !== socket) {
        if (stream instanceof MediaStream) stream.getTracks().forEach((track) => track.stop());
        return;
      }
      if (!(stream instanceof MediaStream)) {
        if (result?.ok) void emitWithAck(socket, 'session:leave', { sessionId: result.data.sessionId }, 2_000);
        return fail(stream, { isFinal: false });
      }
      streamRef.current = stream;
      setPreview(stream);
      if (!result) return fail({ code: 'remote/no-session', message: 'Scan the QR code or type the code again.' }, { isFinal: true });
      if (!result.ok) return fail(result.error, { isFinal: true });

      markRemote('phone:joined');
      joinedRef.current = result.data;
      isJoinedOnSocket.current = true;
      setJoined(result.data);
      storeCamera(sessionStorage, { sessionId: result.data.sessionId, cameraId: result.data.cameraId, rejoinToken: result.data.rejoinToken, facing, quality });
      dispatch({ type: 'joined' });
      buildPeer();
    },
    [buildPeer, current, dispatch, fail, socketOf],
  );

  const stop = useCallback(() => {
    const socket = socketRef.current;
    const session = joinedRef.current;
    if (socket && session) void emitWithAck(socket, 'session:leave', { sessionId: session.sessionId }, 2_000);
    // Let the leave go out before the socket closes.
    const closing = socket;
    socketRef.current = null;
    end('stopped');
    if (closing) setTimeout(() => closing.disconnect(), 300);
  }, [end]);

  // A network change: the current path may be gone, so restart ICE at once instead of waiting
  // for the connection checks to notice. Offline, the signalling is dropped (a dead WebSocket
  // would otherwise swallow the restart offer until its ping timeout) and reconnected as soon
  // as the browser is back online, without the socket's reconnection backoff.
  useEffect(() => {
    const onNetworkChange = () => {
      if (peerRef.current) restart.current();
    };
    const onOffline = () => {
      if (joinedRef.current) socketRef.current?.disconnect();
    };
    const onOnline = () => {
      const socket = socketRef.current;
      if (joinedRef.current && socket && !socket.connected) socket.connect();
      onNetworkChange();
    };
    const connection = (navigator as Navigator & { connection?: TNetworkInformation }).connection;
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    connection?.addEventListener('change', onNetworkChange);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      connection?.removeEventListener('change', onNetworkChange);
    };
  }, []);

  // Back from the background with an ended camera track (iOS ends it): the same camera again,
  // swapped into the running connection.
  useEffect(() => {
    const onVisible = async () => {
      const stream = streamRef.current;
      const constraints = constraintsRef.current;
      const ended = stream?.getVideoTracks().find((track) => track.readyState === 'ended');
      if (document.visibilityState !== 'visible' || !stream || !constraints || !ended) return;
      const fresh = await navigator.mediaDevices.getUserMedia(constraints).catch(() => null);
      const track = fresh?.getVideoTracks()[0];
      if (!track || streamRef.current !== stream) return track?.stop();
      stream.removeTrack(ended);
      stream.addTrack(track);
      const sender = peerRef.current?.connection()?.getSenders().find((candidate) => candidate.track === ended || candidate.track?.kind === 'video');
      await sender?.replaceTrack(track);
      // A new MediaStream object makes the preview <video> pick up the new track.
      setPreview(new MediaStream(stream.getTracks()));
    };
    const onVisibility = () => void onVisible();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => teardown, [teardown]);

  return { state, preview, joined, start, stop, prepare };
}
