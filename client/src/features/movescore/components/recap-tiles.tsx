import { Link } from 'react-router-dom';
import { InlineError, InlineLoading } from '@/components/ui/status';
import { errorText } from '@/lib/errors';
import { useRecapHistory } from '../api/get-history';
import { historyHref } from '../history';
import { computeRecap, formatImprovement } from '../recap';

/** Each figure links to the history behind it (`onNavigate` closes the dialog it sits in). */
function Tile({ label, value, hint, to, onNavigate }: { label: string; value: string; hint?: string; to: string; onNavigate?: () => void }) {
  return (
    <li title={hint}>
      <Link to={to} onClick={onNavigate} className="flex h-full flex-col gap-1 rounded-xl bg-surface p-4 hover:bg-white/10">
        <span className="text-2xl font-bold text-primary">{value}</span>
        <span className="text-sm text-muted">{label}</span>
      </Link>
    </li>
  );
}

/** The four recap tiles, from the user's last 200 analyses and stat sessions (see recap.ts). */
export function RecapTiles({ uid, onNavigate }: { uid: string; onNavigate?: () => void }) {
  const { analyses, statSessions } = useRecapHistory(uid);
  if (analyses.isPending || statSessions.isPending) return <InlineLoading label="Loading your recap…" />;
  if (analyses.isError || statSessions.isError) {
    const retry = () => void Promise.all([analyses.refetch(), statSessions.refetch()]);
    return (
      <InlineError
        message={`Your recap could not be loaded: ${errorText(analyses.error ?? statSessions.error)}`}
        onRetry={retry}
      />
    );
  }
  const recap = computeRecap(analyses.data, statSessions.data);
  const reached = recap.achievements.filter((achievement) => achievement.isReached).map((achievement) => achievement.label);
  return (
    <ul aria-label="Recap" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Tile label="Sessions" value={String(recap.sessions)} to={historyHref()} onNavigate={onNavigate} />
      <Tile
        label="Improvement"
        value={formatImprovement(recap.improvementPoints)}
        hint="Last 5 analyses against the 5 before"
        to={historyHref('analysis')}
        onNavigate={onNavigate}
      />
      <Tile
        label="Accuracy"
        value={recap.accuracyPercent === null ? '—' : `${recap.accuracyPercent}%`}
        to={historyHref('analysis')}
        onNavigate={onNavigate}
      />
      <Tile
        label="Achievements"
        value={String(recap.achievementCount)}
        hint={reached.join(', ') || 'None yet'}
        to={historyHref()}
        onNavigate={onNavigate}
      />
    </ul>
  );
}
