import { mdiCheckCircle, mdiCircleOutline } from '@mdi/js';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { InlineError, InlineLoading } from '@/components/ui/status';
import { errorText } from '@/lib/errors';
import { useRecapHistory } from '../api/get-history';
import { historyHref } from '../history';
import { computeRecap, improvementWords, type TRecap } from '../recap';

/** Each figure links to the history behind it (`onNavigate` closes the dialog it sits in). */
function Tile({ label, value, to, onNavigate }: { label: string; value: string; to: string; onNavigate?: () => void }) {
  return (
    <li>
      <Link to={to} onClick={onNavigate} className="flex h-full flex-col gap-1 rounded-xl bg-surface p-4 hover:bg-white/10">
        <span className="text-2xl font-bold text-primary">{value}</span>
        <span className="text-sm text-muted">{label}</span>
      </Link>
    </li>
  );
}

/** Every milestone, reached or not yet: the achievements are listed, not only counted. */
function Achievements({ recap }: { recap: TRecap }) {
  return (
    <section aria-labelledby="recap-achievements" className="flex flex-col gap-2">
      <h2 id="recap-achievements" className="text-lg font-semibold">
        Achievements: {recap.achievementCount} of {recap.achievements.length}
      </h2>
      <ul aria-label="Achievements" className="grid gap-2 sm:grid-cols-2">
        {recap.achievements.map((achievement) => (
          <li key={achievement.id} className={`flex items-center gap-2 rounded-lg bg-surface px-3 py-2 ${achievement.isReached ? '' : 'text-muted'}`}>
            <Icon path={achievement.isReached ? mdiCheckCircle : mdiCircleOutline} className={achievement.isReached ? 'text-primary' : ''} />
            <span className="flex-1">{achievement.label}</span>
            <span className="text-sm">{achievement.isReached ? 'Reached' : 'Not yet'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The recap tiles from the user's last 200 analyses and stat sessions (see recap.ts), and the
 * achievements listed. The improvement says what it is against, and shows only once there are
 * two judged analyses to compare.
 */
export function RecapTiles({ uid, onNavigate }: { uid: string; onNavigate?: () => void }) {
  const { analyses, statSessions } = useRecapHistory(uid);
  if (analyses.isPending || statSessions.isPending) return <InlineLoading label="Loading your recap…" />;
  if (analyses.isError || statSessions.isError) {
    const retry = () => void Promise.all([analyses.refetch(), statSessions.refetch()]);
    return <InlineError message={`Your recap could not be loaded: ${errorText(analyses.error ?? statSessions.error)}`} onRetry={retry} />;
  }
  const recap = computeRecap(analyses.data, statSessions.data);
  const improvement = improvementWords(recap.improvementPoints, recap.improvementSpan);
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="Recap" className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Tile label="Sessions" value={String(recap.sessions)} to={historyHref()} onNavigate={onNavigate} />
        <Tile
          label="Average score"
          value={recap.accuracyPercent === null ? '—' : `${recap.accuracyPercent}%`}
          to={historyHref('analysis')}
          onNavigate={onNavigate}
        />
        {improvement ? <Tile label={improvement.against} value={improvement.value} to={historyHref('analysis')} onNavigate={onNavigate} /> : null}
      </ul>
      <Achievements recap={recap} />
    </div>
  );
}
