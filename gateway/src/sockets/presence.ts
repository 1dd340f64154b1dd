import { DEFAULT_DISPLAY_NAME, ROOMS, type TLiveGroup, type TLiveSession, type TPresenceUser } from '@movelab/shared';
import { sha256 } from '../identity/passwords.js';
import type { TSessionRegistry, TSessionSummary } from '../realtime/registry.js';
import type { Logger } from '../logger.js';
import type { TIo } from './types.js';

function liveSession({ session, cameras }: TSessionSummary): TLiveSession {
  const state = !session.isHostConnected ? 'reconnecting' : cameras > 0 ? 'connected' : 'waiting';
  return { key: sha256(session.id).slice(0, 16), hostName: session.hostName, cameras, state };
}

/**
 * Admins' live view: who is connected (name, device count), the remote sessions and the group
 * sessions (`liveGroups`, from the group registry, which every gateway shares). Changes
 * are coalesced into at most one publication per throttle window, and nothing is computed
 * while no admin watches. Socket lists come from every gateway (fetchSockets via the adapter).
 */
export function createPresence(
  io: TIo,
  registry: TSessionRegistry,
  liveGroups: () => Promise<TLiveGroup[]>,
  throttleMs: number,
  logger: Logger,
) {
  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;

  const publish = async () => {
    const admins = await io.in(ROOMS.admins).fetchSockets();
    if (admins.length === 0) return;
    const users = new Map<string, TPresenceUser>();
    for (const socket of await io.fetchSockets()) {
      const user = socket.data.user;
      if (!user) continue;
      const entry = users.get(user.uid) ?? { uid: user.uid, name: socket.data.name ?? DEFAULT_DISPLAY_NAME, devices: 0 };
      users.set(user.uid, { ...entry, devices: entry.devices + 1 });
    }
    const [sessions, groups] = await Promise.all([registry.list(), liveGroups()]);
    io.to(ROOMS.admins).emit('presence:update', { users: [...users.values()] });
    io.to(ROOMS.admins).emit('presence:sessions', { sessions: sessions.map(liveSession) });
    io.to(ROOMS.admins).emit('presence:groups', { groups });
  };

  return {
    changed() {
      if (timer || isClosed) return;
      timer = setTimeout(() => {
        timer = undefined;
        publish().catch((error: unknown) => logger.warn({ err: error }, 'presence update failed'));
      }, throttleMs);
      timer.unref();
    },
    close() {
      isClosed = true;
      clearTimeout(timer);
    },
  };
}
