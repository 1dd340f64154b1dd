/**
 * One camera-tile connection over simple-peer (loaded only when a tile is needed): the sharer's
 * side sends its camera's stream and makes the offer, the viewer's side answers and receives the
 * stream. Signals go through the gateway (`group:signal`), wrapped with the side they come from
 * so that two members who both share keep their two connections apart.
 */
import type { TIceServer, TIceTransportPolicy } from '@movelab/shared';
import type SimplePeerType from 'simple-peer';

export type TSignalData = Record<string, unknown>;
/** What travels in `group:signal.data`: the sending side ('sharer' or 'viewer') and simple-peer's signal. */
export type TTileSignal = { side: 'sharer' | 'viewer'; signal: TSignalData };

export type TTilePeerOptions = {
  /** The sharer's side: initiates and sends `stream`. */
  stream: MediaStream | null;
  iceServers: TIceServer[];
  iceTransportPolicy?: TIceTransportPolicy;
  onSignal: (signal: TSignalData) => void;
  onStream?: (stream: MediaStream) => void;
  /** Once, when the connection fails or closes (not when destroyed here). */
  onLost: (reason: string) => void;
};

export type TTilePeer = { signal: (data: TSignalData) => void; destroy: () => void };

let loading: Promise<typeof SimplePeerType> | null = null;
/** simple-peer's browser bundle (with its Node shims), once; a failed load is tried again next time. */
function loadSimplePeer(): Promise<typeof SimplePeerType> {
  loading ??= import('simple-peer/simplepeer.min.js').then(
    (module) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Reads `group:signal.data`; null when it is not a tile signal. */
export function readTileSignal(data: TSignalData): TTileSignal | null {
  const { side, signal } = data;
  if ((side !== 'sharer' && side !== 'viewer') || typeof signal !== 'object' || signal === null) return null;
  return { side, signal: signal as TSignalData };
}

export async function createTilePeer(options: TTilePeerOptions): Promise<TTilePeer> {
  const SimplePeer = await loadSimplePeer();
  const peer = new SimplePeer({
    initiator: options.stream !== null,
    trickle: true,
    streams: options.stream ? [options.stream] : [],
    config: { iceServers: options.iceServers, iceTransportPolicy: options.iceTransportPolicy ?? 'all' },
  });
  let isDone = false;
  const lose = (reason: string) => {
    if (isDone) return;
    isDone = true;
    peer.destroy();
    options.onLost(reason);
  };
  peer.on('signal', (data) => !isDone && options.onSignal(data as unknown as TSignalData));
  peer.on('stream', (stream: MediaStream) => options.onStream?.(stream));
  peer.on('close', () => lose('closed'));
  peer.on('error', (error: Error) => lose(error.message));
  peer.on('iceStateChange', (state: RTCIceConnectionState) => state === 'failed' && lose('ice-failed'));
  return {
    signal: (data) => {
      if (!isDone) peer.signal(data as unknown as SimplePeerType.SignalData);
    },
    destroy: () => {
      isDone = true;
      peer.destroy();
    },
  };
}
