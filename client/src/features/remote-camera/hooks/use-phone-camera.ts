/**
 * The phone side of a remote camera session: camera first (so a refusal shows before any
 * network), then join (or rejoin after a reload), then a simple-peer initiator streaming to the
 * host with trickle ICE over `signal:send`. A lost peer, a socket reconnect or the host coming
 * back all lead to a NEW peer over the same session.
 */
import { SIGNAL_HOST, type TSessionJoin, type TSessionJoined } from '@movelab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createCameraSocket, emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import type { TCameraError, TEndReason } from '../lib/camera-state';
import { shouldRebuildPeer } from '../lib/camera-state';
import { cameraErrorText } from '../lib/messages';
import { markRemote } from '../lib/marks';
import { createPeer, type TPeer } from '../lib/peer';
import { forgetCamera, QUALITY_SIZES, readStoredCamera, storeCamera, type TFacing, type TQuality } from '../lib/rejoin-store';
import { useCameraMachine } from './use-camera-machine';
import { useWakeLock } from './use-wake-lock';

export type TStartOptions = { join: TSessionJoin | null; facing: TFacing; quality: TQuality };

/** A peer that has not connected in this long is replaced. */
const CONNECT_TIMEOUT_MS = 15_000;

function rebuildDelay(attempts: number): number {
  return Math.min(500 * attempts, 3_000);
}

export function usePhoneCamera() {
  const { state, dispatch, current } = useCameraMachine();
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [joined, setJoined] = useState<TSessionJoined | null>(null);
  const socketRef = useRef<TClientSocket | null>(null);
  const peerRef = useRef<TPeer | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const joinedRef = useRef<TSessionJoined | null>(null);
  const timers = useRef<Set<ReturnType<typeof setTimeout>>>(new Set());
  // Peers rebuild themselves later from timers: through a ref, always the current builder.
  const rebuild = useRef<() => void>(() => undefined);
  useWakeLock(state.phase === 'live' || state.phase === 'reconnecting' || state.phase === 'connecting');

  const later = useCallback((ms: number, run: () => void) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      run();
    }, ms);
    timers.current.add(id);
  }, []);

  const teardown = useCallback(() => {
    for (const id of timers.current) clearTimeout(id);
    timers.current.clear();
    peerRef.current?.destroy();
    peerRef.current = null;
    socketRef.current?.disconnect();
    socketRef.current = null;
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
    let isConnected = false;
    const peer = createPeer({
      side: 'phone',
      isInitiator: true,
      iceServers: session.iceServers,
      stream,
      onSignal: (data) => void emitWithAck(socket, 'signal:send', { sessionId: session.sessionId, to: SIGNAL_HOST, data }),
      onConnect: () => {
        isConnected = true;
        dispatch({ type: 'peer-connected' });
      },
      onLost: () => {
        if (peerRef.current !== peer) return;
        peerRef.current = null;
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next) && socket.connected) later(rebuildDelay(next.attempts), () => rebuild.current());
      },
    });
    peerRef.current = peer;
    later(CONNECT_TIMEOUT_MS, () => {
      if (!isConnected && peerRef.current === peer) {
        peer.destroy();
        peerRef.current = null;
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next)) rebuild.current();
      }
    });
  }, [dispatch, later]);

  useEffect(() => {
    rebuild.current = buildPeer;
  }, [buildPeer]);

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
      let hasConnectedOnce = false;
      socket.on('connect', () => {
        markRemote('phone:socket-connected');
        if (!hasConnectedOnce) {
          hasConnectedOnce = true;
          return;
        }
        // A new socket is a new connection for the gateway: rejoin, then a new peer.
        const session = joinedRef.current;
        if (!session) return;
        void emitWithAck(socket, 'session:rejoin', { sessionId: session.sessionId, rejoinToken: session.rejoinToken }).then((result) => {
          if (!result.ok) return fail(result.error, { isFinal: true });
          joinedRef.current = result.data;
          buildPeer();
        });
      });
      socket.on('disconnect', () => {
        if (!joinedRef.current) return;
        peerRef.current?.destroy();
        peerRef.current = null;
        dispatch({ type: 'socket-lost' });
      });
      socket.on('signal:receive', ({ sessionId, from, data }) => {
        if (sessionId !== joinedRef.current?.sessionId || from !== SIGNAL_HOST) return;
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
    [buildPeer, dispatch, end, fail],
  );

  const start = useCallback(
    async ({ join, facing, quality }: TStartOptions) => {
      if (current.current.phase !== 'idle' && current.current.phase !== 'ended' && current.current.phase !== 'failed') return;
      markRemote('phone:start');
      dispatch({ type: 'join' });
      const size = QUALITY_SIZES[quality];
      try {
        streamRef.current = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: facing }, width: { ideal: size.width }, height: { ideal: size.height } },
        });
      } catch (error) {
        return fail(cameraErrorText(error), { isFinal: false });
      }
      markRemote('phone:camera-open');
      setPreview(streamRef.current);

      const socket = createCameraSocket();
      socketRef.current = socket;
      listen(socket);
      const stored = readStoredCamera(sessionStorage, join && 'sessionId' in join ? join.sessionId : undefined);
      let result = stored
        ? await emitWithAck(socket, 'session:rejoin', { sessionId: stored.sessionId, rejoinToken: stored.rejoinToken })
        : null;
      if ((!result || !result.ok) && join) result = await emitWithAck(socket, 'session:join', join);
      if (socketRef.current !== socket) return;
      if (!result) return fail({ code: 'remote/no-session', message: 'Scan the QR code or type the code again.' }, { isFinal: true });
      if (!result.ok) return fail(result.error, { isFinal: true });

      markRemote('phone:joined');
      joinedRef.current = result.data;
      setJoined(result.data);
      storeCamera(sessionStorage, { sessionId: result.data.sessionId, cameraId: result.data.cameraId, rejoinToken: result.data.rejoinToken, facing, quality });
      dispatch({ type: 'joined' });
      buildPeer();
    },
    [buildPeer, current, dispatch, fail, listen],
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

  useEffect(() => teardown, [teardown]);

  return { state, preview, joined, start, stop };
}
