/**
 * The group session as this screen knows it: the last whole board (`group:board`) with the
 * counts heard since (`group:count`, one member in the current step), the host's fresh code,
 * the summary at the end and the gateway clock samples. Pure: the hook feeds it the socket's events.
 */
import type { TGroupBoard, TGroupCode, TGroupCount, TGroupEnded, TGroupHostChanged } from '@movelab/shared';
import { addClockSample } from './clock';
import { nextStepTimes, type TStepTimes } from './result';

export type TGroupState = {
  groupId: string;
  board: TGroupBoard | null;
  /** The host's 6-digit code and its expiry (null until created or asked for). */
  code: TGroupCode | null;
  ended: TGroupEnded | null;
  /** Gateway clock minus this device's, one per board heard (newest last). */
  clockSamples: number[];
  /** When each step ran, by the gateway's clock (for the history's seconds per step). */
  times: TStepTimes;
  /** This device's clock when the end was heard. */
  endedAtLocal: number;
};

export type TGroupAction =
  | { type: 'board'; board: TGroupBoard; receivedAt: number }
  | { type: 'count'; count: TGroupCount }
  | { type: 'host-changed'; change: TGroupHostChanged }
  | { type: 'code'; code: TGroupCode }
  | { type: 'ended'; ended: TGroupEnded; receivedAt: number };

export const initialGroupState = (groupId: string, code: TGroupCode | null = null): TGroupState => ({
  groupId,
  board: null,
  code: code?.groupId === groupId ? code : null,
  ended: null,
  clockSamples: [],
  times: {},
  endedAtLocal: 0,
});

/** A member's count applied to the board: only for the step on the board, and only to that member. */
export function applyCount(board: TGroupBoard, count: TGroupCount): TGroupBoard {
  if (count.groupId !== board.groupId || count.step !== board.step) return board;
  if (!board.members.some((member) => member.uid === count.uid)) return board;
  return {
    ...board,
    members: board.members.map((member) =>
      member.uid === count.uid ? { ...member, reps: count.reps, score: count.score, status: count.status } : member,
    ),
  };
}

export function groupReducer(state: TGroupState, action: TGroupAction): TGroupState {
  // Nothing of another group (a tab that moved on) changes this one.
  const groupId =
    action.type === 'board'
      ? action.board.groupId
      : action.type === 'count'
        ? action.count.groupId
        : action.type === 'host-changed'
          ? action.change.groupId
          : action.type === 'code'
            ? action.code.groupId
            : action.ended.groupId;
  if (groupId !== state.groupId || (state.ended && action.type !== 'ended')) return state;
  switch (action.type) {
    case 'board':
      return {
        ...state,
        board: action.board,
        clockSamples: addClockSample(state.clockSamples, action.board.now, action.receivedAt),
        times: nextStepTimes(state.times, action.board, action.board.now),
      };
    case 'count':
      return state.board ? { ...state, board: applyCount(state.board, action.count) } : state;
    case 'host-changed':
      return state.board ? { ...state, board: { ...state.board, hostUid: action.change.hostUid } } : state;
    case 'code':
      return { ...state, code: action.code };
    case 'ended':
      // The first word of the end stands (`group:ended`, then maybe `group:results` after a reconnection).
      return state.ended ? state : { ...state, ended: action.ended, endedAtLocal: action.receivedAt };
  }
}
