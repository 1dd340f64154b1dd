import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';

export function useConfirmEmailVerification() {
  const backend = useBackend();
  return useMutation({ mutationFn: (oobCode: string) => backend.identity.confirmEmailVerification(oobCode) });
}
