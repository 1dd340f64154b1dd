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
import type { TTimers } from './timers';

/** A peer that has not connected in this long is replaced. */
const CONNECT_TIMEOUT_MS = 15_000;
/** An ICE restart that has not reconnected in this long gives way to a new peer. */
const RESTART_TIMEOUT_MS = 6_000;

const rebuildDelay = (attempts: number) => Math.min(500 * attempts, 3_000);

/** What the peer link works with: the phone camera's context (phone-context.ts) has all of it. */
export type TLink = { refs: TPhoneRefs; store: TPhoneStore; timers: TTimers; media: TPhoneMedia };

/** Stops timing the restart under way (its answer cannot arrive while the signalling is down). */
export function clearRestart({ refs, timers }: TLink) {
  timers.cancel(refs.restartTimer);
  refs.restartTimer = undefined;
}

/** `peer` did not (re)connect in time: a new one, unless the recovery gave up. */
function giveUp(link: TLink, peer: TPeer) {
  peer.destroy();
  link.refs.peer = null;
  const next = link.store.dispatch({ type: 'peer-lost' });
  if (shouldRebuildPeer(next)) buildPeer(link);
}

/** New ICE credentials on the same connection; a new peer if that does not reconnect in time. */
export function restartIce(link: TLink) {
  const { refs } = link;
  const peer = refs.peer;
  if (!peer) return;
  // Without the signalling the offer cannot go out: the rejoin on reconnect calls this again.
  if (!refs.isJoinedOnSocket) return;
  refs.restartTimer ??= link.timers.later(RESTART_TIMEOUT_MS, () => {
    refs.restartTimer = undefined;
    if (refs.peer === peer && !peer.isConnected()) giveUp(link, peer);
  });
  void peer.restartIce().then((isSent) => {
    if (!isSent && refs.peer === peer) buildPeer(link);
  });
}

/** A new peer over the joined session, in place of the current one. */
export function buildPeer(link: TLink) {
  const { refs, timers, media } = link;
  const { dispatch } = link.store;
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
      if (refs.isSending) dispatch({ type: 'peer-connected' });
    },
    onInterrupted: () => {
      dispatch({ type: 'peer-interrupted' });
      restartIce(link);
    },
    onLost: () => {
      stopWatching();
      if (refs.peer !== peer) return;
      refs.peer = null;
      clearRestart(link);
      const next = dispatch({ type: 'peer-lost' });
      if (shouldRebuildPeer(next) && socket.connected) timers.later(rebuildDelay(next.attempts), () => buildPeer(link));
    },
  });
  refs.peer = peer;
  stopWatching = watchSendQuality(peer);
  timers.later(CONNECT_TIMEOUT_MS, () => {
    if (!isConnected && refs.peer === peer) giveUp(link, peer);
  });
}
