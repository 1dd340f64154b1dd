import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTileMesh, RETRY_MS, type TTile } from './mesh';
import type { TTilePeer, TTilePeerOptions } from './tile-peer';

type TFakePeer = TTilePeer & { options: TTilePeerOptions; signals: unknown[]; isDestroyed: boolean };

function setUp() {
  const peers: TFakePeer[] = [];
  const sent: { to: string; data: unknown }[] = [];
  let tiles: ReadonlyMap<string, TTile> = new Map();
  const mesh = createTileMesh({
    ice: { iceServers: [] },
    sendSignal: (to, data) => sent.push({ to, data }),
    onTiles: (next) => (tiles = next),
    makePeer: async (options) => {
      const peer: TFakePeer = {
        options,
        signals: [],
        isDestroyed: false,
        signal: (data) => peer.signals.push(data),
        destroy: () => (peer.isDestroyed = true),
      };
      peers.push(peer);
      return peer;
    },
  });
  return { mesh, peers, sent, tiles: () => tiles };
}

const camera = {} as MediaStream;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
afterEach(() => vi.useRealTimers());

describe('the camera-tile peers', () => {
  it('makes one sending peer per viewer with the camera, and routes each viewer’s answer to its own peer', async () => {
    const { mesh, peers, sent } = setUp();
    mesh.update(
      [
        { direction: 'send', uid: 'bob' },
        { direction: 'send', uid: 'cai' },
      ],
      camera,
    );
    await settle();
    expect(peers.map((peer) => peer.options.stream)).toEqual([camera, camera]);
    peers[0]!.options.onSignal({ type: 'offer', sdp: 'x' });
    expect(sent).toEqual([{ to: 'bob', data: { side: 'sharer', signal: { type: 'offer', sdp: 'x' } } }]);
    mesh.receive('cai', { side: 'viewer', signal: { type: 'answer' } });
    expect(peers[1]!.signals).toEqual([{ type: 'answer' }]);
    expect(peers[0]!.signals).toEqual([]);
  });

  it('answers a sharer’s offer only while the board shows them sharing, and shows Connecting then the picture', async () => {
    const { mesh, peers, tiles } = setUp();
    mesh.receive('ann', { side: 'sharer', signal: { type: 'offer' } });
    await settle();
    expect(peers).toEqual([]);
    mesh.update([{ direction: 'receive', uid: 'ann' }], null);
    mesh.receive('ann', { side: 'sharer', signal: { type: 'offer' } });
    expect(tiles().get('ann')).toEqual({ status: 'connecting', stream: null });
    await settle();
    expect(peers[0]!.options.stream).toBeNull();
    expect(peers[0]!.signals).toEqual([{ type: 'offer' }]);
    const picture = {} as MediaStream;
    peers[0]!.options.onStream?.(picture);
    expect(tiles().get('ann')).toEqual({ status: 'playing', stream: picture });
  });

  it('drops the tile and the peer when the sharer stops, and every peer on closeAll', async () => {
    const { mesh, peers, tiles } = setUp();
    mesh.update(
      [
        { direction: 'receive', uid: 'ann' },
        { direction: 'send', uid: 'ann' },
      ],
      camera,
    );
    mesh.receive('ann', { side: 'sharer', signal: { type: 'offer' } });
    await settle();
    mesh.update([{ direction: 'send', uid: 'ann' }], camera);
    expect(tiles().has('ann')).toBe(false);
    expect(peers.filter((peer) => peer.isDestroyed)).toHaveLength(1);
    mesh.closeAll();
    expect(peers.every((peer) => peer.isDestroyed)).toBe(true);
  });

  it('shows a failed tile to the viewer, and tries a failed sending peer again later', async () => {
    vi.useFakeTimers();
    const { mesh, peers, tiles } = setUp();
    mesh.update(
      [
        { direction: 'receive', uid: 'ann' },
        { direction: 'send', uid: 'bob' },
      ],
      camera,
    );
    mesh.receive('ann', { side: 'sharer', signal: { type: 'offer' } });
    await vi.advanceTimersByTimeAsync(0);
    peers.forEach((peer) => peer.options.onLost('ice-failed'));
    expect(tiles().get('ann')?.status).toBe('failed');
    expect(peers).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(peers).toHaveLength(3);
    expect(peers[2]!.options.stream).toBe(camera);
  });

  it('starts the sending peers again with a new camera stream, and ignores signals that are not tile signals', async () => {
    const { mesh, peers } = setUp();
    mesh.update([{ direction: 'send', uid: 'bob' }], camera);
    await settle();
    const phone = {} as MediaStream;
    mesh.update([{ direction: 'send', uid: 'bob' }], phone);
    await settle();
    expect(peers[0]!.isDestroyed).toBe(true);
    expect(peers[1]!.options.stream).toBe(phone);
    mesh.receive('bob', { type: 'answer' });
    mesh.receive('bob', { side: 'viewer', signal: 'answer' });
    expect(peers[1]!.signals).toEqual([]);
  });
});
