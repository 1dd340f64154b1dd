/** Discover screens (loaded on demand). */
import { useParams } from 'react-router-dom';
import { ActivityDetails, DiscoverScreen } from '@/features/discover';

export function DiscoverRoute() {
  return <DiscoverScreen />;
}

export function DiscoverActivityRoute() {
  const { id = '' } = useParams();
  return <ActivityDetails key={id} activityId={id} />;
}
