/**
 * The signed-in user's gateway connection for the whole tree: opened after sign-in, closed on
 * sign-out, and listening for the user's own new analyses and practices so their lists refresh live.
 */
import { COLLECTIONS, type TServerToClientEvents } from '@movelab/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import { useAppStore } from '@/stores/app-store';
import { setNoticeSocket } from './analysis-notices';
import { createUserSocket, type TClientSocket } from './socket';

export type TSocketStatus = 'offline' | 'connecting' | 'connected';
/**
 * The last presence, sessions and group sessions lists the gateway pushed: it sends them right after connect,
 * often before a lazily loaded page has subscribed, so they are kept here for it.
 */
export type TLatestPresence = {
  users?: Parameters<TServerToClientEvents['presence:update']>[0]['users'];
  sessions?: Parameters<TServerToClientEvents['presence:sessions']>[0]['sessions'];
  groups?: Parameters<TServerToClientEvents['presence:groups']>[0]['groups'];
};
type TSocketContext = { socket: TClientSocket | null; status: TSocketStatus; latest: TLatestPresence };

const SocketContext = createContext<TSocketContext>({ socket: null, status: 'offline', latest: {} });

/** Views of a user's analyses that a new analysis makes stale: Recent Sessions, the recap and the history page. */
const ANALYSIS_VIEWS = ['recent-sessions', COLLECTIONS.videoAnalysis, 'history'] as const;

export function invalidateAnalyses(queryClient: QueryClient, uid: string): Promise<void[]> {
  return Promise.all(ANALYSIS_VIEWS.map((view) => queryClient.invalidateQueries({ queryKey: [...queryKeys.users.detail(uid), view] })));
}

export function SocketProvider({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const uid = useAppStore((state) => state.currentUser?.uid ?? null);
  const setRoles = useAppStore((state) => state.setRoles);
  const settleRoles = useAppStore((state) => state.settleRoles);
  const [value, setValue] = useState<TSocketContext>({ socket: null, status: 'offline', latest: {} });

  useEffect(() => {
    if (!uid) return;
    // A read answered after this user's connection closed (sign-out, another user) is not theirs.
    let isCurrent = true;
    const socket = createUserSocket((force) => backend.identity.getIdToken(force));
    const latest: TLatestPresence = {};
    setNoticeSocket(socket);
    const update = (status: TSocketStatus) => setValue({ socket, status, latest });
    socket.on('presence:update', ({ users }) => (latest.users = users));
    socket.on('presence:sessions', ({ sessions }) => (latest.sessions = sessions));
    socket.on('presence:groups', ({ groups }) => (latest.groups = groups));
    update('connecting');
    socket.on('connect', () => {
      update('connected');
      // The gateway grants a listed admin ADMIN as it verifies this connection (ADMIN_EMAILS in
      // firebase mode, on their first sign-in), after the roles were read at start-up: they are
      // read again, so the administration opens without a reload (and a change made while away holds).
      // Until then the admin routes wait; a failed read leaves the roles read at start-up.
      void backend.users
        .getUser(uid)
        .then((user) => {
          if (!isCurrent) return;
          if (!user) return settleRoles();
          queryClient.setQueryData(queryKeys.users.detail(uid), user);
          setRoles(user.roles);
        })
        .catch(() => {
          if (isCurrent) settleRoles();
        });
    });
    // No connection (offline, the gateway down): the admin routes stop waiting, on the roles at hand.
    socket.on('connect_error', () => settleRoles());
    socket.on('disconnect', () => update('connecting'));
    socket.on('analysis:created', (live) => {
      if (live.userId === uid) void invalidateAnalyses(queryClient, uid);
    });
    // A practice finished on another device: the home page, recap and history of this one refresh.
    socket.on('practice:created', (live) => {
      if (live.userId === uid) void queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(uid) });
    });
    return () => {
      isCurrent = false;
      setNoticeSocket(null);
      socket.disconnect();
      setValue({ socket: null, status: 'offline', latest: {} });
    };
  }, [backend, queryClient, uid, setRoles, settleRoles]);

  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

/** The user's socket (null when signed out) and its state. */
export function useUserSocket(): TSocketContext {
  return useContext(SocketContext);
}
