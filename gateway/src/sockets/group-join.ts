import {
  GROUP_ERRORS,
  GROUP_MAX_PER_SOCKET,
  GROUP_MAX_PRACTISING,
  GROUP_MAX_WATCHING,
  ROOMS,
  SOCKET_ERRORS,
  ZGroupCreate,
  ZGroupJoin,
  ZGroupRef,
  type TGroupBoard,
  type TGroupPlan,
  type TGroupRole,
} from '@movelab/shared';
import { randomToken, sha256 } from '../identity/passwords.js';
import type { TGroupRecord } from '../realtime/group-registry.js';
import { onRequest, refuse } from './ack.js';
import { requireUser } from './auth.js';
import { groupEnded, sendBoard } from './group-board.js';
import type { TGroupLifecycle } from './group-lifecycle.js';
import { withFreshCode } from './pairing-codes.js';
import { sameHash } from './session-checks.js';
import type { TRealtimeContext, TSocket } from './types.js';

const MAX_SEATS: Record<TGroupRole, number> = { practising: GROUP_MAX_PRACTISING, watching: GROUP_MAX_WATCHING };

const stepsIn = (plan: TGroupPlan) => ('routineId' in plan ? plan.stepCount : 1);

/**
 * The plan as the catalogue has it: an unknown routine or movement is refused, and a routine's
 * step count is its stored steps', whatever the client sent (a stale or forged count is replaced,
 * not refused: every member's client reads the steps from the catalogue too).
 */
async function catalogued(ctx: TRealtimeContext, plan: TGroupPlan): Promise<TGroupPlan> {
  if ('movementId' in plan) {
    if (!(await ctx.people.plans.hasMovement(plan.movementId)))
      throw refuse(SOCKET_ERRORS.notFound, 'That movement is not in the catalogue (it may have been deleted): choose another');
    return plan;
  }
  const stepCount = await ctx.people.plans.routineSteps(plan.routineId);
  if (stepCount === null) throw refuse(SOCKET_ERRORS.notFound, 'That routine is not in the catalogue (it may have been deleted): choose another');
  return { routineId: plan.routineId, stepCount };
}

const samePlan = (a: TGroupPlan, b: TGroupPlan) => JSON.stringify(a) === JSON.stringify(b);

/** A new group for the host, with the hash of its link's token; the code comes when it is stored. */
function newGroup(ctx: TRealtimeContext, uid: string, plan: TGroupPlan, joinToken: string): TGroupRecord {
  const now = ctx.now();
  return {
    // 128 bits from the CSPRNG, base64url: unguessable and URL-safe.
    id: randomToken(16),
    hostUid: uid,
    joinTokenHash: sha256(joinToken),
    code: null,
    plan,
    stepCount: stepsIn(plan),
    phase: 'lobby',
    step: 0,
    startsAt: null,
    createdAt: now,
    expiresAt: now + ctx.config.groupLifetimeMs,
  };
}

/**
 * Whose join attempts a join counts against: a code's against the address (guesses at the code
 * space; wrong ones also draw on its wrong-code allowance), a link's or a rejoin's against the
 * account (a 256-bit token or a seat held: nothing to guess), so a class behind one school
 * address can all come in by the link, or back after a network drop, at once.
 */
const joinKey = (socket: TSocket, uid: string, isCode: boolean) => (isCode ? socket.data.address : `user:${uid}`);

/** The group a join names, by its code (once per joiner: a whole class types the same one) or by its link. */
async function groupToJoin(ctx: TRealtimeContext, socket: TSocket, uid: string, payload: { code: string } | { groupId: string; joinToken: string }) {
  if ('code' in payload) {
    const group = await ctx.groups.get(await ctx.takeGroupCode(socket.data.address, payload.code, uid));
    if (!group) throw groupEnded();
    return group;
  }
  const group = await ctx.groups.get(payload.groupId);
  if (!group) throw groupEnded();
  if (!sameHash(payload.joinToken, group.joinTokenHash))
    throw refuse(SOCKET_ERRORS.invalidJoinToken, 'This link is not valid for that group session');
  return group;
}

