import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAppStore } from '@/stores/app-store';
import { forgetUserReplays } from './replay/kept-replays';

/** The signed-in user's uid, taken before signing out: the backend's sign-out may clear the user first. */
export const signedInUid = (): string | undefined => useAppStore.getState().currentUser?.uid;

/**
 * Leaves nothing of this user on this device (sign-out, account deletion): the user and so the
 * roles, every cached query (and so the copy kept for offline starts) and the replays kept for
 * their results. Resolves once the replays are gone, so the next sign-in finds none.
 */
export function useForgetUser(): (uid: string | undefined) => Promise<void> {
  const queryClient = useQueryClient();
  const setCurrentUser = useAppStore((state) => state.setCurrentUser);
  return useCallback(async (uid: string | undefined) => {
    setCurrentUser(null);
    queryClient.clear();
    if (uid) await forgetUserReplays(uid).catch((error: unknown) => console.warn('The kept replays could not be removed', error));
  }, [queryClient, setCurrentUser]);
}
