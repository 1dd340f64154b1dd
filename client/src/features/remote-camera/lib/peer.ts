/**
 * One WebRTC peer over simple-peer, with trickle ICE over the gateway. simple-peer has no ICE
 * restart, so it is done beside it on the underlying RTCPeerConnection: the initiator (the phone)
 * creates an offer with new ICE credentials and sends it marked `iceRestart`; the answer comes
 * back through simple-peer's own `signal`. The connection, its tracks and the desktop's
 * MediaStream stay the same. `onInterrupted` reports ICE `disconnected`, `onConnect` each
 * (re)connection, and `onLost` once, when the peer is gone for good (closed, error, ICE failed,
 * or still disconnected after the grace period); then the owner builds a new peer.
 */
import type { TIceServer } from '@movelab/shared';
import type SimplePeerType from 'simple-peer';
import SimplePeer from 'simple-peer/simplepeer.min.js';
import { markRemote } from './marks';

export type TSignalData = Record<string, unknown>;

export type TPeerOptions = {
  /** Which side this is, for the timing marks. */
  side: 'phone' | 'desktop';
  isInitiator: boolean;
  iceServers: TIceServer[];
  /** `relay` forces TURN (tests, or networks where only TURN gets through). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  /**
   * Phone side: the connection carries one outgoing video, negotiated at once whether or not the
   * camera is open yet; `track` (when given) is sent from the start, `setTrack` puts one in later
   * without a new offer. The desktop sees the stream from the answer on and its first frame as
   * soon as a track is in.
   */
  sendsVideo?: boolean;
  track?: MediaStreamTrack | null;
  onSignal: (data: TSignalData) => void;
  onStream?: (stream: MediaStream) => void;
  onConnect?: () => void;
  onInterrupted?: () => void;
  onLost: (reason: string) => void;
  /** How long ICE may stay `disconnected` before the peer counts as lost. */
  disconnectedGraceMs?: number;
};

export type TPeer = {
  signal: (data: TSignalData) => void;
  destroy: () => void;
  /** Sends `track` (null: nothing) on the outgoing video, on the same connection (no new offer). */
  setTrack: (track: MediaStreamTrack | null) => Promise<void>;
  /** Initiator only: new ICE credentials on the same connection. False when not possible. */
  restartIce: () => Promise<boolean>;
  isConnected: () => boolean;
  /** Connected at some point and not given up: an interruption can still be restarted. */
  wasConnected: () => boolean;
  /** The connection itself, for stats and senders (null once destroyed). */
  connection: () => RTCPeerConnection | null;
};

/** The desktop waits this long for the phone's ICE restart before giving the peer up. */
export const DISCONNECTED_GRACE_MS = 15_000;

const isUp = (state: RTCIceConnectionState) => state === 'connected' || state === 'completed';

const simplePeerFor = (options: TPeerOptions) =>
  new SimplePeer({
    initiator: options.isInitiator,
    trickle: true,
    config: { iceServers: options.iceServers, iceTransportPolicy: options.iceTransportPolicy ?? 'all' },
  });

