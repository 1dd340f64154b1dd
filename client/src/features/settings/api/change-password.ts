import { APP_ERRORS, MovelabError } from '@movelab/shared';
import { useMutation } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';

export type TPasswordChange = { currentPassword: string; newPassword: string };

/**
 * Signs the user in again with their current password, then sets the new one: the provider
 * wants a sign-in within 5 minutes before a password change (else auth/requires-recent-login),
 * and a session opened earlier than that is not one. The same user signing in again keeps their
 * session and the app's state on both backends. A wrong current password fails the sign-in
 * (auth/invalid-credential) and changes nothing.
 */
export async function changePassword(backend: TBackend, { currentPassword, newPassword }: TPasswordChange): Promise<void> {
  const email = backend.identity.currentUser()?.email;
  if (!email) throw new MovelabError(APP_ERRORS.unauthenticated, 'Not signed in', 401);
  await backend.identity.signIn(email, currentPassword);
  await backend.identity.updatePassword(newPassword);
}

export function useChangePassword() {
  const backend = useBackend();
  return useMutation({ mutationFn: (change: TPasswordChange) => changePassword(backend, change) });
}
