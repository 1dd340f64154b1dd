import { ROOMS, SOCKET_ERRORS, ZGroupRef } from '@movelab/shared';
import { onRequest, refuse } from './ack.js';
import { requireUser } from './auth.js';
import { memberGroup, sendBoard } from './group-board.js';
import { registerGroupInviteHandlers } from './group-invite.js';
import { registerGroupJoinHandlers } from './group-join.js';
import type { TGroupLifecycle } from './group-lifecycle.js';
import { registerGroupPlayHandlers } from './group-play.js';
import { registerGroupShareHandlers } from './group-share.js';
import type { TRealtimeContext, TSocket } from './types.js';

/**
 * "Practise together" (shared/src/group-session.ts): create, join and rejoin (group-join.ts),
 * ready, counts and the host's moves (group-play.ts), invitations (group-invite.ts), camera tiles
 * (group-share.ts), leave, and what a disconnect means.
 */
export function registerGroupHandlers(ctx: TRealtimeContext, life: TGroupLifecycle, socket: TSocket): void {
  registerGroupJoinHandlers(ctx, life, socket);
  registerGroupPlayHandlers(ctx, life, socket);
  registerGroupInviteHandlers(ctx, socket);
  registerGroupShareHandlers(ctx, life, socket);

  /** The member gives up their seat (every device of theirs leaves); a host hands over at once, or the group ends. */
  onRequest(socket, 'group:leave', ZGroupRef, ctx.logger, async ({ groupId }) => {
    const { uid, group } = await memberGroup(ctx, socket, groupId);
    const rooms = [ROOMS.group(groupId), ROOMS.groupHost(groupId), ROOMS.groupMember(groupId, uid)];
    if (group.hostUid === uid) await life.handOver(groupId, uid, true);
    socket.data.groups = socket.data.groups.filter((id) => id !== groupId);
    ctx.io.in(ROOMS.groupMember(groupId, uid)).socketsLeave(rooms);
    await ctx.groups.removeSeat(groupId, uid);
    await sendBoard(ctx, groupId);
    return null;
  });

  /** An ended group's results, for one of its members who missed `group:ended`. */
  onRequest(socket, 'group:results', ZGroupRef, ctx.logger, async ({ groupId }) => {
    const { uid } = requireUser(socket);
    const kept = await ctx.groups.ended(groupId);
    if (!kept?.uids.includes(uid)) throw refuse(SOCKET_ERRORS.notFound, 'No results of that group session for you: it has not ended, or it ended too long ago');
    return kept.ended;
  });

  socket.on('disconnect', () => {
    const { user } = socket.data;
    if (!user) return;
    socket.data.groups.forEach((groupId) => life.run(life.memberGone(groupId, user.uid)));
  });
}
