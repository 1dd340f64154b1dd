import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZProfileUpdate, type TProfileUpdate, type TUser } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';
import { useAppStore } from '@/stores/app-store';
import type { TProfileForm } from '../schemas';

/** Only what the user changed, so an untouched e-mail never asks the identity provider. */
export function profileChanges(user: TUser, form: TProfileForm): TProfileUpdate {
  const changes: TProfileUpdate = {};
  if (form.displayName !== user.displayName) changes.displayName = form.displayName;
  if (form.email.toLowerCase() !== user.email.toLowerCase()) changes.email = form.email;
  if (form.height !== (user.height ?? null)) changes.height = form.height;
  if (form.gender !== (user.gender ?? null)) changes.gender = form.gender;
  return changes;
}

/**
 * Saves the profile. A new e-mail goes to the identity account first: it is the step that can
 * be refused (in use, or a sign-in that is not recent), and then the user record follows.
 */
export async function updateProfile(backend: TBackend, uid: string, changes: TProfileUpdate): Promise<TUser> {
  const update = ZProfileUpdate.parse(changes);
  if (update.email !== undefined) await backend.identity.updateEmail(update.email);
  return backend.users.updateProfile(uid, update);
}

export function useUpdateProfile(uid: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const setDisplayName = useAppStore((state) => state.setDisplayName);
  return useMutation({
    mutationFn: (changes: TProfileUpdate) => updateProfile(backend, uid, changes),
    onSuccess: async (user) => {
      setDisplayName(user.displayName);
      queryClient.setQueryData(queryKeys.users.detail(uid), user);
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.detail(uid), exact: true });
    },
  });
}
