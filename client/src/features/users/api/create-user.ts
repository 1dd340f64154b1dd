import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_DISPLAY_NAME, ZUserCreate, type TUser } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';

export type TCreateUserInput = { uid: string; displayName?: string | null; email?: string | null };

const createData = ({ displayName, email }: TCreateUserInput) => {
  const data = ZUserCreate.parse({ displayName: displayName?.trim() || DEFAULT_DISPLAY_NAME, email: email ?? '' });
  return { displayName: data.displayName, email: data.email };
};

/** Creates users/{uid} with the account's display name ('New User' when none, DEFAULT_DISPLAY_NAME) and e-mail. */
export function createUser(backend: TBackend, input: TCreateUserInput): Promise<TUser> {
  return backend.users.createUser(input.uid, createData(input));
}

/** users/{uid}, created as `createUser` does when a new sign-up has none yet (spec §4, start-up). */
export function loadOrCreateUser(backend: TBackend, input: TCreateUserInput): Promise<TUser> {
  return backend.users.loadOrCreateUser(input.uid, createData(input));
}

export function useCreateUser() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateUserInput) => createUser(backend, input),
    onSuccess: (user, input) => queryClient.setQueryData(queryKeys.users.detail(input.uid), user),
  });
}
