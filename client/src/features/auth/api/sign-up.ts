import { useMutation } from '@tanstack/react-query';
import type { TAuthUser } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import type { TSignUpForm } from '../schemas';

export function signUp(backend: TBackend, { email, password, displayName }: TSignUpForm): Promise<TAuthUser> {
  return backend.identity.signUp(email, password, displayName || undefined);
}

export function useSignUp() {
  const backend = useBackend();
  return useMutation({ mutationFn: (form: TSignUpForm) => signUp(backend, form) });
}
