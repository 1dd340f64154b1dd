import { describe, expect, it } from 'vitest';
import { boardOf, GROUP, member } from '../testing/fixtures';
import { groupReducer, initialGroupState, type TGroupState } from './board';

const withBoard = (board = boardOf()): TGroupState => groupReducer(initialGroupState(GROUP), { type: 'board', board, receivedAt: 1_500 });
const reps = (state: TGroupState) => Object.fromEntries((state.board?.members ?? []).map((one) => [one.uid, one.reps]));

describe('the group board reducer', () => {
  it('applies a count to its member only, with its score and status', () => {
    const state = groupReducer(withBoard(), { type: 'count', count: { groupId: GROUP, step: 1, uid: 'bob', reps: 7, score: 0.8, status: 'active' } });
    expect(reps(state)).toEqual({ ann: 0, bob: 7 });
    expect(state.board?.members[1]).toMatchObject({ score: 0.8, status: 'active' });
  });

  it('ignores a count of another step (a late one from the step before), of another group, or of someone not on the board', () => {
    let state = withBoard();
    state = groupReducer(state, { type: 'count', count: { groupId: GROUP, step: 0, uid: 'bob', reps: 12, score: null, status: 'active' } });
    state = groupReducer(state, { type: 'count', count: { groupId: 'h'.repeat(22), step: 1, uid: 'bob', reps: 3, score: null, status: 'active' } });
    state = groupReducer(state, { type: 'count', count: { groupId: GROUP, step: 1, uid: 'eve', reps: 3, score: null, status: 'active' } });
    expect(reps(state)).toEqual({ ann: 0, bob: 0 });
    expect(state.board?.members.map((one) => one.uid)).toEqual(['ann', 'bob']);
  });

  it('takes a whole board as it comes: a new step starts everyone from its counts', () => {
    let state = groupReducer(withBoard(), { type: 'count', count: { groupId: GROUP, step: 1, uid: 'ann', reps: 5, score: 0.5, status: 'active' } });
    state = groupReducer(state, { type: 'board', board: boardOf({ step: 2, members: [member('ann'), member('bob')] }), receivedAt: 3_000 });
    expect(state.board?.step).toBe(2);
    expect(reps(state)).toEqual({ ann: 0, bob: 0 });
  });

  it('names the new host at once, keeps the host’s fresh code, and stops at the end', () => {
    let state = groupReducer(withBoard(), { type: 'host-changed', change: { groupId: GROUP, hostUid: 'bob', previousHostUid: 'ann' } });
    expect(state.board?.hostUid).toBe('bob');
    state = groupReducer(state, { type: 'code', code: { groupId: GROUP, code: '123456', codeExpiresAt: 9_000 } });
    expect(state.code?.code).toBe('123456');

    const ended = { groupId: GROUP, reason: 'ended' as const, plan: { movementId: 'm1' }, results: [] };
    state = groupReducer(state, { type: 'ended', ended, receivedAt: 5_000 });
    const after = groupReducer(state, { type: 'count', count: { groupId: GROUP, step: 1, uid: 'bob', reps: 9, score: null, status: 'active' } });
    expect(after).toBe(state);
    // A second word of the same end (group:results after a reconnection) changes nothing.
    expect(groupReducer(state, { type: 'ended', ended: { ...ended, reason: 'expired' }, receivedAt: 6_000 }).ended?.reason).toBe('ended');
  });

  it('keeps a clock sample per board: the gateway clock minus this device’s', () => {
    expect(withBoard().clockSamples).toEqual([500]);
  });
});
