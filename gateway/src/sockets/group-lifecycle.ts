import { GROUP_RESULTS_KEEP_MS, ROOMS, type TGroupEnded } from '@movelab/shared';
import type { TGroupRecord } from '../realtime/group-registry.js';
import { resultsOf, sendBoard } from './group-board.js';
import type { TRealtimeContext } from './types.js';
import { createUpkeepTimers } from './upkeep-timers.js';

/**
 * A group ends this long before its `expiresAt`: at `expiresAt` the registry has dropped it (the
 * memory one on read, Redis by its keys' TTL), and its results with it.
 */
const EXPIRY_LEAD_MS = 1000;

/** The practising member, other than `uid`, who has waited longest and is connected (or, if `anyone`, not). */
async function successorOf(ctx: TRealtimeContext, group: TGroupRecord, uid: string, anyone: boolean): Promise<string | null> {
  const [seats, flags] = await Promise.all([ctx.groups.seats(group.id), ctx.groups.flags(group.id)]);
  const candidates = seats
    .filter((seat) => seat.role === 'practising' && seat.uid !== uid && (anyone || flags.get(seat.uid)?.connected))
    .sort((a, b) => a.joinedAt - b.joinedAt);
  return candidates[0]?.uid ?? null;
}

/**
 * Group sessions' life on this gateway: expiry timers for the groups it has seen, the host's
 * handover after it has been gone for `groupHandoverMs`, and the end (once, whichever gateway
 * gets there first), with the results sent to everyone.
 */
export function createGroupLifecycle(ctx: TRealtimeContext) {
  const { io, groups } = ctx;
  const timers = createUpkeepTimers(ctx.logger, 'group session');

  const end = async (groupId: string, reason: TGroupEnded['reason']) => {
    timers.cancelExpiry(groupId);
    const group = await groups.get(groupId);
    if (!group) return;
    const [results, seats] = await Promise.all([resultsOf(ctx, group), groups.seats(groupId)]);
    if (!(await groups.end(groupId))) return;
    const ended: TGroupEnded = { groupId, reason, plan: group.plan, results };
    // For a member offline at the end: group:results answers it for a while.
    await groups.keepEnded(
      ended,
      seats.map((seat) => seat.uid),
      GROUP_RESULTS_KEEP_MS,
    );
    const room = ROOMS.group(groupId);
    io.to(room).emit('group:ended', ended);
    io.in(room).socketsLeave([room, ROOMS.groupHost(groupId)]);
    ctx.presenceChanged();
    ctx.logger.info({ groupId, reason, members: results.length }, 'group session ended');
  };

  const watchExpiry = (group: TGroupRecord) =>
    timers.expireAfter(group.id, group.expiresAt - EXPIRY_LEAD_MS - ctx.now(), () => end(group.id, 'expired'));

  /** Hands the group over once its host has been gone for the delay (handOver decides, then). */
  const handOverLater = (groupId: string, fromUid: string) => timers.after(ctx.config.groupHandoverMs, () => handOver(groupId, fromUid, false));

  /**
   * Gives the group to the next practising member: when the host left (`hasLeft`: anyone
   * practising, else the group ends) or has been gone past the delay (a connected one, and only
   * if the host is still gone; with nobody connected to take it, it looks again after another
   * delay). Everyone hears `group:host-changed`, then the new board.
   */
  async function handOver(groupId: string, fromUid: string, hasLeft: boolean): Promise<void> {
    const group = await groups.get(groupId);
    if (!group || group.hostUid !== fromUid) return;
    if (!hasLeft && (await groups.flags(groupId)).get(fromUid)?.connected) return;
    const toUid = await successorOf(ctx, group, fromUid, hasLeft);
    if (!toUid) {
      if (hasLeft) await end(groupId, 'abandoned');
      else handOverLater(groupId, fromUid);
      return;
    }
    if (!(await groups.setHost(groupId, fromUid, toUid))) return;
    io.in(ROOMS.groupMember(groupId, fromUid)).socketsLeave(ROOMS.groupHost(groupId));
    io.in(ROOMS.groupMember(groupId, toUid)).socketsJoin(ROOMS.groupHost(groupId));
    io.to(ROOMS.group(groupId)).emit('group:host-changed', { groupId, hostUid: toUid, previousHostUid: fromUid });
    ctx.logger.info({ groupId, from: fromUid, to: toUid, hasLeft }, 'group session handed over');
    await sendBoard(ctx, groupId);
  }

  /** One of a member's sockets went away: once it was their last, they show as reconnecting; a host is handed over after the delay. */
  const memberGone = async (groupId: string, uid: string) => {
    if ((await io.in(ROOMS.groupMember(groupId, uid)).fetchSockets()).length > 0) return;
    const group = await groups.get(groupId);
    if (!group || !(await groups.seat(groupId, uid))) return;
    await groups.setFlag(groupId, uid, 'connected', false);
    await sendBoard(ctx, groupId);
    if (group.hostUid === uid) handOverLater(groupId, uid);
  };

  return { end, run: timers.run, watchExpiry, handOver, memberGone, close: timers.close };
}

export type TGroupLifecycle = ReturnType<typeof createGroupLifecycle>;
