/** A user's avatar, read by the app bar, the profile header and settings (one cache entry per user). */
import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';

/** Under the user's key, so invalidating the user refreshes the avatar too. */
export const avatarQueryKey = (uid: string) => [...queryKeys.users.detail(uid), 'avatar'] as const;

/** The avatar's download URL; '' when the user has none. */
export function useAvatarUrl(uid: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: avatarQueryKey(uid),
    queryFn: () => backend.users.getAvatarUrl(uid),
    enabled: uid !== '',
  });
}
