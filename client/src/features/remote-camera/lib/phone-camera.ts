/**
 * The phone side of a remote camera session, without a UI framework: the React hook
 * (hooks/use-phone-camera.ts) and the phone page's own DOM view (client/src/phone-main.ts) both
 * drive this one controller. The socket connects as soon as the page opens. Opened from a join
 * link (or after a reload), the page also shows the camera's preview, joins the session and
 * connects its peer before Start (`prepare` with the link): a simple-peer initiator whose offer
 * carries an outgoing video without a track, trickle ICE over `signal:send`. Start then only puts
 * the camera's track into that connection, and the desktop has its first frame a moment later.
 * Nothing leaves the phone before Start. Without a link (a typed code), Start opens the camera
 * and joins at the same time, then connects.
 *
 * Recovery: an interrupted connection (ICE `disconnected`, the browser back online, a network
 * change, the socket back after a drop) gets an ICE restart on the same RTCPeerConnection; only
 * when that does not reconnect in time, or the peer is gone (ICE failed, closed, the host came
 * back from a reload), is a NEW peer built over the same session. A camera track ended while the
 * page was in the background (iOS) is re-acquired with the same constraints and swapped in with
 * `replaceTrack`, without a new session or peer.
 */
import { SIGNAL_HOST, type TPerspectiveView, type TSessionJoin, type TSessionJoined } from '@movelab/shared/remote-session';
import { createCameraSocket, emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import { cameraKey, constraintsFor } from './camera-constraints';
import {
  cameraReducer,
  initialCameraState,
  shouldRebuildPeer,
  type TCameraError,
  type TCameraEvent,
  type TCameraState,
  type TEndReason,
} from './camera-state';
import { markRemote } from './marks';
import { cameraErrorText, isLinkRefused } from './messages';
import type * as PeerModule from './peer';
import type { TPeer } from './peer';
import { forgetCamera, readStoredCamera, storeCamera, type TFacing, type TQuality } from './rejoin-store';
import { watchSendQuality } from './send-quality';
import { keepScreenOn } from './wake-lock';

export type TStartOptions = { join: TSessionJoin | null; facing: TFacing; quality: TQuality };
/** What the page was opened with: the link (null after a reload, when the stored place rejoins) and the chosen camera. */
export type TPrepareOptions = TStartOptions;

/** What a view shows; a new object on every change. */
export type TPhoneCameraView = {
  state: TCameraState;
  preview: MediaStream | null;
  joined: TSessionJoined | null;
  /** The view of the movement the desktop will film (`session:perspective`), for the placement advice; null until it chooses one. */
  placement: TPerspectiveView | null;
};

export type TPhoneCamera = {
  getView: () => TPhoneCameraView;
  /** `listener` runs after every change of the view; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /**
   * Connects the socket before Start. With `early` (a join link, or a place stored for this tab),
   * also shows the camera's preview, joins and connects the peer, so Start only sends the camera;
   * without it, warms WebRTC up so the peer built after Start starts warm.
   */
  prepare: (early?: TPrepareOptions) => void;
  /** Before Start: the preview with another camera or quality (ignored once started). */
  preview: (options: Pick<TStartOptions, 'facing' | 'quality'>) => void;
  start: (options: TStartOptions) => Promise<void>;
  stop: () => void;
  /** Follows the network and the page's visibility; the returned function stops and tears everything down. */
  attach: () => () => void;
};

const PEER_UNAVAILABLE: TCameraError = { code: 'remote/peer-unavailable', message: 'Part of this page did not load. Check your connection and try again.' };

/** A peer that has not connected in this long is replaced. */
const CONNECT_TIMEOUT_MS = 15_000;
/** An ICE restart that has not reconnected in this long gives way to a new peer. */
const RESTART_TIMEOUT_MS = 6_000;

function rebuildDelay(attempts: number): number {
  return Math.min(500 * attempts, 3_000);
}

const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());
const isLive = (stream: MediaStream) => stream.getVideoTracks().some((track) => track.readyState === 'live');

type TCameraOpened = MediaStream | TCameraError;
type TJoinResult = Awaited<ReturnType<typeof emitWithAck<'session:join'>>>;

