/**
 * What a member does in a group session: ready or not, and for the host start, move everyone
 * on, a new code (asked by itself when the host has none that works: a reload, a handover);
 * leave; and the member's own count, posted through a throttle.
 */
import { GROUP_ERRORS, type TGroupMove } from '@movelab/shared';
import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { emitWithAck, type TAckData, type TClientSocket } from '@/lib/socket/socket';
import type { TGroupAction, TGroupState } from '../lib/board';
import type { TGroupError } from '../lib/messages';
import { noteSeat } from '../lib/seat-store';
import { useCountPoster } from './use-count-poster';

type TDeps = {
  socket: TClientSocket | null;
  groupId: string;
  uid: string | null;
  state: TGroupState;
  dispatch: Dispatch<TGroupAction>;
  isIn: boolean;
  rejoinedAt: { step: number; reps: number } | null;
};

export function useGroupActions({ socket, groupId, uid, state, dispatch, isIn, rejoinedAt }: TDeps) {
  const [actionError, setActionError] = useState<TGroupError | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  /** Sends a request; its refusal is shown until the next request. */
  const request = useCallback(
    async <T>(name: string, send: (socket: TClientSocket) => Promise<{ ok: true; data: T } | { ok: false; error: TGroupError }>) => {
      if (!socket) return null;
      setPending(name);
      setActionError(null);
      const result = await send(socket);
      setPending(null);
      if (result.ok) return result.data;
      setActionError(result.error);
      return null;
    },
    [socket],
  );

  const setReady = useCallback((ready: boolean) => request('ready', (s) => emitWithAck(s, 'group:ready', { groupId, ready })), [groupId, request]);
  const start = useCallback(() => request('start', (s) => emitWithAck(s, 'group:start', { groupId })), [groupId, request]);
  const move = useCallback((to: TGroupMove['to']) => request(to, (s) => emitWithAck(s, 'group:move', { groupId, to })), [groupId, request]);

  const newCode = useCallback(async () => {
    const code: TAckData<'group:new-code'> | null = await request('new-code', (s) => emitWithAck(s, 'group:new-code', { groupId }));
    if (!code) return;
    noteSeat(groupId, { code });
    dispatch({ type: 'code', code });
  }, [dispatch, groupId, request]);

  const leave = useCallback(async () => {
    await request('leave', (s) => emitWithAck(s, 'group:leave', { groupId }));
    noteSeat(groupId, { isMember: false });
  }, [groupId, request]);

  // The host with no working code (a reload, a handover, the last one expired) gets one by itself, once.
  const isHost = isIn && !!uid && state.board?.hostUid === uid;
  const codeExpiresAt = state.code?.codeExpiresAt ?? 0;
  const askedCode = useRef(false);
  useEffect(() => {
    if (!isHost || codeExpiresAt > Date.now() || askedCode.current || state.ended) return;
    askedCode.current = true;
    void newCode();
  }, [codeExpiresAt, isHost, newCode, state.ended]);

  const postCount = useCountPoster({
    socket,
    groupId,
    step: state.board?.step ?? 0,
    rejoinedAt,
    // A count refused for the phase (sent a moment before the start, or after a move) is dropped: the next one goes.
    onRefused: (error) => {
      if (error.code !== GROUP_ERRORS.wrongPhase && error.code !== GROUP_ERRORS.countRateLimited) setActionError(error);
    },
  });

  return { setReady, start, move, newCode, leave, postCount, actionError, pending, isHost };
}
