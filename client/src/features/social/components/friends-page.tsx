/** Friends: the people the user has practised with (from their own history), each a tap from an invitation. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { countOf } from '@movelab/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { EmptyState, InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { usePracticeFriends } from '../api/get-practice-friends';
import { friendName, type TPracticeFriend } from '../lib/friends';
import { InviteDialog } from './invite-dialog';

const dayText = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function FriendRow({ friend, onInvite }: { friend: TPracticeFriend; onInvite: (friend: TPracticeFriend) => void }) {
  const name = friendName(friend);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl bg-surface p-4" data-testid="friend">
      <Avatar url="" name={name} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{name}</span>
        <span className="text-sm text-muted">
          Last practised together <time dateTime={friend.lastPractisedAt}>{dayText(friend.lastPractisedAt)}</time> ·{' '}
          {friend.times === 1 ? 'once' : `${countOf(friend.times, 'time')}`}
        </span>
      </div>
      <Button variant="secondary" aria-label={`Invite ${name}`} onClick={() => onInvite(friend)}>
        Invite
      </Button>
    </li>
  );
}

function NoFriendsYet() {
  return (
    <EmptyState>
      Practise together with someone and they appear here.{' '}
      <Link to={paths.discover()} className="text-primary underline">
        Find a routine in Discover
      </Link>{' '}
      and choose “Practise together” to start a session a friend can join.
    </EmptyState>
  );
}

export function FriendsScreen({ uid }: { uid: string }) {
  const friends = usePracticeFriends(uid);
  const [invited, setInvited] = useState<TPracticeFriend | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle>Friends</PageTitle>
        <p className="text-muted">The people you have practised with, the most recent first.</p>
      </div>
      {friends.isPending ? <InlineLoading label="Loading the people you practised with…" /> : null}
      {friends.isError ? (
        <InlineError message={`Your friends could not be loaded: ${errorText(friends.error)}`} onRetry={() => void friends.refetch()} />
      ) : null}
      {friends.isSuccess && friends.data.length === 0 ? <NoFriendsYet /> : null}
      {friends.isSuccess && friends.data.length > 0 ? (
        <ul aria-label="People you have practised with" className="flex flex-col gap-2">
          {friends.data.map((friend) => (
            <FriendRow key={friend.uid} friend={friend} onInvite={setInvited} />
          ))}
        </ul>
      ) : null}
      <InviteDialog friend={invited} onClose={() => setInvited(null)} />
    </div>
  );
}
