import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';

/** Sends a link proving the signed-in user's e-mail (the embedded gateway writes it to its log). */
export function useSendEmailVerification() {
  const backend = useBackend();
  return useMutation({ mutationFn: () => backend.identity.sendEmailVerification() });
}
