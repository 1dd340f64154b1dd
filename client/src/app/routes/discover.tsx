/** Discover screens (loaded on demand). */
import { useParams } from 'react-router-dom';
import { ActivityDetails } from '@/features/discover/components/activity-details';
import { DiscoverScreen } from '@/features/discover/components/discover-screen';

export function DiscoverRoute() {
  return <DiscoverScreen />;
}

export function DiscoverActivityRoute() {
  const { id = '' } = useParams();
  return <ActivityDetails key={id} activityId={id} />;
}
