import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { useAppStore } from '@/stores/app-store';

export function signOut(backend: TBackend): Promise<void> {
  return backend.identity.signOut();
}

/** Signs out, forgets the connected user (and so the roles) and every cached query. */
export function useSignOut() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const setCurrentUser = useAppStore((state) => state.setCurrentUser);
  return useMutation({
    mutationFn: () => signOut(backend),
    onSettled: () => {
      setCurrentUser(null);
      queryClient.clear();
    },
  });
}
