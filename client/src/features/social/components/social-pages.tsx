import { mdiAccountHeart, mdiEarth } from '@mdi/js';
import { ComingSoonPage } from './coming-soon';

export function FriendsPage() {
  return (
    <ComingSoonPage
      title="Friends"
      icon={mdiAccountHeart}
      intro="Practise together: soon you can connect with friends and keep each other going."
      upcoming={[
        'Find friends by name and send a friend request',
        'See how your friends’ movescore results improve',
        'Invite a friend to practise the same routine',
      ]}
    />
  );
}

export function CommunityPage() {
  return (
    <ComingSoonPage
      title="Community"
      icon={mdiEarth}
      intro="Move with everyone: soon the Movelab community gets a place of its own."
      upcoming={[
        'Weekly challenges with a shared leaderboard',
        'Routines shared by other members',
        'Live group sessions with a coach',
      ]}
    />
  );
}
