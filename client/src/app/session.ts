import type { QueryClient } from '@tanstack/react-query';
import type { TAuthUser, TUser } from '@movelab/shared';
import { createUser, getUserQueryOptions } from '@/features/users';
import type { TBackend } from '@/lib/backend/port';
import { isBrowserOnline, isNetworkFailure } from '@/lib/offline/online';
import { queryKeys } from '@/lib/query-keys';
import type { TCurrentUser } from '@/stores/app-store';

/**
 * The user record from the gateway; without a network, the copy kept on the device (an
 * installed app opened offline by a user who signed in before).
 */
async function loadUser(backend: TBackend, queryClient: QueryClient, uid: string): Promise<TUser | null> {
  const cached = queryClient.getQueryData<TUser | null>(queryKeys.users.detail(uid));
  if (cached && !isBrowserOnline()) return cached;
  try {
    return await queryClient.fetchQuery({ ...getUserQueryOptions(backend, uid), staleTime: 0 });
  } catch (error) {
    if (cached && isNetworkFailure(error)) return cached;
    throw error;
  }
}

/**
 * Start-up for a signed-in account (spec §4): load users/{uid}, or create it with the
 * account's display name ('New User' when none) and e-mail.
 */
export async function loadOrCreateUser(backend: TBackend, queryClient: QueryClient, authUser: TAuthUser): Promise<TCurrentUser> {
  const existing = await loadUser(backend, queryClient, authUser.uid);
  const record = existing ?? (await createUser(backend, { uid: authUser.uid, displayName: authUser.displayName, email: authUser.email }));
  queryClient.setQueryData(queryKeys.users.detail(authUser.uid), record);
  return { ...record, uid: authUser.uid };
}
