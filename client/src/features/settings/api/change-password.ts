import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';

/** Needs a recent sign-in: otherwise the provider answers auth/requires-recent-login. */
export function useChangePassword() {
  const backend = useBackend();
  return useMutation({ mutationFn: (password: string) => backend.identity.updatePassword(password) });
}
