/**
 * The remote camera session above the routes: opened on the Remote Cam screen, or from the
 * practice and analysis screens, it keeps its phone connected while the desktop moves between them.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useRemoteSessionState, type TRemoteSession } from './use-remote-session';

const RemoteSessionContext = createContext<TRemoteSession | null>(null);

export function RemoteSessionProvider({ children }: { children: ReactNode }) {
  const session = useRemoteSessionState();
  return <RemoteSessionContext.Provider value={session}>{children}</RemoteSessionContext.Provider>;
}

export function useRemoteSession(): TRemoteSession {
  const session = useContext(RemoteSessionContext);
  if (!session) throw new Error('useRemoteSession needs a RemoteSessionProvider above it');
  return session;
}

/** The picture of the first live phone camera, or null while no phone streams. */
export function useLivePhoneStream(): MediaStream | null {
  return useRemoteSession().cameras.find((camera) => camera.hasPicture)?.stream ?? null;
}

/**
 * Ends the user's remote session, if one is open (its phones are told at once), and resolves
 * once it is forgotten: sign-out calls it first, since the session belongs to the signed-in user.
 */
export function useEndRemoteSession(): () => Promise<void> {
  return useRemoteSession().end;
}
