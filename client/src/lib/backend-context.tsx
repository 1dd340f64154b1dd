/** The backend (spec §7 port) handed to the whole tree through React context. */
import { createContext, useContext, type ReactNode } from 'react';
import type { TBackend } from '@/lib/backend/port';

const BackendContext = createContext<TBackend | null>(null);

export function BackendProvider({ backend, children }: { backend: TBackend; children: ReactNode }) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>;
}

export function useBackend(): TBackend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend must be used inside <BackendProvider>');
  return backend;
}
