import type { TMovescoreGroup, TMovescoreMovement, TPerspective, TVideoAnalysisInput } from '@movelab/shared';
import type { TReference } from '@movelab/shared/movescore/index';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SaveStatus, useSaveOnce } from '@/components/save/save-once';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { newClientId } from '@/lib/offline/outbox-entry';
import type { TReplayView, TTakeVideo } from '@/lib/replay/take-video';
import { useSaveAnalysis } from '../api/save-analysis';
import { angleCurve } from '../lib/angle-curve';
import type { TFinished } from '../lib/finished';
import { AngleChart } from './angle-chart';

type TTarget = { group: TMovescoreGroup; movement: TMovescoreMovement; perspective: TPerspective };

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** The saved form of a result: the spec's four fields plus what the history screens show. */
export function analysisEntry(target: TTarget, finished: TFinished): TVideoAnalysisInput {
  const { result, source } = finished;
  return {
    score: result.score,
    groupId: target.group.id,
    movementId: target.movement.id,
    perspectiveId: target.perspective.id,
    repCount: result.repCount,
    reps: result.reps.map((rep) => ({ score: rep.score, durationMs: rep.durationMs, depthDeg: rep.depthDeg, rangeRatio: rep.rangeRatio })),
    durationMs: result.durationMs,
    source,
    feedback: result.feedback.slice(0, 50),
  };
}

export function AnalysisResult({
  reference,
  target,
  finished,
  onAgain,
  video = null,
  Replay,
}: {
  reference: TReference;
  target: TTarget;
  finished: TFinished;
  onAgain: () => void;
  /** The take's video on this device, when there is one to replay. */
  video?: TTakeVideo | null;
  Replay?: TReplayView;
}) {
  const [isReplaying, setIsReplaying] = useState(false);
  const save = useSaveAnalysis();
  const { result, take } = finished;
  const curve = useMemo(() => angleCurve(reference, take, result.reps), [reference, take, result.reps]);
  const entry = useMemo(() => analysisEntry(target, finished), [target, finished]);

  // Saved once, as soon as the result is shown (a retry button covers a failure).
  // One id per result: a retry, or the outbox replaying it, saves the same analysis.
  const [resultId] = useState(newClientId);
  const label = `${target.movement.name} (${target.perspective.name}), ${percent(result.score)}`;
  const saveNow = useSaveOnce((uid) => save.mutate({ uid, resultId, label, entry, startedAt: finished.startedAt }));

  return (
    <section aria-label="Result" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-6 rounded-2xl bg-surface p-6">
        <div>
          <p className="text-sm text-muted">Score</p>
          <p className="text-5xl font-bold text-primary" data-testid="analysis-score">
            {percent(result.score)}
          </p>
        </div>
        <div>
          <p className="text-sm text-muted">Reps</p>
          <p className="text-3xl font-semibold" data-testid="analysis-rep-count">
            {result.repCount}
          </p>
        </div>
        <div>
          <p className="text-sm text-muted">Duration</p>
          <p className="text-3xl font-semibold">{(result.durationMs / 1000).toFixed(1)} s</p>
        </div>
      </div>

      {Replay && video ? (
        <div className="flex flex-col gap-3">
          <Button variant="secondary" className="self-start" aria-expanded={isReplaying} onClick={() => setIsReplaying((shown) => !shown)}>
            {isReplaying ? 'Close the replay' : 'Replay against the reference'}
          </Button>
          {isReplaying ? <Replay reference={reference} take={take} video={video} /> : null}
        </div>
      ) : null}

      <section aria-label="Feedback" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">Feedback</h2>
        <ul className="flex list-disc flex-col gap-1 pl-6">
          {result.feedback.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      {result.reps.length > 0 ? (
        <section aria-label="Reps" className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">Reps</h2>
          <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {result.reps.map((rep, index) => (
              <li key={rep.startMs} className="rounded-lg bg-surface p-3">
                <p className="text-sm text-muted">Rep {index + 1}</p>
                <p className="text-xl font-semibold">{percent(rep.score)}</p>
                <p className="text-xs text-muted">
                  {(rep.durationMs / 1000).toFixed(1)} s · depth {Math.round(rep.depthDeg)}°
                </p>
                {rep.fault ? <p className="mt-1 text-sm">{rep.fault}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-label="Angle curve" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">Your {reference.primary.replace('_', ' ')} angle</h2>
        <AngleChart curve={curve} label={`${reference.primary} angle over time, yours against the reference`} />
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <SaveStatus save={save} savingLabel="Saving to your sessions…" savedText="Saved to your sessions" onRetry={saveNow} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onAgain}>Analyse again</Button>
        <Link to={paths.movescoreHome()} className={buttonClasses('secondary')}>
          Back to Movescore
        </Link>
      </div>
    </section>
  );
}