/** Joins with the place this tab has stored (a reload), else with the link or code. */
async function joinSession(socket: TClientSocket, join: TSessionJoin | null): Promise<TJoinResult | null> {
  const stored = readStoredCamera(sessionStorage, join && 'sessionId' in join ? join.sessionId : undefined);
  let result: TJoinResult | null = stored ? await emitWithAck(socket, 'session:rejoin', { sessionId: stored.sessionId, rejoinToken: stored.rejoinToken }) : null;
  if ((!result || !result.ok) && join) result = await emitWithAck(socket, 'session:join', join);
  return result;
}

const keepsScreenOn = (state: TCameraState) => state.phase === 'live' || state.phase === 'reconnecting' || state.phase === 'connecting';

type TNetworkInformation = EventTarget;

type TPeerModule = typeof PeerModule;
let peerModule: TPeerModule | null = null;
let peerLoading: Promise<TPeerModule> | null = null;

/**
 * The WebRTC side (simple-peer, about 100 KiB) is loaded once the page has loaded and shows Start,
 * not before: the page renders without parsing it, and it is there long before the camera and the
 * join are.
 */
function loadPeerModule(): Promise<TPeerModule> {
  peerLoading ??= import('./peer').then(
    (loaded) => (peerModule = loaded),
    (error: unknown) => {
      peerLoading = null;
      throw error;
    },
  );
  return peerLoading;
}

/** Whether the WebRTC side could be loaded (a failed load is retried on the next call). */
const hasPeerModule = () =>
  loadPeerModule().then(
    () => true,
    () => false,
  );

