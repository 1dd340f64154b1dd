/**
 * This member's camera-tile connections: one peer per link (links.ts), opened and closed as the
 * wanted links change, each signal routed to its link. A viewer's peer is made by the sharer's
 * offer (a fresh offer replaces it: the sharer started again). A sharer's peer that fails is
 * tried again after RETRY_MS while it is still wanted; a viewer's shows the failure on its tile.
 */
import type { TIceServer, TIceTransportPolicy } from '@movelab/shared';
import { diffLinks, linkKey, type TLink } from './links';
import { createTilePeer, readTileSignal, type TSignalData, type TTilePeer, type TTilePeerOptions, type TTileSignal } from './tile-peer';

export const RETRY_MS = 5_000;

export type TTile = { status: 'connecting' | 'playing' | 'failed'; stream: MediaStream | null };
export type TIce = { iceServers: TIceServer[]; iceTransportPolicy?: TIceTransportPolicy };

type TEntry = { link: TLink; peer: TTilePeer | null; queued: TSignalData[]; isClosed: boolean; hasFailed: boolean };

export type TMeshOptions = {
  ice: TIce;
  sendSignal: (to: string, data: TTileSignal) => void;
  /** The viewer's tiles by sharer uid, on every change. */
  onTiles: (tiles: ReadonlyMap<string, TTile>) => void;
  makePeer?: (options: TTilePeerOptions) => Promise<TTilePeer>;
};

/** Makes the entry's peer; signals that came before it are passed on once it is there. */
function startPeer(entry: TEntry, makePeer: NonNullable<TMeshOptions['makePeer']>, options: TTilePeerOptions, onFail: () => void) {
  makePeer(options).then((peer) => {
    if (entry.isClosed) return peer.destroy();
    entry.peer = peer;
    entry.queued.splice(0).forEach((signal) => peer.signal(signal));
  }, onFail);
}

export function createTileMesh({ ice, sendSignal, onTiles, makePeer = createTilePeer }: TMeshOptions) {
  const entries = new Map<string, TEntry>();
  const tiles = new Map<string, TTile>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stream: MediaStream | null = null;
  let wanted: TLink[] = [];

  const setTile = (uid: string, tile: TTile | null) => {
    void (tile ? tiles.set(uid, tile) : tiles.delete(uid));
    onTiles(new Map(tiles));
  };

  const close = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entry.isClosed = true;
    entry.peer?.destroy();
    entries.delete(key);
    if (entry.link.direction === 'receive') setTile(entry.link.uid, null);
  };

  const fail = (entry: TEntry) => {
    if (entry.isClosed || entry.hasFailed) return;
    entry.hasFailed = true;
    entry.peer?.destroy();
    if (entry.link.direction === 'receive') return setTile(entry.link.uid, { status: 'failed', stream: null });
    // The sharer's side: kept (so it is not opened again at once), then tried again if still wanted.
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (entries.get(linkKey(entry.link)) !== entry) return;
      entries.delete(linkKey(entry.link));
      update(wanted, stream);
    }, RETRY_MS);
    timers.add(timer);
  };

  const open = (link: TLink) => {
    const entry: TEntry = { link, peer: null, queued: [], isClosed: false, hasFailed: false };
    entries.set(linkKey(link), entry);
    const isSending = link.direction === 'send';
    if (!isSending) setTile(link.uid, { status: 'connecting', stream: null });
    const options: TTilePeerOptions = {
      stream: isSending ? stream : null,
      ...ice,
      onSignal: (signal) => sendSignal(link.uid, { side: isSending ? 'sharer' : 'viewer', signal }),
      onStream: (received) => !entry.isClosed && !entry.hasFailed && setTile(link.uid, { status: 'playing', stream: received }),
      onLost: () => fail(entry),
    };
    startPeer(entry, makePeer, options, () => fail(entry));
  };

  /** Follows the board: opens and closes links; a new camera stream starts the sharer's links again. */
  function update(next: TLink[], nextStream: MediaStream | null) {
    wanted = next;
    if (nextStream !== stream) {
      [...entries.values()].filter((entry) => entry.link.direction === 'send').forEach((entry) => close(linkKey(entry.link)));
      stream = nextStream;
    }
    // Viewers' peers are opened by the sharer's offer; only sharers' are opened here.
    const { toOpen, toClose } = diffLinks(entries.keys(), next);
    toClose.forEach(close);
    toOpen.filter((link) => link.direction === 'send' && stream).forEach(open);
  }

  /** A `group:signal` from `from`: the sharer's (to this viewer) or a viewer's (to this sharer). */
  function receive(from: string, data: TSignalData) {
    const tile = readTileSignal(data);
    if (!tile) return;
    const link: TLink = { direction: tile.side === 'sharer' ? 'receive' : 'send', uid: from };
    const key = linkKey(link);
    if (link.direction === 'receive' && tile.signal.type === 'offer') {
      if (!wanted.some((one) => linkKey(one) === key)) return;
      close(key);
      open(link);
    }
    const entry = entries.get(key);
    if (!entry || entry.hasFailed) return;
    if (entry.peer) entry.peer.signal(tile.signal);
    else entry.queued.push(tile.signal);
  }

  return {
    update,
    receive,
    /** Closes every peer (leaving, un-sharing everything, unmount). */
    closeAll() {
      timers.forEach(clearTimeout);
      timers.clear();
      [...entries.keys()].forEach(close);
    },
  };
}

export type TTileMesh = ReturnType<typeof createTileMesh>;
