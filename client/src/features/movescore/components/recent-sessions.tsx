import { relativeTime, scoreLabel, type TRecentSession } from '@movelab/shared';
import { Link } from 'react-router-dom';
import { EmptyState, InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { useRecentSessions } from '../api/get-recent-sessions';
import { CoverThumb } from './cover-thumb';

/** A recent session opens what was saved of it, as its row in History does. */
function SessionCard({ session }: { session: TRecentSession }) {
  return (
    <li>
      <Link
        to={paths.movescoreHistoryItem({ kind: 'analysis', id: session.id })}
        className="flex items-center gap-4 rounded-xl bg-surface p-3 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <CoverThumb url={session.coverUrl} />
        <span className="flex min-w-0 flex-col gap-1">
          <span className="truncate font-semibold">{session.groupName}</span>
          <span className="text-sm text-primary">{scoreLabel(session.score)}</span>
          <time dateTime={session.createdAt} className="text-xs text-muted">
            {relativeTime(session.createdAt)}
          </time>
        </span>
      </Link>
    </li>
  );
}

/** The user's last movescore sessions, with loading, error and empty states. */
export function RecentSessions({ uid }: { uid: string }) {
  const sessions = useRecentSessions(uid);
  if (sessions.isPending) return <InlineLoading label="Loading your sessions…" />;
  if (sessions.isError) {
    return <InlineError message={`Your sessions could not be loaded: ${errorText(sessions.error)}`} onRetry={() => void sessions.refetch()} />;
  }
  if (sessions.data.length === 0) {
    return <EmptyState>No analyses yet. Analyse a movement and your score shows up here; your practices are in History.</EmptyState>;
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {sessions.data.map((session) => (
        <SessionCard key={session.id} session={session} />
      ))}
    </ul>
  );
}
