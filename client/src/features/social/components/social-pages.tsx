import { mdiEarth } from '@mdi/js';
import { ComingSoonPage } from './coming-soon';

export function CommunityPage() {
  return (
    <ComingSoonPage
      title="Community"
      icon={mdiEarth}
      intro="Move with everyone: soon the Movelab community gets a place of its own."
      upcoming={['Weekly challenges with a shared leaderboard', 'Routines shared by other members', 'Live group sessions with a coach']}
    />
  );
}