export function createPeer(options: TPeerOptions): TPeer {
  const peer = simplePeerFor(options);
  // simple-peer keeps its RTCPeerConnection in a private field; the ICE restart and the
  // outgoing video need it.
  const pc = (peer as unknown as { _pc: RTCPeerConnection | null })._pc;
  // Added before simple-peer's first offer (it batches negotiation to a microtask), so that offer
  // carries the video. Its stream id (msid) lets the desktop's simple-peer report a 'stream'.
  const video =
    options.sendsVideo && pc ? pc.addTransceiver(options.track ?? 'video', { direction: 'sendonly', streams: [new MediaStream()] }) : null;
  let isDone = false;
  let hasConnected = false;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    isDone = true;
    clearTimeout(graceTimer);
    peer.destroy();
  };
  const lose = (reason: string) => {
    if (isDone) return;
    stop();
    options.onLost(reason);
  };

  peer.on('signal', (data) => {
    if (isDone) return;
    const signal = data as unknown as TSignalData;
    if (signal.type === 'offer') markRemote('phone:offer-sent');
    if (signal.type === 'answer') markRemote('desktop:answer-sent');
    options.onSignal(signal);
  });
  peer.on('stream', (stream: MediaStream) => options.onStream?.(stream));
  peer.on('connect', () => {
    hasConnected = true;
    markRemote(`${options.side}:peer-connected`);
    options.onConnect?.();
  });
  peer.on('close', () => lose('closed'));
  peer.on('error', (error: Error) => lose(error.message));
  let lastIceState: RTCIceConnectionState | null = null;
  peer.on('iceStateChange', (state: RTCIceConnectionState) => {
    // simple-peer reports each ICE gathering change too, with the connection state unchanged: an
    // ICE restart's own gathering would otherwise read as a new interruption and restart again.
    if (state === lastIceState) return;
    lastIceState = state;
    clearTimeout(graceTimer);
    if (isUp(state)) {
      markRemote(`${options.side}:ice-connected`);
      // simple-peer says `connect` once; a restored connection is reported here.
      if (hasConnected) options.onConnect?.();
    }
    if (state === 'disconnected') {
      options.onInterrupted?.();
      graceTimer = setTimeout(() => lose('ice-disconnected'), options.disconnectedGraceMs ?? DISCONNECTED_GRACE_MS);
    }
  });

  return {
    signal: (data) => {
      if (isDone) return;
      if (data.type === 'offer') markRemote('desktop:offer-received');
      if (data.type === 'answer') markRemote('phone:answer-received');
      peer.signal(data as unknown as SimplePeerType.SignalData);
    },
    setTrack: async (track) => {
      if (isDone || !video) return;
      await video.sender.replaceTrack(track).catch(() => undefined);
    },
    destroy: stop,
    restartIce: async () => {
      if (isDone || !pc || !options.isInitiator || pc.signalingState === 'closed') return false;
      try {
        // An offer still unanswered (the signalling was down) is simply replaced by this one.
        const offer = await pc.createOffer({ iceRestart: true });
        if (isDone) return false;
        await pc.setLocalDescription(offer);
        // Never connected: the other side may hold an older peer, so this offer starts afresh there.
        if (hasConnected) markRemote('phone:ice-restart');
        options.onSignal({ type: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp, iceRestart: hasConnected });
        return true;
      } catch {
        return false;
      }
    },
    isConnected: () => !isDone && !!pc && isUp(pc.iceConnectionState),
    wasConnected: () => !isDone && hasConnected,
    connection: () => (isDone ? null : pc),
  };
}

/**
 * Starts the browser's WebRTC machinery before the first real peer of the page: the first
 * RTCPeerConnection and offer of a page cost tens of milliseconds more than later ones (Chromium,
 * loopback: about 20-60 ms cold, 12 ms warm), time a pairing would otherwise spend after the
 * Start tap (phone) or when the offer arrives (desktop). A throwaway connection, closed at once.
 */
export function warmUpWebRtc(): void {
  if (typeof RTCPeerConnection === 'undefined') return;
  try {
    const pc = new RTCPeerConnection();
    pc.addTransceiver('video', { direction: 'sendonly' });
    void pc.createOffer().finally(() => pc.close());
  } catch {
    // No WebRTC here: the real peer will say so.
  }
}

/**
 * Runs `run` once `stream` carries a picture: a received track is muted until its first packets
 * arrive, and a phone connected before its Start tap sends none.
 */
export function whenPictureArrives(stream: MediaStream, run: () => void): void {
  const track = stream.getVideoTracks()[0];
  if (!track) return;
  if (!track.muted) return run();
  track.addEventListener('unmute', run, { once: true });
}

/** An SDP offer that starts a new peer (the phone re-initiated after a loss). */
export function isOffer(data: TSignalData): boolean {
  return data.type === 'offer';
}

/** The desktop's answer to an ICE restart for a peer it no longer has: the phone builds a new one. */
export const PEER_GONE: TSignalData = { type: 'peer-gone' };

export function isPeerGone(data: TSignalData): boolean {
  return data.type === PEER_GONE.type;
}

/** An offer with new ICE credentials for a connection that already exists. */
export function isIceRestart(data: TSignalData): boolean {
  return data.type === 'offer' && data.iceRestart === true;
}
