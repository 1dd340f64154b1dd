import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from '@/features/auth';
import { useEndRemoteSession } from '@/features/remote-camera';
import { paths } from '@/config/paths';

/**
 * Logout (spec §2): end the remote camera session (it is the signed-in user's: its phone hears at
 * once, and the user record forgets it), sign out, clear the connected user, go to `to` (/auth).
 */
export function useLogout(): (to?: string) => void {
  const signOut = useSignOut();
  const endRemoteSession = useEndRemoteSession();
  const navigate = useNavigate();
  return useCallback(
    (to = paths.auth()) => {
      void endRemoteSession()
        .catch((error: unknown) => console.warn('Ending the remote session failed', error))
        .then(() =>
          signOut.mutate(undefined, {
            onError: (error) => console.error(error),
            onSettled: () => void navigate(to, { replace: true }),
          }),
        );
    },
    [endRemoteSession, signOut, navigate],
  );
}