/** `socket`: a camera socket already connecting (the phone page opens one before it renders). */
export function createPhoneCamera({ socket: early }: { socket?: TClientSocket } = {}): TPhoneCamera {
  let view: TPhoneCameraView = { state: initialCameraState, preview: null, joined: null, placement: null };
  const listeners = new Set<() => void>();
  let earlySocket = early ?? null;
  let socketRef: TClientSocket | null = null;
  let peerRef: TPeer | null = null;
  let streamRef: MediaStream | null = null;
  let constraintsRef: MediaStreamConstraints | null = null;
  /** The camera being opened or open, by its constraints: the preview's camera is the one Start sends. */
  let cameraRef: { key: string; opened: Promise<TCameraOpened> } | null = null;
  /** Whether the camera's track goes out (after Start): never before. */
  let isSending = false;
  let joinedRef: TSessionJoined | null = null;
  /** The join made before Start (a join link), which Start then waits for instead of joining again. */
  let earlyJoin: Promise<TJoinResult | null> | null = null;
  /** Whether this socket connection has (re)joined the session: signals sent before that are refused. */
  let isJoinedOnSocket = false;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let releaseScreen: (() => void) | null = null;

  const update = (patch: Partial<TPhoneCameraView>) => {
    view = { ...view, ...patch };
    if (keepsScreenOn(view.state) && !releaseScreen) releaseScreen = keepScreenOn();
    if (!keepsScreenOn(view.state) && releaseScreen) {
      releaseScreen();
      releaseScreen = null;
    }
    for (const listener of listeners) listener();
  };

  const dispatch = (event: TCameraEvent): TCameraState => {
    const next = cameraReducer(view.state, event);
    if (next !== view.state) update({ state: next });
    return next;
  };

  const later = (ms: number, run: () => void) => {
    const id = setTimeout(() => {
      timers.delete(id);
      run();
    }, ms);
    timers.add(id);
    return id;
  };

  const clearRestart = () => {
    clearTimeout(restartTimer);
    if (restartTimer !== undefined) timers.delete(restartTimer);
    restartTimer = undefined;
  };

  /** The socket, connected as early as possible (page open): joining then costs one round trip. */
  const socketOf = (): TClientSocket => {
    if (!socketRef) {
      const socket = earlySocket ?? createCameraSocket();
      earlySocket = null;
      socketRef = socket;
      listen(socket);
    }
    return socketRef;
  };

  /** The camera with `constraints`: the one already opening or open (the preview's) when it matches and is still live. */
  const openCamera = async (constraints: MediaStreamConstraints): Promise<TCameraOpened> => {
    const key = cameraKey(constraints);
    if (cameraRef?.key === key) {
      const opened = await cameraRef.opened;
      if (opened instanceof MediaStream && isLive(opened)) return opened;
    }
    releaseCamera();
    const opened = navigator.mediaDevices.getUserMedia(constraints).then(
      (stream) => {
        markRemote('phone:camera-open');
        return stream;
      },
      (error: unknown) => cameraErrorText(error),
    );
    cameraRef = { key, opened };
    return opened;
  };

  const releaseCamera = () => {
    const previous = cameraRef;
    cameraRef = null;
    void previous?.opened.then((opened) => opened instanceof MediaStream && stopTracks(opened));
  };

  const teardown = () => {
    for (const id of timers) clearTimeout(id);
    timers.clear();
    restartTimer = undefined;
    peerRef?.destroy();
    peerRef = null;
    socketRef?.disconnect();
    socketRef = null;
    isJoinedOnSocket = false;
    earlyJoin = null;
    isSending = false;
    stopTracks(streamRef);
    releaseCamera();
    streamRef = null;
    joinedRef = null;
    if (view.preview || view.joined) update({ preview: null, joined: null });
  };

  const buildPeer = () => {
    const socket = socketRef;
    const session = joinedRef;
    if (!socket || !session || !peerModule) return;
    const { createPeer } = peerModule;
    peerRef?.destroy();
    clearRestart();
    let isConnected = false;
    let stopWatching = () => undefined as void;
    const peer = createPeer({
      side: 'phone',
      isInitiator: true,
      iceServers: session.iceServers,
      iceTransportPolicy: session.iceTransportPolicy,
      sendsVideo: true,
      track: isSending ? (streamRef?.getVideoTracks()[0] ?? null) : null,
      onSignal: (data) => {
        // Refused by the gateway until this connection has rejoined; a restart follows the rejoin.
        if (isJoinedOnSocket) void emitWithAck(socket, 'signal:send', { sessionId: session.sessionId, to: SIGNAL_HOST, data });
      },
      onConnect: () => {
        isConnected = true;
        clearRestart();
        // Before Start the connection is only ready: live once the camera goes out.
        if (isSending) dispatch({ type: 'peer-connected' });
      },
      onInterrupted: () => {
        dispatch({ type: 'peer-interrupted' });
        restartIce();
      },
      onLost: () => {
        stopWatching();
        if (peerRef !== peer) return;
        peerRef = null;
        clearRestart();
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next) && socket.connected) later(rebuildDelay(next.attempts), buildPeer);
      },
    });
    peerRef = peer;
    stopWatching = watchSendQuality(peer);
    later(CONNECT_TIMEOUT_MS, () => {
      if (!isConnected && peerRef === peer) {
        peer.destroy();
        peerRef = null;
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next)) buildPeer();
      }
    });
  };

  /** New ICE credentials on the same connection; a new peer if that does not reconnect in time. */
  const restartIce = () => {
    const peer = peerRef;
    if (!peer) return;
    // Without the signalling the offer cannot go out: the rejoin on reconnect calls this again.
    if (!isJoinedOnSocket) return;
    if (restartTimer === undefined) {
      restartTimer = later(RESTART_TIMEOUT_MS, () => {
        restartTimer = undefined;
        if (peerRef !== peer || peer.isConnected()) return;
        peer.destroy();
        peerRef = null;
        const next = dispatch({ type: 'peer-lost' });
        if (shouldRebuildPeer(next)) buildPeer();
      });
    }
    void peer.restartIce().then((isSent) => {
      if (!isSent && peerRef === peer) buildPeer();
    });
  };

  const end = (reason: TEndReason) => {
    forgetCamera(sessionStorage);
    teardown();
    dispatch({ type: 'ended', reason });
  };

  const fail = (error: TCameraError, { isFinal }: { isFinal: boolean }) => {
    if (isFinal) forgetCamera(sessionStorage);
    teardown();
    dispatch({ type: 'failed', error });
  };

  function listen(socket: TClientSocket) {
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
      const session = joinedRef;
      if (!session) return;
      void emitWithAck(socket, 'session:rejoin', { sessionId: session.sessionId, rejoinToken: session.rejoinToken }).then((result) => {
        if (!result.ok) return fail(result.error, { isFinal: true });
        joinedRef = result.data;
        isJoinedOnSocket = true;
        if (!peerRef) return buildPeer();
        if (!peerRef.isConnected()) restartIce();
      });
    });
    socket.on('disconnect', () => {
      isJoinedOnSocket = false;
      // The peer is kept: the media path may well have survived the signalling. A restart under
      // way is not timed while its answer cannot arrive: the rejoin restarts ICE afresh.
      clearRestart();
    });
    socket.on('signal:receive', ({ sessionId, from, data }) => {
      if (sessionId !== joinedRef?.sessionId || from !== SIGNAL_HOST) return;
      if (peerModule?.isPeerGone(data)) return buildPeer();
      peerRef?.signal(data);
    });
    socket.on('session:host-returned', ({ sessionId }) => {
      if (sessionId !== joinedRef?.sessionId) return;
      buildPeer();
    });
    socket.on('session:ended', ({ sessionId, reason }) => {
      if (sessionId === joinedRef?.sessionId) end(reason);
    });
    // Only a camera of the session hears it; it may come before the join's answer has.
    socket.on('session:perspective', ({ sessionId, view: placement }) => {
      if (!joinedRef || sessionId === joinedRef.sessionId) update({ placement });
    });
  }

  /** This connection is in the session: remembered for a reload (which streams again by itself only once Start was tapped). */
  const accept = (joined: TSessionJoined, { facing, quality }: Pick<TStartOptions, 'facing' | 'quality'>) => {
    if (!joinedRef) markRemote('phone:joined');
    joinedRef = joined;
    isJoinedOnSocket = true;
    if (view.joined !== joined) update({ joined });
    storeCamera(sessionStorage, { sessionId: joined.sessionId, cameraId: joined.cameraId, rejoinToken: joined.rejoinToken, facing, quality, isStreaming: isSending });
  };

  /** Before Start: join and connect the peer without sending anything, so Start only sends the camera. */
  const joinEarly = (options: TPrepareOptions) => {
    const socket = socketOf();
    const attempt = joinSession(socket, options.join);
    earlyJoin = attempt;
    // WebRTC's code loads while the session is joined: the peer is built the moment both are there.
    const peerLoaded = hasPeerModule();
    void attempt.then(async (result) => {
      // A link the gateway refuses (wrong, used, expired, its session gone) is said at once, not
      // after Start; another failed early join says nothing yet: Start joins again and shows it then.
      // Start tapped before the join came back ('joining', waiting for the camera) takes this join
      // as its own: the peer connects while the camera is still opening, not after it.
      const phase = view.state.phase;
      if (earlyJoin !== attempt || socketRef !== socket) return;
      if (result && !result.ok && phase === 'idle' && isLinkRefused(result.error)) return fail(result.error, { isFinal: true });
      if (!result?.ok || (phase !== 'idle' && phase !== 'joining')) return;
      accept(result.data, options);
      const hasPeer = await peerLoaded;
      if (hasPeer && socketRef === socket && !peerRef) buildPeer();
    });
  };

  /** The opened camera becomes the page's: shown, re-acquired with `constraints` after a background, sent after Start. */
  const takeCamera = (stream: MediaStream, constraints: MediaStreamConstraints) => {
    streamRef = stream;
    constraintsRef = constraints;
    if (view.preview !== stream) update({ preview: stream });
  };

  const showPreview = ({ facing, quality }: Pick<TStartOptions, 'facing' | 'quality'>) => {
    if (view.state.phase !== 'idle') return;
    const constraints = constraintsFor(facing, quality);
    void openCamera(constraints).then((opened) => {
      // A preview refused here stays quiet: Start asks for the camera again and says why it failed.
      if (!(opened instanceof MediaStream) || view.state.phase !== 'idle' || cameraRef?.key !== cameraKey(constraints)) return;
      takeCamera(opened, constraints);
    });
  };

  const start = async ({ join, facing, quality }: TStartOptions) => {
    const phase = view.state.phase;
    if (phase !== 'idle' && phase !== 'ended' && phase !== 'failed') return;
    markRemote('phone:start');
    dispatch({ type: 'join' });
    const socket = socketOf();
    const constraints = constraintsFor(facing, quality);
    // The camera (the preview's when it is the same) and the join (the early one when there was
    // one) run together; a refused camera leaves the session it joined.
    const camera = openCamera(constraints);
    const pending = earlyJoin;
    const joining = (async () => {
      const early = joinedRef && socketRef === socket ? ({ ok: true, data: joinedRef } as const) : pending ? await pending : null;
      return early?.ok ? early : joinSession(socket, join);
    })();
    const peerLoaded = hasPeerModule();
    const [stream, result, hasPeer] = await Promise.all([camera, joining, peerLoaded]);
    if (socketRef !== socket) {
      if (stream instanceof MediaStream) stopTracks(stream);
      return;
    }
    if (!(stream instanceof MediaStream) || !hasPeer) {
      if (result?.ok) void emitWithAck(socket, 'session:leave', { sessionId: result.data.sessionId }, 2_000);
      releaseCamera();
      return fail(stream instanceof MediaStream ? PEER_UNAVAILABLE : stream, { isFinal: false });
    }
    takeCamera(stream, constraints);
    if (!result) return fail({ code: 'remote/no-session', message: 'Scan the QR code or type the code again.' }, { isFinal: true });
    if (!result.ok) return fail(result.error, { isFinal: true });

    isSending = true;
    accept(result.data, { facing, quality });
    dispatch({ type: 'joined' });
    const peer = peerRef;
    if (!peer) return buildPeer();
    // The connection made before Start: the camera goes into it, and it is live if it is up.
    void peer.setTrack(stream.getVideoTracks()[0] ?? null);
    if (peer.isConnected()) dispatch({ type: 'peer-connected' });
  };

  const stop = () => {
    const socket = socketRef;
    const session = joinedRef;
    if (socket && session) void emitWithAck(socket, 'session:leave', { sessionId: session.sessionId }, 2_000);
    // Let the leave go out before the socket closes.
    const closing = socket;
    socketRef = null;
    end('stopped');
    if (closing) setTimeout(() => closing.disconnect(), 300);
  };

  // A network change: the current path may be gone, so restart ICE at once instead of waiting
  // for the connection checks to notice. Offline, the signalling is dropped (a dead WebSocket
  // would otherwise swallow the restart offer until its ping timeout) and reconnected as soon
  // as the browser is back online, without the socket's reconnection backoff.
  const onNetworkChange = () => {
    if (peerRef) restartIce();
  };
  const onOffline = () => {
    if (joinedRef) socketRef?.disconnect();
  };
  const onOnline = () => {
    const socket = socketRef;
    if (joinedRef && socket && !socket.connected) socket.connect();
    onNetworkChange();
  };

  // Back from the background with an ended camera track (iOS ends it): the same camera again,
  // swapped into the running connection.
  const onVisible = async () => {
    const stream = streamRef;
    const constraints = constraintsRef;
    const ended = stream?.getVideoTracks().find((track) => track.readyState === 'ended');
    if (document.visibilityState !== 'visible' || !stream || !constraints || !ended) return;
    const fresh = await navigator.mediaDevices.getUserMedia(constraints).catch(() => null);
    const track = fresh?.getVideoTracks()[0];
    if (!track || streamRef !== stream) return track?.stop();
    stream.removeTrack(ended);
    stream.addTrack(track);
    if (isSending) await peerRef?.setTrack(track);
    // A new MediaStream object makes the preview <video> pick up the new track.
    update({ preview: new MediaStream(stream.getTracks()) });
  };
  const onVisibility = () => void onVisible();

  const attach = () => {
    const connection = (navigator as Navigator & { connection?: TNetworkInformation }).connection;
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    connection?.addEventListener('change', onNetworkChange);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      connection?.removeEventListener('change', onNetworkChange);
      document.removeEventListener('visibilitychange', onVisibility);
      teardown();
      releaseScreen?.();
      releaseScreen = null;
    };
  };

  return {
    getView: () => view,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    prepare: (early) => {
      socketOf();
      if (early) {
        showPreview(early);
        joinEarly(early);
      }
      // Once the page has loaded (Start is on screen by then): the page is done loading sooner,
      // and a tap before that simply waits for it beside the camera and the join. Without an
      // early join, a throwaway connection warms WebRTC up for the peer built after Start.
      const warmUp = () => later(0, () => void loadPeerModule().then(({ warmUpWebRtc }) => !earlyJoin && warmUpWebRtc(), () => undefined));
      if (document.readyState === 'complete') warmUp();
      else window.addEventListener('load', warmUp, { once: true });
    },
    preview: showPreview,
    start,
    stop,
    attach,
  };
}
