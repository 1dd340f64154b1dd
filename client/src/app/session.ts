import type { QueryClient } from '@tanstack/react-query';
import type { TAuthUser } from '@movelab/shared';
import { createUser } from '@/features/users/api/create-user';
import { getUserQueryOptions } from '@/features/users/api/get-user';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';
import type { TCurrentUser } from '@/stores/app-store';

/**
 * Start-up for a signed-in account (spec §4): load users/{uid}, or create it with the
 * account's display name ('New User' when none) and e-mail.
 */
export async function loadOrCreateUser(backend: TBackend, queryClient: QueryClient, authUser: TAuthUser): Promise<TCurrentUser> {
  const existing = await queryClient.fetchQuery({ ...getUserQueryOptions(backend, authUser.uid), staleTime: 0 });
  const record =
    existing ?? (await createUser(backend, { uid: authUser.uid, displayName: authUser.displayName, email: authUser.email }));
  queryClient.setQueryData(queryKeys.users.detail(authUser.uid), record);
  return { ...record, uid: authUser.uid };
}
