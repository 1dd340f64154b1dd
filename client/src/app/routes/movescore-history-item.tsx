import { useParams } from 'react-router-dom';
import { HistoryItemScreen } from '@/features/movescore';
import { ReplayPlayer } from '@/features/replay';
import { useAppStore } from '@/stores/app-store';

/** One session of the history, with the replay player (the app composes the movescore and replay features). */
export default function MovescoreHistoryItemRoute() {
  const uid = useAppStore((state) => state.currentUser?.uid);
  const { kind = '', id = '' } = useParams();
  // The guard only lets signed-in users here; this keeps the types honest.
  if (!uid) return null;
  return <HistoryItemScreen key={`${kind}/${id}`} uid={uid} kind={kind} id={id} Replay={ReplayPlayer} />;
}
