import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { signedInUid, useForgetUser } from '@/lib/forget-user';

export function signOut(backend: TBackend): Promise<void> {
  return backend.identity.signOut();
}

/** Signs out and leaves nothing of the user on this device (`useForgetUser`), before the caller's own `onSettled`. */
export function useSignOut() {
  const backend = useBackend();
  const forgetUser = useForgetUser();
  return useMutation({
    onMutate: signedInUid,
    mutationFn: () => signOut(backend),
    onSettled: (_data, _error, _variables, uid) => forgetUser(uid),
  });
}
