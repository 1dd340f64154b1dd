/**
 * The phone's peer: a simple-peer initiator over the joined session, with trickle ICE over
 * `signal:send`. An interruption gets an ICE restart on the same connection; a peer that does not
 * connect, or whose restart does not reconnect, in time is replaced by a new one.
 */
import { SIGNAL_HOST } from '@movelab/shared/remote-session';
import { emitWithAck } from '@/lib/socket/socket';
import { shouldRebuildPeer } from './camera-state';
import type { TPeer } from './peer';
import { loadedPeerModule } from './peer-loader';
import type { TPhoneMedia } from './phone-media';
import type { TPhoneRefs } from './phone-refs';
import type { TPhoneStore } from './phone-store';
import { watchSendQuality } from './send-quality';
import type { TTimer, TTimers } from './timers';

export type TPeerLink = {
  /** A new peer over the joined session, in place of the current one. */
  build: () => void;
  /** New ICE credentials on the same connection; a new peer if that does not reconnect in time. */
  restartIce: () => void;
  /** Stops timing the restart under way (its answer cannot arrive while the signalling is down). */
  clearRestart: () => void;
  /** Closes the peer; the timers are cleared by the owner. */
  reset: () => void;
};

/** A peer that has not connected in this long is replaced. */
const CONNECT_TIMEOUT_MS = 15_000;
/** An ICE restart that has not reconnected in this long gives way to a new peer. */
const RESTART_TIMEOUT_MS = 6_000;

const rebuildDelay = (attempts: number) => Math.min(500 * attempts, 3_000);

type TLinkDeps = { refs: TPhoneRefs; store: TPhoneStore; timers: TTimers; media: TPhoneMedia };
type TLink = TLinkDeps & { restartTimer: TTimer | undefined };

function clearRestart(link: TLink) {
  link.timers.cancel(link.restartTimer);
  link.restartTimer = undefined;
}

/** `peer` did not (re)connect in time: a new one, unless the recovery gave up. */
function giveUp(link: TLink, peer: TPeer) {
  peer.destroy();
  link.refs.peer = null;
  const next = link.store.dispatch({ type: 'peer-lost' });
  if (shouldRebuildPeer(next)) build(link);
}

function restartIce(link: TLink) {
  const peer = link.refs.peer;
  if (!peer) return;
  // Without the signalling the offer cannot go out: the rejoin on reconnect calls this again.
  if (!link.refs.isJoinedOnSocket) return;
  link.restartTimer ??= link.timers.later(RESTART_TIMEOUT_MS, () => {
    link.restartTimer = undefined;
    if (link.refs.peer === peer && !peer.isConnected()) giveUp(link, peer);
  });
  void peer.restartIce().then((isSent) => {
    if (!isSent && link.refs.peer === peer) build(link);
  });
}

function build(link: TLink) {
  const { refs, store, timers, media } = link;
  const { socket, joined: session } = refs;
  const peerModule = loadedPeerModule();
  if (!socket || !session || !peerModule) return;
  refs.peer?.destroy();
  clearRestart(link);
  let isConnected = false;
  let stopWatching = () => undefined as void;
  const peer = peerModule.createPeer({
    side: 'phone',
    isInitiator: true,
    iceServers: session.iceServers,
    iceTransportPolicy: session.iceTransportPolicy,
    sendsVideo: true,
    track: refs.isSending ? media.videoTrack() : null,
    onSignal: (data) => {
      // Refused by the gateway until this connection has rejoined; a restart follows the rejoin.
      if (refs.isJoinedOnSocket) void emitWithAck(socket, 'signal:send', { sessionId: session.sessionId, to: SIGNAL_HOST, data });
    },
    onConnect: () => {
      isConnected = true;
      clearRestart(link);
      // Before Start the connection is only ready: live once the camera goes out.
      if (refs.isSending) store.dispatch({ type: 'peer-connected' });
    },
    onInterrupted: () => {
      store.dispatch({ type: 'peer-interrupted' });
      restartIce(link);
    },
    onLost: () => {
      stopWatching();
      if (refs.peer !== peer) return;
      refs.peer = null;
      clearRestart(link);
      const next = store.dispatch({ type: 'peer-lost' });
      if (shouldRebuildPeer(next) && socket.connected) timers.later(rebuildDelay(next.attempts), () => build(link));
    },
  });
  refs.peer = peer;
  stopWatching = watchSendQuality(peer);
  timers.later(CONNECT_TIMEOUT_MS, () => {
    if (!isConnected && refs.peer === peer) giveUp(link, peer);
  });
}

export function createPeerLink(deps: TLinkDeps): TPeerLink {
  const link: TLink = { ...deps, restartTimer: undefined };
  return {
    build: () => build(link),
    restartIce: () => restartIce(link),
    clearRestart: () => clearRestart(link),
    reset: () => {
      link.restartTimer = undefined;
      link.refs.peer?.destroy();
      link.refs.peer = null;
    },
  };
}
