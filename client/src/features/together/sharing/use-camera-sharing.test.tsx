import { GROUP_ERRORS, type TGroupBoard } from '@movelab/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSocketStatus } from '@/lib/socket/socket-context';
import { createGroupSocket, refusal } from '../testing/fake-group-socket';
import { boardOf, GROUP, member } from '../testing/fixtures';
import { useCameraSharing } from './use-camera-sharing';

const connection = vi.hoisted(() => ({ current: { socket: null as unknown, status: 'connected' as TSocketStatus, latest: {} } }));
vi.mock('@/lib/socket/socket-context', () => ({ useUserSocket: () => connection.current }));
// No WebRTC in jsdom: fake peers (the mesh's routing is in mesh.test.ts).
const peers = vi.hoisted(() => ({ made: [] as { stream: MediaStream | null }[] }));
vi.mock('./tile-peer', () => ({
  createTilePeer: async (options: { stream: MediaStream | null }) => {
    peers.made.push(options);
    return { signal: () => undefined, destroy: () => undefined };
  },
  readTileSignal: () => null,
}));

const camera = {} as MediaStream;
const boardWith = (sharing: boolean, connection: 'connected' | 'reconnecting' = 'connected') =>
  boardOf({ members: [member('ann', { sharing, connection }), member('bob')] });

let gateway: ReturnType<typeof createGroupSocket>;
beforeEach(() => {
  gateway = createGroupSocket({ 'group:ice': () => ({ ok: true, data: { iceServers: [] } }) });
  connection.current = { socket: gateway.socket, status: 'connected', latest: {} };
  peers.made = [];
});

const renderSharing = (board: TGroupBoard, stream: MediaStream | null = camera) =>
  renderHook((props: { board: TGroupBoard; stream: MediaStream | null }) => useCameraSharing({ ...props, uid: 'ann' }), {
    initialProps: { board, stream },
  });

describe('sharing one’s camera with the group', () => {
  it('asks nothing until the switch is on, then asks the gateway once, and stops when turned off', async () => {
    const { result, rerender } = renderSharing(boardWith(false));
    expect(result.current.isOn).toBe(false);
    expect(gateway.sent('group:share')).toEqual([]);
    act(() => result.current.setSharing(true));
    await waitFor(() => expect(gateway.sent('group:share')).toEqual([{ groupId: GROUP, sharing: true }]));
    rerender({ board: boardWith(true), stream: camera });
    expect(result.current.isLive).toBe(true);
    // The camera offered to Bob, the one other member.
    await waitFor(() => expect(peers.made.map((one) => one.stream)).toEqual([camera]));
    act(() => result.current.setSharing(false));
    expect(gateway.sent('group:share')).toEqual([
      { groupId: GROUP, sharing: true },
      { groupId: GROUP, sharing: false },
    ]);
  });

  it('turns the switch back off with the gateway’s reason when too many share', async () => {
    gateway.answers['group:share'] = () => refusal(GROUP_ERRORS.tooManySharedVideos, '4 people already share their camera: try again when one stops');
    const { result } = renderSharing(boardWith(false));
    act(() => result.current.setSharing(true));
    await waitFor(() => expect(result.current.isOn).toBe(false));
    expect(result.current.error).toBe('4 people already share their camera: try again when one stops');
  });

  it('waits for the camera before sharing, asks again after a dropped connection, and stops when the screen goes', async () => {
    const { result, rerender, unmount } = renderSharing(boardWith(false), null);
    act(() => result.current.setSharing(true));
    await act(async () => undefined);
    expect(gateway.sent('group:share')).toEqual([]);
    rerender({ board: boardWith(false), stream: camera });
    await waitFor(() => expect(gateway.sent('group:share')).toHaveLength(1));
    rerender({ board: boardWith(true), stream: camera });
    // The connection dropped: the gateway stopped the sharing; back in, it is asked again.
    rerender({ board: boardWith(false, 'reconnecting'), stream: camera });
    rerender({ board: boardWith(false), stream: camera });
    await waitFor(() => expect(gateway.sent('group:share').filter((one) => one.sharing)).toHaveLength(2));
    rerender({ board: boardWith(true), stream: camera });
    const before = gateway.sent('group:share').length;
    unmount();
    expect(gateway.sent('group:share').slice(before)).toEqual([{ groupId: GROUP, sharing: false }]);
  });
});
