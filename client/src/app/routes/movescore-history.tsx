import { HistoryScreen } from '@/features/movescore';
import { useAppStore } from '@/stores/app-store';

export default function MovescoreHistoryRoute() {
  const uid = useAppStore((state) => state.currentUser?.uid);
  // The guard only lets signed-in users here; this keeps the types honest.
  if (!uid) return null;
  return <HistoryScreen uid={uid} />;
}
