import { relativeTime, scoreLabel, type TRecentSession } from '@movelab/shared';
import { EmptyState, InlineError, InlineLoading } from '@/components/ui/status';
import { errorText } from '@/lib/errors';
import { useRecentSessions } from '../api/get-recent-sessions';
import { CoverThumb } from './cover-thumb';

function SessionCard({ session }: { session: TRecentSession }) {
  return (
    <li className="flex items-center gap-4 rounded-xl bg-surface p-3">
      <CoverThumb url={session.coverUrl} />
      <div className="flex min-w-0 flex-col gap-1">
        <span className="truncate font-semibold">{session.groupName}</span>
        <span className="text-sm text-primary">{scoreLabel(session.score)}</span>
        <time dateTime={session.createdAt} className="text-xs text-muted">
          {relativeTime(session.createdAt)}
        </time>
      </div>
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
    return <EmptyState>No movescore sessions yet. Analyse a movement and your score shows up here.</EmptyState>;
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {sessions.data.map((session) => (
        <SessionCard key={session.id} session={session} />
      ))}
    </ul>
  );
}
