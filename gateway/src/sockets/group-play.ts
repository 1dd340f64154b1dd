import {
  GROUP_ERRORS,
  ROOMS,
  SOCKET_ERRORS,
  ZGroupCountPost,
  ZGroupMove,
  ZGroupReady,
  ZGroupRef,
  type TGroupCode,
  type TGroupCountPost,
  type TGroupMove,
} from '@movelab/shared';
import type { TGroupPosition, TGroupRecord, TGroupTally } from '../realtime/group-registry.js';
import { onRequest, refuse } from './ack.js';
import { hostedGroup, memberGroup, phaseOf, sendBoard } from './group-board.js';
import type { TGroupLifecycle } from './group-lifecycle.js';
import { withFreshCode } from './pairing-codes.js';
import type { TRealtimeContext, TSocket } from './types.js';

const wrongPhase = (message: string) => refuse(GROUP_ERRORS.wrongPhase, message);

/** The member's new count: a rep added with a score counts towards the step's mean score. */
function nextTally(previous: TGroupTally | null, post: TGroupCountPost): TGroupTally {
  const before = previous ?? { reps: 0, score: null, status: 'active', scoreSum: 0, scored: 0 };
  const isNewRep = post.reps > before.reps && post.score !== null;
  return {
    reps: post.reps,
    score: post.score,
    status: post.status,
    scoreSum: before.scoreSum + (isNewRep ? (post.score ?? 0) : 0),
    scored: before.scored + (isNewRep ? 1 : 0),
  };
}

/** Where a host's move takes the group, or why it cannot go there. */
function moveTarget(group: TGroupRecord, to: Exclude<TGroupMove['to'], 'end'>, now: number, countdownMs: number) {
  if (group.phase === 'lobby') throw wrongPhase('The group session has not started: start it first');
  if (to === 'rest') {
    if (group.phase !== 'running') throw wrongPhase('The group is already resting');
    return { phase: 'rest' as const, step: group.step, startsAt: group.startsAt };
  }
  if (group.step + 1 >= group.stepCount) throw wrongPhase('This is the last step: end the session instead');
  return { phase: 'running' as const, step: group.step + 1, startsAt: now + countdownMs };
}

/** group:ready / count (any member, their own) and group:start / move / new-code (the host only). */
export function registerGroupPlayHandlers(ctx: TRealtimeContext, life: TGroupLifecycle, socket: TSocket): void {
  const { groups, config } = ctx;

  /** Applies a host's move from where the group was seen; a move someone made first is refused. */
  const moveFrom = async (group: TGroupRecord, expected: TGroupPosition, patch: Pick<TGroupRecord, 'phase' | 'step' | 'startsAt'>) => {
    if (!(await groups.move(group.id, expected, patch))) throw wrongPhase('The group session moved on meanwhile: look at the board again');
    await sendBoard(ctx, group.id);
    return null;
  };

  onRequest(socket, 'group:ready', ZGroupReady, ctx.logger, async ({ groupId, ready }) => {
    const { uid } = await memberGroup(ctx, socket, groupId);
    await groups.setFlag(groupId, uid, 'ready', ready);
    await sendBoard(ctx, groupId);
    return null;
  });

  onRequest(socket, 'group:count', ZGroupCountPost, ctx.logger, async (post) => {
    const { groupId } = post;
    const { uid, group } = await memberGroup(ctx, socket, groupId);
    // Paid for before the count is looked at: a flood costs a refusal each, and changes nothing.
    await ctx.limitCount(`${groupId}:${uid}`);
    if (phaseOf(group, ctx.now()) !== 'running') throw wrongPhase('Counts are taken only while a step runs');
    const seat = await groups.seat(groupId, uid);
    if (seat?.role !== 'practising') throw refuse(SOCKET_ERRORS.forbidden, 'Only members practising post a count');
    const tally = nextTally(await groups.tally(groupId, group.step, uid), post);
    await groups.setTally(groupId, group.step, uid, tally);
    ctx.io
      .to(ROOMS.group(groupId))
      .emit('group:count', { groupId, step: group.step, uid, reps: tally.reps, score: tally.score, status: tally.status });
    return null;
  });

  onRequest(socket, 'group:start', ZGroupRef, ctx.logger, async ({ groupId }) => {
    const group = await hostedGroup(ctx, socket, groupId, 'start the group session');
    if (group.phase !== 'lobby') throw wrongPhase('The group session has already started');
    return moveFrom(group, group, { phase: 'running', step: 0, startsAt: ctx.now() + config.groupCountdownMs });
  });

  onRequest(socket, 'group:move', ZGroupMove, ctx.logger, async ({ groupId, to }) => {
    const group = await hostedGroup(ctx, socket, groupId, 'move everyone on');
    if (to === 'end') {
      await life.end(groupId, 'ended');
      return null;
    }
    return moveFrom(group, group, moveTarget(group, to, ctx.now(), config.groupCountdownMs));
  });

  onRequest(socket, 'group:new-code', ZGroupRef, ctx.logger, async ({ groupId }): Promise<TGroupCode> => {
    await ctx.limitJoin(socket.data.address);
    await hostedGroup(ctx, socket, groupId, 'ask for a new code');
    const code = await withFreshCode((candidate) => groups.renewCode(groupId, candidate, config.codeTtlMs));
    const fresh = { groupId, code, codeExpiresAt: ctx.now() + config.codeTtlMs };
    // Every screen of the host shows the new code (another tab, the phone).
    ctx.io.to(ROOMS.groupHost(groupId)).emit('group:code', fresh);
    return fresh;
  });
}
