import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import type { TResetRequestForm } from '../schemas';

export function sendPasswordReset(backend: TBackend, { email }: TResetRequestForm): Promise<void> {
  return backend.identity.sendPasswordReset(email);
}

export function useSendPasswordReset() {
  const backend = useBackend();
  return useMutation({ mutationFn: (form: TResetRequestForm) => sendPasswordReset(backend, form) });
}

/** The embedded server sends no e-mail: it writes the reset link to the gateway log. */
export function useResetLinkGoesToLog(): boolean {
  return useBackend().kind === 'embedded';
}
