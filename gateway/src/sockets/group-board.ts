import {
  DEFAULT_DISPLAY_NAME,
  ROOMS,
  SOCKET_ERRORS,
  type TGroupBoard,
  type TGroupMember,
  type TGroupPhase,
  type TGroupResult,
  type TLiveGroup,
} from '@movelab/shared';
import { sha256 } from '../identity/passwords.js';
import type { TGroupRecord, TGroupSeat, TGroupTally } from '../realtime/group-registry.js';
import { refuse } from './ack.js';
import { requireUser } from './auth.js';
import type { TRealtimeContext, TSocket } from './types.js';

export const groupEnded = () => refuse(SOCKET_ERRORS.sessionEnded, 'This group session has ended');

/** The phase members see: `running` is `countdown` until `startsAt`. */
export function phaseOf(group: TGroupRecord, now: number): TGroupPhase {
  return group.phase === 'running' && group.startsAt !== null && now < group.startsAt ? 'countdown' : group.phase;
}

const byJoining = (a: TGroupSeat, b: TGroupSeat) => a.joinedAt - b.joinedAt || a.uid.localeCompare(b.uid);

/** The whole board as every member sees it: seats in joining order with their flags and counts in the current step. */
export async function boardOf(ctx: TRealtimeContext, group: TGroupRecord): Promise<TGroupBoard> {
  const [seats, flags, tallies] = await Promise.all([ctx.groups.seats(group.id), ctx.groups.flags(group.id), ctx.groups.tallies(group.id, group.step)]);
  const members = seats.sort(byJoining).map((seat): TGroupMember => {
    const tally = tallies.get(seat.uid);
    const flag = flags.get(seat.uid);
    return {
      uid: seat.uid,
      name: seat.name,
      avatarUrl: seat.avatarUrl,
      role: seat.role,
      ready: flag?.ready ?? false,
      reps: tally?.reps ?? 0,
      score: tally?.score ?? null,
      status: group.phase === 'rest' ? 'resting' : (tally?.status ?? 'active'),
      connection: flag?.connected ? 'connected' : 'reconnecting',
      sharing: flag?.sharing ?? false,
    };
  });
  const now = ctx.now();
  return {
    groupId: group.id,
    plan: group.plan,
    hostUid: group.hostUid,
    step: group.step,
    stepCount: group.stepCount,
    phase: phaseOf(group, now),
    startsAt: group.startsAt,
    now,
    expiresAt: group.expiresAt,
    members,
  };
}

/** The running group sessions as admins see them (`presence:groups`): names, roles and phases, no ids, uids or tokens. */
export async function liveGroups(ctx: TRealtimeContext): Promise<TLiveGroup[]> {
  const boards = await Promise.all((await ctx.groups.list()).map((group) => boardOf(ctx, group)));
  return boards.map((board) => ({
    key: sha256(`group:${board.groupId}`).slice(0, 16),
    hostName: board.members.find((seat) => seat.uid === board.hostUid)?.name ?? DEFAULT_DISPLAY_NAME,
    members: board.members.map(({ name, role, connection }) => ({ name, role, connection })),
    plan: board.plan,
    step: board.step,
    stepCount: board.stepCount,
    phase: board.phase,
  }));
}

/** Sends the current board to every member (on any gateway); the board, or null when the group is gone. */
export async function sendBoard(ctx: TRealtimeContext, groupId: string): Promise<TGroupBoard | null> {
  const group = await ctx.groups.get(groupId);
  if (!group) return null;
  const board = await boardOf(ctx, group);
  ctx.io.to(ROOMS.group(groupId)).emit('group:board', board);
  // Admins' live page shows who is in, the step and the phase.
  ctx.presenceChanged();
  return board;
}

const mean = (tally: TGroupTally | undefined) => (tally && tally.scored > 0 ? tally.scoreSum / tally.scored : null);

/** Each practising member's reps and mean score per step reached, ordered by work done (total reps). */
export async function resultsOf(ctx: TRealtimeContext, group: TGroupRecord): Promise<TGroupResult[]> {
  const reached = group.phase === 'lobby' ? 0 : group.step + 1;
  const [seats, ...steps] = await Promise.all([
    ctx.groups.seats(group.id),
    ...Array.from({ length: reached }, (_, step) => ctx.groups.tallies(group.id, step)),
  ]);
  const results = seats
    .filter((seat) => seat.role === 'practising')
    .sort(byJoining)
    .map((seat): TGroupResult => {
      const perStep = steps.map((tallies) => ({ reps: tallies.get(seat.uid)?.reps ?? 0, score: mean(tallies.get(seat.uid)) }));
      const totalReps = perStep.reduce((sum, step) => sum + step.reps, 0);
      return { uid: seat.uid, name: seat.name, avatarUrl: seat.avatarUrl, totalReps, steps: perStep };
    });
  // A stable sort: equal work keeps the joining order.
  return results.sort((a, b) => b.totalReps - a.totalReps);
}

/** The live group the caller sits in (on this connection); refused otherwise. */
export async function memberGroup(ctx: TRealtimeContext, socket: TSocket, groupId: string): Promise<{ uid: string; group: TGroupRecord }> {
  const { uid } = requireUser(socket);
  if (!socket.data.groups.includes(groupId)) throw refuse(SOCKET_ERRORS.forbidden, 'This connection is not in that group session: join or rejoin it first');
  const group = await ctx.groups.get(groupId);
  if (!group) throw groupEnded();
  return { uid, group };
}

/** The live group the caller hosts; `what` says what only its host may do. */
export async function hostedGroup(ctx: TRealtimeContext, socket: TSocket, groupId: string, what: string): Promise<TGroupRecord> {
  const { uid, group } = await memberGroup(ctx, socket, groupId);
  if (group.hostUid !== uid) throw refuse(SOCKET_ERRORS.forbidden, `Only the host can ${what}`);
  return group;
}
