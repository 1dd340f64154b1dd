import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';

export type TConfirmReset = { oobCode: string; newPassword: string };

export function confirmPasswordReset(backend: TBackend, { oobCode, newPassword }: TConfirmReset): Promise<void> {
  return backend.identity.confirmPasswordReset(oobCode, newPassword);
}

export function useConfirmPasswordReset() {
  const backend = useBackend();
  return useMutation({ mutationFn: (input: TConfirmReset) => confirmPasswordReset(backend, input) });
}

/** Checks the reset link as its page opens (spends nothing): resolves with the account's e-mail. */
export function useCheckPasswordReset() {
  const backend = useBackend();
  return useMutation({ mutationFn: (oobCode: string) => backend.identity.verifyPasswordResetCode(oobCode) });
}