/** group:create / join / rejoin: a signed-in member taking (or taking back) a seat. */
export function registerGroupJoinHandlers(ctx: TRealtimeContext, life: TGroupLifecycle, socket: TSocket): void {
  const { groups, config } = ctx;

  /** This connection sits in the group: its rooms, its member shown connected, everyone's new board. */
  /** Refused before any code is used or group made when the connection has no room for one more group. */
  const checkRoom = (groupId?: string) => {
    if (groupId !== undefined && socket.data.groups.includes(groupId)) return;
    if (socket.data.groups.length >= GROUP_MAX_PER_SOCKET) {
      throw refuse(SOCKET_ERRORS.forbidden, `This connection is already in ${GROUP_MAX_PER_SOCKET} group sessions: leave one first`);
    }
  };

  const enter = async (group: TGroupRecord, uid: string): Promise<TGroupBoard> => {
    checkRoom(group.id);
    const rooms = [ROOMS.group(group.id), ROOMS.groupMember(group.id, uid)];
    await socket.join(group.hostUid === uid ? [...rooms, ROOMS.groupHost(group.id)] : rooms);
    if (!socket.data.groups.includes(group.id)) socket.data.groups.push(group.id);
    life.watchExpiry(group);
    await groups.setFlag(group.id, uid, 'connected', true);
    const board = await sendBoard(ctx, group.id);
    if (!board) throw groupEnded();
    return board;
  };

  const seatFor = async (uid: string, role: TGroupRole) => ({
    uid,
    name: socket.data.name ?? (await ctx.people.displayName(uid)),
    avatarUrl: null,
    role,
    joinedAt: ctx.now(),
  });

  /** The host back on its live group (a reload, another tab): a fresh code; the link it was given still works. */
  const reattach = async (groupId: string, uid: string, plan: TGroupPlan) => {
    const group = await groups.get(groupId);
    if (!group) return null;
    if (!samePlan(group.plan, plan)) throw refuse(GROUP_ERRORS.alreadyHosting, 'You already host a group session: end it before you start another');
    const code = await withFreshCode((candidate) => groups.renewCode(groupId, candidate, config.codeTtlMs));
    const board = await enter(group, uid);
    return { groupId, code, codeExpiresAt: ctx.now() + config.codeTtlMs, joinToken: null, board };
  };

  onRequest(socket, 'group:create', ZGroupCreate, ctx.logger, async (payload) => {
    const { uid } = requireUser(socket);
    const plan = await catalogued(ctx, payload.plan);
    const hosted = await groups.hostGroup(uid);
    checkRoom(hosted ?? undefined);
    const again = hosted ? await reattach(hosted, uid, plan) : null;
    if (again) return again;
    const joinToken = randomToken(32);
    const group = newGroup(ctx, uid, plan, joinToken);
    const code = await withFreshCode((candidate) => groups.create({ ...group, code: candidate }, config.codeTtlMs));
    await groups.addSeat(group.id, await seatFor(uid, 'practising'), MAX_SEATS);
    ctx.logger.info({ groupId: group.id, uid }, 'group session opened');
    const board = await enter(group, uid);
    return { groupId: group.id, code, codeExpiresAt: ctx.now() + config.codeTtlMs, joinToken, board };
  });

  onRequest(socket, 'group:join', ZGroupJoin, ctx.logger, async (payload) => {
    const { uid } = requireUser(socket);
    checkRoom('groupId' in payload ? payload.groupId : undefined);
    await ctx.limitJoin(joinKey(socket, uid, 'code' in payload));
    const group = await groupToJoin(ctx, socket, uid, payload);
    const seated = await groups.addSeat(group.id, await seatFor(uid, payload.role), MAX_SEATS);
    if (seated === 'full') {
      const refusal =
        payload.role === 'practising'
          ? `${GROUP_MAX_PRACTISING} people already practise: join to watch`
          : `${GROUP_MAX_WATCHING} people already watch`;
      throw refuse(SOCKET_ERRORS.sessionFull, `This group session is full: ${refusal}`);
    }
    return enter(group, uid);
  });

  onRequest(socket, 'group:rejoin', ZGroupRef, ctx.logger, async ({ groupId }) => {
    const { uid } = requireUser(socket);
    await ctx.limitJoin(joinKey(socket, uid, false));
    const group = await groups.get(groupId);
    if (!group) throw groupEnded();
    if (!(await groups.seat(groupId, uid)))
      throw refuse(SOCKET_ERRORS.notFound, 'You have no seat in that group session: join it with its code or link');
    return enter(group, uid);
  });
}
