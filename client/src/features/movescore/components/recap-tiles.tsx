import { InlineError, InlineLoading } from '@/components/ui/status';
import { errorText } from '@/lib/errors';
import { useRecapHistory } from '../api/get-history';
import { computeRecap, formatImprovement } from '../recap';

function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <li className="flex flex-col gap-1 rounded-xl bg-surface p-4" title={hint}>
      <span className="text-2xl font-bold text-primary">{value}</span>
      <span className="text-sm text-muted">{label}</span>
    </li>
  );
}

/** The four recap tiles, from the user's last 200 analyses and stat sessions (see recap.ts). */
export function RecapTiles({ uid }: { uid: string }) {
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
      <Tile label="Sessions" value={String(recap.sessions)} />
      <Tile label="Improvement" value={formatImprovement(recap.improvementPoints)} hint="Last 5 analyses against the 5 before" />
      <Tile label="Accuracy" value={recap.accuracyPercent === null ? '—' : `${recap.accuracyPercent}%`} />
      <Tile label="Achievements" value={String(recap.achievementCount)} hint={reached.join(', ') || 'None yet'} />
    </ul>
  );
}
