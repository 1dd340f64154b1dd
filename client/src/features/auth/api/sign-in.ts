import { useMutation } from '@tanstack/react-query';
import type { TAuthUser } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import type { TSignInForm } from '../schemas';

export function signIn(backend: TBackend, { email, password }: TSignInForm): Promise<TAuthUser> {
  return backend.identity.signIn(email, password);
}

export function useSignIn() {
  const backend = useBackend();
  return useMutation({ mutationFn: (form: TSignInForm) => signIn(backend, form) });
}
