/**
 * Entering a group session: a rejoin first (this user may sit in it already: a reload, another
 * tab, a code typed on /together), else the link's join once the user chose to practise or
 * watch; after a network drop, the rejoin again. A group that ended meanwhile shows its
 * summary (`group:results`) to a member who was in it.
 */
import { SOCKET_ERRORS, type TGroupBoard, type TGroupRole } from '@movelab/shared';
import { useCallback, useRef, useState, type Dispatch } from 'react';
import { emitWithAck, SOCKET_TIMEOUT, type TClientSocket } from '@/lib/socket/socket';
import type { TGroupAction } from '../lib/board';
import type { TGroupError } from '../lib/messages';
import { noteSeat } from '../lib/seat-store';

/** Where this screen stands with the group: waiting for the connection, asking how to join (a link), in it, or refused. */
export type TEntry = { kind: 'connecting' } | { kind: 'invited' } | { kind: 'joining' } | { kind: 'in' } | { kind: 'failed'; error: TGroupError };

type TDeps = { socket: TClientSocket | null; groupId: string; joinToken: string | null; uid: string | null; dispatch: Dispatch<TGroupAction> };

export function useGroupEntry({ socket, groupId, joinToken, uid, dispatch }: TDeps) {
  const [entry, setEntry] = useState<TEntry>({ kind: 'connecting' });
  const [joinError, setJoinError] = useState<TGroupError | null>(null);
  /** This member's count in the step they came back to mid-way (a reload): their camera counts on from it. */
  const [rejoinedAt, setRejoinedAt] = useState<{ step: number; reps: number } | null>(null);
  const isIn = useRef(false);

  const adopt = useCallback(
    (board: TGroupBoard, isFirst: boolean) => {
      dispatch({ type: 'board', board, receivedAt: Date.now() });
      isIn.current = true;
      setEntry({ kind: 'in' });
      const own = board.members.find((member) => member.uid === uid);
      if (isFirst && own && board.phase !== 'lobby') setRejoinedAt({ step: board.step, reps: own.reps });
    },
    [dispatch, uid],
  );

  const fetchResults = useCallback(async () => {
    if (!socket) return false;
    const results = await emitWithAck(socket, 'group:results', { groupId });
    if (results.ok) dispatch({ type: 'ended', ended: results.data, receivedAt: Date.now() });
    return results.ok;
  }, [dispatch, groupId, socket]);

  const rejoin = useCallback(
    async (isFirst: boolean) => {
      if (!socket) return;
      const result = await emitWithAck(socket, 'group:rejoin', { groupId });
      if (result.ok) {
        noteSeat(groupId, { isMember: true });
        return adopt(result.data, isFirst);
      }
      const { error } = result;
      if (error.code === SOCKET_ERRORS.sessionEnded && (await fetchResults())) return;
      if (isFirst && error.code === SOCKET_ERRORS.notFound && joinToken) return setEntry({ kind: 'invited' });
      // A reconnection's rejoin that got no answer: the next reconnection tries again.
      if (!isFirst && error.code === SOCKET_TIMEOUT) return;
      isIn.current = false;
      setEntry({ kind: 'failed', error });
    },
    [adopt, fetchResults, groupId, joinToken, socket],
  );

  /** Joins by the link, to practise or to watch. */
  const join = useCallback(
    async (role: TGroupRole) => {
      if (!socket || !joinToken) return;
      setEntry({ kind: 'joining' });
      setJoinError(null);
      const result = await emitWithAck(socket, 'group:join', { groupId, joinToken, role });
      if (result.ok) {
        noteSeat(groupId, { isMember: true, joinToken });
        return adopt(result.data, true);
      }
      if (result.error.code === SOCKET_ERRORS.sessionEnded && (await fetchResults())) return;
      setJoinError(result.error);
      setEntry({ kind: 'invited' });
    },
    [adopt, fetchResults, groupId, joinToken, socket],
  );

  const retry = useCallback(() => setEntry({ kind: 'connecting' }), []);
  return { entry, joinError, rejoinedAt, isIn, rejoin, join, retry };
}
