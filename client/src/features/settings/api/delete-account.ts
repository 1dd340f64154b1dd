import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { useAppStore } from '@/stores/app-store';

/**
 * Deletes the signed-in account and everything stored for it (server side, in both backends),
 * then calls `onDeleted` (while the screen is still there, to leave it) and forgets the user and
 * every cached query, as signing out does. Needs a recent sign-in; the last admin is refused.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const setCurrentUser = useAppStore((state) => state.setCurrentUser);
  return useMutation({
    mutationFn: () => backend.identity.deleteAccount(),
    onSuccess: () => {
      onDeleted();
      setCurrentUser(null);
      queryClient.clear();
    },
  });
}
