import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAuthUser } from '@movelab/shared';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SnackbarProvider } from '@/components/ui/snackbar';
import { ErrorScreen, LoadingScreen } from '@/components/ui/status';
import { getCatalogQueryOptions } from '@/features/discover';
import { RemoteSessionProvider } from '@/features/remote-camera';
import { groupsQueryOptions } from '@/lib/api/movescore-catalogue';
import { BackendProvider } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { persistQueryCache, restoreQueryCache } from '@/lib/offline/query-persist';
import { createQueryClient } from '@/lib/query-client';
import { errorText, isPassingFailure } from '@/lib/errors';
import { useRecovery } from '@/lib/use-recovery';
import { SocketProvider } from '@/lib/socket/socket-context';
import { useAppStore } from '@/stores/app-store';
import { loadOrCreateUser } from './session';

export type TLoadBackend = () => Promise<TBackend>;

type TStatus<T> = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; value: T };

/** Follows the identity state and keeps the connected user and roles in the store. */
function SessionGate({ backend, children }: { backend: TBackend; children: ReactNode }) {
  const queryClient = useQueryClient();
  const setCurrentUser = useAppStore((state) => state.setCurrentUser);
  const startSession = useAppStore((state) => state.startSession);
  const [status, setStatus] = useState<TStatus<true>>({ state: 'loading' });
  // Only the latest auth change may write the store: an older, slower load must not win.
  const sequence = useRef(0);

  const sync = useCallback(
    async (authUser: TAuthUser | null) => {
      const current = ++sequence.current;
      if (!authUser) {
        setCurrentUser(null);
        queryClient.clear();
        setStatus({ state: 'ready', value: true });
        return;
      }
      try {
        const user = await loadOrCreateUser(backend, queryClient, authUser);
        if (current !== sequence.current) return;
        // A new user's roles are settled once the app's connection has read them again (SocketProvider).
        startSession(user);
        setStatus({ state: 'ready', value: true });
        // The catalogues are read once signed in, so Discover and the movescore groups open
        // offline later (the query cache is the device copy) even if never opened online.
        void queryClient.prefetchQuery(getCatalogQueryOptions(backend));
        void queryClient.prefetchQuery(groupsQueryOptions(backend, ''));
      } catch (error) {
        if (current !== sequence.current) return;
        console.error(error);
        setStatus({ state: 'failed', error });
      }
    },
    [backend, queryClient, setCurrentUser, startSession],
  );

  useEffect(() => backend.identity.onAuthStateChanged((authUser) => void sync(authUser)), [backend, sync]);
  // The error screen stays up while a retry runs, so a server still down does not flash the loading screen.
  const retry = () => void sync(backend.identity.currentUser());
  useRecovery(status.state === 'failed' ? status.error : undefined, retry);

  if (status.state === 'loading') return <LoadingScreen />;
  if (status.state === 'failed') {
    return (
      <ErrorScreen
        title="Your profile could not be loaded"
        message={errorText(status.error)}
        onRetry={() => {
          setStatus({ state: 'loading' });
          retry();
        }}
      />
    );
  }
  return <>{children}</>;
}

/** Loads the configuration and the backend once, with a retry when that fails. */
function BackendGate({ loadBackend, children }: { loadBackend: TLoadBackend; children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<TStatus<TBackend>>({ state: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    loadBackend().then(
      (backend) => isCurrent && setStatus({ state: 'ready', value: backend }),
      (error: unknown) => {
        console.error(error);
        if (isCurrent) setStatus({ state: 'failed', error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [loadBackend, attempt]);
  useRecovery(status.state === 'failed' ? status.error : undefined, () => setAttempt((count) => count + 1));

  if (status.state === 'loading') return <LoadingScreen />;
  if (status.state === 'failed') {
    return (
      <ErrorScreen
        title="Movelab could not start"
        message={
          isPassingFailure(status.error)
            ? errorText(status.error)
            : `The server's configuration could not be read (${errorText(status.error)}). Try again.`
        }
        onRetry={() => {
          setStatus({ state: 'loading' });
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return (
    <BackendProvider backend={status.value}>
      <SessionGate backend={status.value}>
        <SocketProvider>
          <RemoteSessionProvider>{children}</RemoteSessionProvider>
        </SocketProvider>
      </SessionGate>
    </BackendProvider>
  );
}

/** Everything the app runs inside: queries, snackbar, backend and the session. */
export function AppProvider({
  children,
  loadBackend,
  queryClient,
  isPersisted = false,
}: {
  children: ReactNode;
  loadBackend: TLoadBackend;
  queryClient?: QueryClient;
  /** Keeps the query cache on the device (IndexedDB), for starts without a network. */
  isPersisted?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [isRestored, setIsRestored] = useState(!isPersisted);

  useEffect(() => {
    if (!isPersisted) return;
    let stopPersisting: (() => void) | null = null;
    let isCurrent = true;
    void restoreQueryCache(client).then(() => {
      if (!isCurrent) return;
      stopPersisting = persistQueryCache(client);
      setIsRestored(true);
    });
    return () => {
      isCurrent = false;
      stopPersisting?.();
    };
  }, [client, isPersisted]);

  if (!isRestored) return <LoadingScreen />;
  return (
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <BackendGate loadBackend={loadBackend}>{children}</BackendGate>
      </SnackbarProvider>
    </QueryClientProvider>
  );
}
