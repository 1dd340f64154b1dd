import type { QueryClient } from '@tanstack/react-query';
import type { TAuthUser, TUser } from '@movelab/shared';
import { loadOrCreateUserRecord } from '@/features/users';
import type { TBackend } from '@/lib/backend/port';
import { isBrowserOnline, isNetworkFailure } from '@/lib/offline/online';
import { queryKeys } from '@/lib/query-keys';
import type { TCurrentUser } from '@/stores/app-store';

/**
 * Start-up for a signed-in account (spec §4): load users/{uid}, or create it with the account's
 * display name ('New User' when none) and e-mail, in one request (a new sign-up's record is never
 * asked for before it exists: no 404). Without a network, the copy kept on the device (an
 * installed app opened offline by a user who signed in before).
 */
export async function loadOrCreateUser(backend: TBackend, queryClient: QueryClient, authUser: TAuthUser): Promise<TCurrentUser> {
  const key = queryKeys.users.detail(authUser.uid);
  const cached = queryClient.getQueryData<TUser | null>(key);
  let record: TUser;
  if (cached && !isBrowserOnline()) {
    record = cached;
  } else {
    try {
      record = await loadOrCreateUserRecord(backend, { uid: authUser.uid, displayName: authUser.displayName, email: authUser.email });
    } catch (error) {
      if (!(cached && isNetworkFailure(error))) throw error;
      record = cached;
    }
  }
  queryClient.setQueryData(key, record);
  return { ...record, uid: authUser.uid };
}
