import { GROUP_ERRORS, GROUP_MAX_SHARED_VIDEOS, ROOMS, SOCKET_ERRORS, ZGroupRef, ZGroupShare, ZGroupSignal, type TGroupIce } from '@movelab/shared';
import { iceServersFor } from '../realtime/ice.js';
import { onRequest, refuse } from './ack.js';
import { memberGroup, sendBoard } from './group-board.js';
import type { TGroupLifecycle } from './group-lifecycle.js';
import type { TRealtimeContext, TSocket } from './types.js';

/**
 * Camera tiles (shared/src/group-session.ts `ZGroupShare`): a practising member shares their
 * camera or stops (at most GROUP_MAX_SHARED_VIDEOS at once; the board says who shares), and the
 * members' simple-peer signals are relayed between two members of the group of whom one shares.
 * The video itself goes peer to peer (or through TURN: `group:ice`), never through the gateway.
 * Sharing is this connection's: when it drops the member stops sharing, and the others drop the tile.
 */
export function registerGroupShareHandlers(ctx: TRealtimeContext, life: TGroupLifecycle, socket: TSocket): void {
  const { groups } = ctx;
  /** The groups this connection shares its camera in. */
  const sharingIn = new Set<string>();

  const stopSharing = async (groupId: string, uid: string) => {
    sharingIn.delete(groupId);
    if (!(await groups.seat(groupId, uid))) return;
    await groups.setFlag(groupId, uid, 'sharing', false);
    await sendBoard(ctx, groupId);
  };

  onRequest(socket, 'group:share', ZGroupShare, ctx.logger, async ({ groupId, sharing }) => {
    const { uid } = await memberGroup(ctx, socket, groupId);
    if (!sharing) {
      await stopSharing(groupId, uid);
      return null;
    }
    const seat = await groups.seat(groupId, uid);
    if (seat?.role !== 'practising') throw refuse(SOCKET_ERRORS.forbidden, 'Only members practising share their camera');
    // Checked and set in one step: two members on two gateways cannot both take the last place.
    if (!(await groups.share(groupId, uid, GROUP_MAX_SHARED_VIDEOS))) {
      throw refuse(GROUP_ERRORS.tooManySharedVideos, `${GROUP_MAX_SHARED_VIDEOS} people already share their camera: try again when one stops`);
    }
    sharingIn.add(groupId);
    await sendBoard(ctx, groupId);
    return null;
  });

  onRequest(socket, 'group:signal', ZGroupSignal, ctx.logger, async ({ groupId, to, data }) => {
    await ctx.limitSignal(socket.id);
    const { uid } = await memberGroup(ctx, socket, groupId);
    if (to === uid) throw refuse(SOCKET_ERRORS.forbidden, 'A signal goes to another member');
    if (!(await groups.seat(groupId, to))) throw refuse(SOCKET_ERRORS.notFound, 'No such member in this group session');
    const flags = await groups.flags(groupId);
    if (!flags.get(uid)?.sharing && !flags.get(to)?.sharing) {
      throw refuse(SOCKET_ERRORS.forbidden, 'Neither of you shares a camera: there is nothing to connect');
    }
    ctx.io.to(ROOMS.groupMember(groupId, to)).emit('group:signal', { groupId, from: uid, data });
    return null;
  });

  onRequest(socket, 'group:ice', ZGroupRef, ctx.logger, async ({ groupId }): Promise<TGroupIce> => {
    const { uid } = await memberGroup(ctx, socket, groupId);
    return { iceServers: iceServersFor(ctx.config, `group-${uid}`, ctx.now()), iceTransportPolicy: ctx.config.iceTransportPolicy };
  });

  socket.on('disconnect', () => {
    const { user } = socket.data;
    if (!user) return;
    sharingIn.forEach((groupId) => life.run(stopSharing(groupId, user.uid)));
  });
}
