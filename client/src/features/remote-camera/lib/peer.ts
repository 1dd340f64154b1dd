/**
 * One WebRTC peer over simple-peer, with trickle ICE over the gateway. It reports `lost` once,
 * whatever the cause (close, error, ICE failed, or ICE disconnected for too long): simple-peer
 * has no ICE restart, so the owner replaces a lost peer with a new one.
 */
import type { TIceServer } from '@movelab/shared';
import SimplePeer from 'simple-peer/simplepeer.min.js';

export type TSignalData = Record<string, unknown>;

export type TPeerOptions = {
  isInitiator: boolean;
  iceServers: TIceServer[];
  /** The local camera (phone side). */
  stream?: MediaStream;
  onSignal: (data: TSignalData) => void;
  onStream?: (stream: MediaStream) => void;
  onConnect?: () => void;
  onLost: (reason: string) => void;
};

export type TPeer = {
  signal: (data: TSignalData) => void;
  destroy: () => void;
};

/** How long ICE may stay `disconnected` before the peer counts as lost (it often recovers alone). */
const DISCONNECTED_GRACE_MS = 4_000;

export function createPeer(options: TPeerOptions): TPeer {
  const peer = new SimplePeer({
    initiator: options.isInitiator,
    trickle: true,
    stream: options.stream,
    config: { iceServers: options.iceServers },
  });
  let isDone = false;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;

  const lose = (reason: string) => {
    if (isDone) return;
    isDone = true;
    clearTimeout(graceTimer);
    peer.destroy();
    options.onLost(reason);
  };

  peer.on('signal', (data) => {
    if (!isDone) options.onSignal(data as unknown as TSignalData);
  });
  peer.on('stream', (stream: MediaStream) => options.onStream?.(stream));
  peer.on('connect', () => options.onConnect?.());
  peer.on('close', () => lose('closed'));
  peer.on('error', (error: Error) => lose(error.message));
  peer.on('iceStateChange', (state: RTCIceConnectionState) => {
    clearTimeout(graceTimer);
    if (state === 'failed') lose('ice-failed');
    if (state === 'disconnected') graceTimer = setTimeout(() => lose('ice-disconnected'), DISCONNECTED_GRACE_MS);
  });

  return {
    signal: (data) => {
      if (!isDone) peer.signal(data as unknown as SimplePeer.SignalData);
    },
    destroy: () => {
      isDone = true;
      clearTimeout(graceTimer);
      peer.destroy();
    },
  };
}

/** An SDP offer starts a new peer (the phone re-initiated after a loss). */
export function isOffer(data: TSignalData): boolean {
  return data.type === 'offer';
}
