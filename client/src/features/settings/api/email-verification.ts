import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';

/** Sends a link proving the signed-in user's e-mail (the embedded gateway writes it to its log). */
export function useSendEmailVerification() {
  const backend = useBackend();
  return useMutation({ mutationFn: () => backend.identity.sendEmailVerification() });
}

/** Whether the signed-in account's e-mail address is verified (read from the identity provider's current user). */
export function useIsEmailVerified(): boolean {
  const backend = useBackend();
  return backend.identity.currentUser()?.emailVerified === true;
}
