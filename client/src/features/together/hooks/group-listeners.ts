/** What a screen in a group session hears on its socket, for that group only; the returned function stops. */
import type { TGroupBoard, TGroupCode, TGroupCount, TGroupEnded, TGroupHostChanged } from '@movelab/shared';
import type { TClientSocket } from '@/lib/socket/socket';

export type TGroupListeners = {
  onBoard: (board: TGroupBoard) => void;
  onCount: (count: TGroupCount) => void;
  onCode: (code: TGroupCode) => void;
  onHostChanged: (change: TGroupHostChanged) => void;
  onEnded: (ended: TGroupEnded) => void;
  /** The socket connected again after a drop. */
  onReconnect: () => void;
};

export function listenToGroup(socket: TClientSocket, groupId: string, listeners: TGroupListeners): () => void {
  const ours =
    <T extends { groupId: string }>(handle: (payload: T) => void) =>
    (payload: T) => {
      if (payload.groupId === groupId) handle(payload);
    };
  let wasDropped = false;
  const handlers = {
    'group:board': ours(listeners.onBoard),
    'group:count': ours(listeners.onCount),
    'group:code': ours(listeners.onCode),
    'group:host-changed': ours(listeners.onHostChanged),
    'group:ended': ours(listeners.onEnded),
    disconnect: () => {
      wasDropped = true;
    },
    connect: () => {
      if (!wasDropped) return;
      wasDropped = false;
      listeners.onReconnect();
    },
  };
  // One loop on and off: the typed overloads cannot follow a name taken from a list.
  const loose = socket as unknown as { on: (event: string, handler: unknown) => void; off: (event: string, handler: unknown) => void };
  for (const [event, handler] of Object.entries(handlers)) loose.on(event, handler);
  return () => {
    for (const [event, handler] of Object.entries(handlers)) loose.off(event, handler);
  };
}
