import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { signedInUid, useForgetUser } from '@/lib/forget-user';

/**
 * Deletes the signed-in account and everything stored for it (server side, in both backends),
 * then calls `onDeleted` (while the screen is still there, to leave it) and leaves nothing of the
 * user on this device, as signing out does. Needs a recent sign-in; the last admin is refused.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const backend = useBackend();
  const forgetUser = useForgetUser();
  return useMutation({
    onMutate: signedInUid,
    mutationFn: () => backend.identity.deleteAccount(),
    onSuccess: (_data, _variables, uid) => {
      onDeleted();
      return forgetUser(uid);
    },
  });
}
