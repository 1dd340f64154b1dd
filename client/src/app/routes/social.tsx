import { FriendsScreen } from '@/features/social';
import { useAppStore } from '@/stores/app-store';

export { CommunityPage as CommunityRoute } from '@/features/social';

export function FriendsRoute() {
  const uid = useAppStore((state) => state.currentUser?.uid);
  // The guard only lets signed-in users here; this keeps the types honest.
  if (!uid) return null;
  return <FriendsScreen uid={uid} />;
}
