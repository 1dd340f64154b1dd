import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAppStore } from '@/stores/app-store';
import { forgetUserReplays } from './replay/kept-replays';

/**
 * Leaves nothing of the signed-in user on this device (sign-out, account deletion): the user and
 * so the roles, every cached query (and so the copy kept for offline starts) and the replays kept
 * for their results. Resolves once the replays are gone, so the next sign-in finds none.
 */
export function useForgetUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  const setCurrentUser = useAppStore((state) => state.setCurrentUser);
  return useCallback(async () => {
    const uid = useAppStore.getState().currentUser?.uid;
    setCurrentUser(null);
    queryClient.clear();
    if (uid) await forgetUserReplays(uid).catch((error: unknown) => console.warn('The kept replays could not be removed', error));
  }, [queryClient, setCurrentUser]);
}
