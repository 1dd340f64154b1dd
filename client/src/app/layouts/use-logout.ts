import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from '@/features/auth/api/sign-out';
import { paths } from '@/config/paths';

/** Logout (spec §2): sign out, clear the connected user, go to /auth. */
export function useLogout(): () => void {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut.mutate(undefined, {
      onError: (error) => console.error(error),
      onSettled: () => void navigate(paths.auth(), { replace: true }),
    });
  }, [signOut, navigate]);
}
