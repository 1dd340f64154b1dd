/**
 * Camera tiles for one member of a group: the "Share my camera" wish (off until they turn it on;
 * asked again of the gateway after a reconnection, which stops a dropped sharer's sharing), the
 * ICE servers (`group:ice`, TURN as Remote Cam), and the peers that follow the board (mesh.ts).
 * Everything stops when the member un-shares, leaves or the screen goes.
 */
import type { TGroupBoard } from '@movelab/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { emitWithAck, type TClientSocket } from '@/lib/socket/socket';
import { useUserSocket } from '@/lib/socket/socket-context';
import { groupErrorText } from '../lib/messages';
import { sharersSeen, wantedLinks } from './links';
import { createTileMesh, type TIce, type TTile, type TTileMesh } from './mesh';

type TDeps = { board: TGroupBoard; uid: string | null; stream: MediaStream | null };

/** The ICE servers for this group, asked once a tile is wanted; null until they come (or when refused). */
function useGroupIce(socket: TClientSocket | null, groupId: string, isNeeded: boolean) {
  const [ice, setIce] = useState<TIce | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!socket || !isNeeded || ice) return;
    let isCurrent = true;
    void emitWithAck(socket, 'group:ice', { groupId }).then((result) => {
      if (!isCurrent) return;
      if (result.ok) setIce(result.data);
      else setError(`The camera tiles cannot connect: ${groupErrorText(result.error)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [groupId, ice, isNeeded, socket]);
  return { ice, error };
}

export function useCameraSharing({ board, uid, stream }: TDeps) {
  const { socket } = useUserSocket();
  const { groupId } = board;
  const me = board.members.find((member) => member.uid === uid);
  const isSharing = me?.sharing ?? false;
  const [wantsToShare, setWantsToShare] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isAsking = useRef(false);
  const [tiles, setTiles] = useState<ReadonlyMap<string, TTile>>(new Map());
  const sharers = sharersSeen(board, uid);
  const ice = useGroupIce(socket, groupId, wantsToShare || sharers.length > 0);
  /** Shared only with a picture to send: others would otherwise wait on a tile that never comes. */
  const hasPicture = stream !== null;
  const shouldShare = wantsToShare && hasPicture;

  // The wish and the board disagree (just turned on, or the gateway forgot it with a dropped connection): ask.
  useEffect(() => {
    if (!socket || !shouldShare || isSharing || isAsking.current || me?.connection !== 'connected') return;
    isAsking.current = true;
    void emitWithAck(socket, 'group:share', { groupId, sharing: true }).then((result) => {
      isAsking.current = false;
      if (result.ok) return;
      setWantsToShare(false);
      setError(groupErrorText(result.error));
    });
  }, [groupId, isSharing, me?.connection, shouldShare, socket]);

  const setSharing = useCallback((next: boolean) => {
    setError(null);
    setWantsToShare(next);
  }, []);

  // Turned off, the camera closed, or the screen goes (leaving, the end): the gateway stops it and the others drop the tile.
  const isSharedHere = shouldShare && isSharing;
  useEffect(() => {
    if (!socket || !isSharedHere) return;
    return () => void emitWithAck(socket, 'group:share', { groupId, sharing: false });
  }, [groupId, isSharedHere, socket]);

  const meshRef = useRef<TTileMesh | null>(null);
  useEffect(() => {
    if (!socket || !ice.ice) return;
    const mesh = createTileMesh({
      ice: ice.ice,
      sendSignal: (to, data) => void emitWithAck(socket, 'group:signal', { groupId, to, data }),
      onTiles: setTiles,
    });
    meshRef.current = mesh;
    const onSignal = (payload: { groupId: string; from: string; data: Record<string, unknown> }) => {
      if (payload.groupId === groupId) mesh.receive(payload.from, payload.data);
    };
    socket.on('group:signal', onSignal);
    return () => {
      socket.off('group:signal', onSignal);
      mesh.closeAll();
      meshRef.current = null;
      setTiles(new Map());
    };
  }, [groupId, ice.ice, socket]);

  const sendStream = isSharedHere ? stream : null;
  useEffect(() => {
    meshRef.current?.update(wantedLinks(board, uid, sendStream !== null), sendStream);
  }, [board, ice.ice, sendStream, uid]);

  return {
    /** The switch: on from the moment it is turned on until it is turned off or refused. */
    isOn: wantsToShare,
    /** The gateway has the member as sharing and their camera is open: others can see it. */
    isLive: isSharedHere,
    error: error ?? (wantsToShare ? ice.error : null),
    setSharing,
    sharers,
    tiles,
  };
}

export type TCameraSharing = ReturnType<typeof useCameraSharing>;
