/**
 * One group session on this screen: entering it (use-group-entry), the board kept live from
 * the socket's events, a rejoin after every reconnection, the host's code, the end, and what
 * the member does (use-group-actions).
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { useSnackbar } from '@/components/ui/snackbar';
import { useUserSocket } from '@/lib/socket/socket-context';
import { groupReducer, initialGroupState } from '../lib/board';
import { clockOffset } from '../lib/clock';
import { noteSeat, readSeatNote } from '../lib/seat-store';
import { listenToGroup } from './group-listeners';
import { useGroupActions } from './use-group-actions';
import { useGroupEntry } from './use-group-entry';

export type { TEntry } from './use-group-entry';

export function useGroupSession(groupId: string, joinToken: string | null, uid: string | null) {
  const { socket, status } = useUserSocket();
  const snackbar = useSnackbar();
  const [state, dispatch] = useReducer(groupReducer, groupId, (id) => initialGroupState(id, readSeatNote(id).code));
  /** The last change worth telling a screen reader ("Ann is the host now"). */
  const [announcement, setAnnouncement] = useState('');
  const { entry, joinError, rejoinedAt, isIn, rejoin, join, retry } = useGroupEntry({ socket, groupId, joinToken, uid, dispatch });

  // The first way in, once connected (and again after "Try again").
  const isConnected = status === 'connected';
  useEffect(() => {
    if (isConnected && entry.kind === 'connecting') void rejoin(true);
  }, [entry.kind, isConnected, rejoin]);

  const boardRef = useRef(state.board);
  useEffect(() => {
    boardRef.current = state.board;
  }, [state.board]);
  useEffect(() => {
    if (!socket) return;
    return listenToGroup(socket, groupId, {
      onBoard: (board) => dispatch({ type: 'board', board, receivedAt: Date.now() }),
      onCount: (count) => dispatch({ type: 'count', count }),
      onCode: (code) => {
        noteSeat(groupId, { code });
        dispatch({ type: 'code', code });
      },
      onHostChanged: (change) => {
        dispatch({ type: 'host-changed', change });
        const name = boardRef.current?.members.find((member) => member.uid === change.hostUid)?.name ?? 'Someone';
        const text = change.hostUid === uid ? 'You are the host now' : `${name} is the host now`;
        setAnnouncement(text);
        snackbar.show(text);
      },
      onEnded: (ended) => {
        isIn.current = false;
        dispatch({ type: 'ended', ended, receivedAt: Date.now() });
      },
      // Back after a network drop: the seat and the count are the gateway's; the board comes with them.
      onReconnect: () => {
        if (isIn.current) void rejoin(false);
      },
    });
  }, [groupId, isIn, rejoin, snackbar, socket, uid]);

  const offset = clockOffset(state.clockSamples);
  const actions = useGroupActions({ socket, groupId, uid, state, dispatch, isIn: entry.kind === 'in', rejoinedAt });
  return {
    ...state,
    ...actions,
    entry,
    joinError,
    join,
    retry,
    announcement,
    offset,
    /** The end in the gateway's clock. */
    endedAt: state.endedAtLocal + offset,
    isConnected,
    joinToken: joinToken ?? readSeatNote(groupId).joinToken,
  };
}

export type TGroupSession = ReturnType<typeof useGroupSession>;
