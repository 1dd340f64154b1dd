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
import { createCameraSocket, emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import { markRemote } from './marks';
import { loadPeerModule } from './peer-loader';
import type { TPhoneContext } from './phone-context';
import { createPhoneMedia, type TCameraChoice } from './phone-media';
import { outOfSession, type TPhoneRefs, type TStartOptions } from './phone-refs';
import { followNetworkAndVisibility } from './phone-recovery';
import { listenToSession } from './phone-signalling';
import { joinEarly, startStreaming } from './phone-start';
import { createPhoneStore, type TPhoneCameraView } from './phone-store';
import { forgetCamera, storeCamera } from './rejoin-store';
import { createTimers } from './timers';

export type { TPhoneCameraView } from './phone-store';
export type { TStartOptions } from './phone-refs';
/** What the page was opened with: the link (null after a reload, when the stored place rejoins) and the chosen camera. */
export type TPrepareOptions = TStartOptions;

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
  preview: (options: TCameraChoice) => void;
  start: (options: TStartOptions) => Promise<void>;
  stop: () => void;
  /** Follows the network and the page's visibility; the returned function stops and tears everything down. */
  attach: () => () => void;
};

/** The controller's parts, and the steps they share: joining, ending, failing and tearing down. */
function createContext(early: TClientSocket | null): TPhoneContext & { teardown: () => void } {
  const refs: TPhoneRefs = { earlySocket: early, ...outOfSession() };
  const store = createPhoneStore();
  const timers = createTimers();
  const media = createPhoneMedia(store);
  const teardown = () => {
    timers.clear();
    refs.peer?.destroy();
    refs.socket?.disconnect();
    media.reset();
    Object.assign(refs, outOfSession());
    const { preview, joined } = store.getView();
    if (preview || joined) store.update({ preview: null, joined: null });
  };
  const context: TPhoneContext & { teardown: () => void } = {
    refs,
    store,
    timers,
    media,
    teardown,
    socketOf: () => {
      if (!refs.socket) {
        const socket = refs.earlySocket ?? createCameraSocket();
        refs.earlySocket = null;
        refs.socket = socket;
        listenToSession(context, socket);
      }
      return refs.socket;
    },
    accept: (joined, { facing, quality }) => {
      if (!refs.joined) markRemote('phone:joined');
      refs.joined = joined;
      refs.isJoinedOnSocket = true;
      if (store.getView().joined !== joined) store.update({ joined });
      storeCamera(sessionStorage, {
        sessionId: joined.sessionId,
        cameraId: joined.cameraId,
        rejoinToken: joined.rejoinToken,
        facing,
        quality,
        isStreaming: refs.isSending,
      });
    },
    end: (reason) => {
      forgetCamera(sessionStorage);
      teardown();
      store.dispatch({ type: 'ended', reason });
    },
    fail: (error, { isFinal }) => {
      if (isFinal) forgetCamera(sessionStorage);
      teardown();
      store.dispatch({ type: 'failed', error });
    },
  };
  return context;
}

/** `socket`: a camera socket already connecting (the phone page opens one before it renders). */
export function createPhoneCamera({ socket }: { socket?: TClientSocket } = {}): TPhoneCamera {
  const context = createContext(socket ?? null);
  const { refs, store, media, timers } = context;
  return {
    getView: store.getView,
    subscribe: store.subscribe,
    prepare: (early) => {
      context.socketOf();
      if (early) {
        media.showPreview(early);
        joinEarly(context, early);
      }
      // Once the page has loaded (Start is on screen by then): the page is done loading sooner,
      // and a tap before that simply waits for it beside the camera and the join. Without an
      // early join, a throwaway connection warms WebRTC up for the peer built after Start.
      const warmUp = () =>
        timers.later(
          0,
          () =>
            void loadPeerModule().then(
              ({ warmUpWebRtc }) => !refs.earlyJoin && warmUpWebRtc(),
              () => undefined,
            ),
        );
      if (document.readyState === 'complete') warmUp();
      else window.addEventListener('load', warmUp, { once: true });
    },
    preview: media.showPreview,
    start: (options) => startStreaming(context, options),
    stop: () => {
      const socket = refs.socket;
      const session = refs.joined;
      if (socket && session) void emitWithAck(socket, 'session:leave', { sessionId: session.sessionId }, 2_000);
      // Let the leave go out before the socket closes.
      refs.socket = null;
      context.end('stopped');
      if (socket) setTimeout(() => socket.disconnect(), 300);
    },
    attach: () => {
      const stopFollowing = followNetworkAndVisibility(context);
      return () => {
        stopFollowing();
        context.teardown();
        store.releaseScreen();
      };
    },
  };
}
