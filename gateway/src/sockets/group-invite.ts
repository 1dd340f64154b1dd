import { ROOMS, SOCKET_ERRORS, ZGroupInvite, type TGroupInvitation, type TGroupInviteSent } from '@movelab/shared';
import { onRequest, refuse } from './ack.js';
import { requireUser } from './auth.js';
import { groupEnded } from './group-board.js';
import { sameHash } from './session-checks.js';
import type { TRealtimeContext, TSocket } from './types.js';

/**
 * `group:invite`: a member hands the session's link to a friend. The link's token proves the
 * member may hand it on; the friend's every socket (on any gateway) gets `group:invited`, and the
 * answer says whether any was there to get it (else the member sends the link another way).
 */
export function registerGroupInviteHandlers(ctx: TRealtimeContext, socket: TSocket): void {
  const { groups, io } = ctx;

  onRequest(socket, 'group:invite', ZGroupInvite, ctx.logger, async ({ groupId, joinToken, uid: friendUid }): Promise<TGroupInviteSent> => {
    const { uid } = requireUser(socket);
    // Paid for before anything is looked at: probing uids or tokens costs the same as inviting.
    await ctx.limitInvite(uid);
    const group = await groups.get(groupId);
    if (!group) throw groupEnded();
    if (!(await groups.seat(groupId, uid))) throw refuse(SOCKET_ERRORS.forbidden, 'Only a member of this group session can invite to it: join it first');
    if (!sameHash(joinToken, group.joinTokenHash)) throw refuse(SOCKET_ERRORS.invalidJoinToken, 'This link is not valid for that group session');
    if (friendUid === uid) throw refuse(SOCKET_ERRORS.badPayload, 'You are in this group session already: invite someone else');
    if (await groups.seat(groupId, friendUid)) throw refuse(SOCKET_ERRORS.badPayload, 'That person is in this group session already');

    const invitation: TGroupInvitation = {
      groupId,
      joinToken,
      fromUid: uid,
      fromName: socket.data.name ?? (await ctx.people.displayName(uid)),
      plan: group.plan,
      expiresAt: group.expiresAt,
    };
    const room = ROOMS.user(friendUid);
    // Every gateway's sockets in the friend's room, through the adapter.
    const delivered = (await io.in(room).fetchSockets()).length > 0;
    if (delivered) io.to(room).emit('group:invited', invitation);
    ctx.logger.info({ groupId, from: uid, to: friendUid, delivered }, 'group invitation sent');
    return { delivered };
  });
}
