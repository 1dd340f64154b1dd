import { fitsJsonBytes, LIMITS, type TMovescoreGroup, type TMovescoreMovement, type TPerspective, type TVideoAnalysisInput } from '@movelab/shared';
import { SIGNAL_NAMES } from '@movelab/shared/movescore/features';
import { notJudgedLine, type TNotJudged, type TReference } from '@movelab/shared/movescore/index';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SaveStatus, useSaveOnce } from '@/components/save/save-once';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { newClientId } from '@/lib/offline/outbox-entry';
import { useKeepReplay } from '@/lib/replay/kept-replays';
import type { TReplayView, TTakeVideo } from '@/lib/replay/take-video';
import { savedAnalysisId, useSaveAnalysis } from '../api/save-analysis';
import { AngleCurveSection } from '@/components/result/angle-chart';
import { angleCurve } from '@/components/result/angle-curve';
import { RepCards } from '@/components/result/rep-cards';
import type { TFinished } from '../lib/finished';

type TTarget = { group: TMovescoreGroup; movement: TMovescoreMovement; perspective: TPerspective };

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
/** A score, or the words for a take whose form was not judged (score null). */
const scoreOrNot = (score: number | null) => (score === null ? 'Form not judged' : percent(score));

/**
 * The saved form of a result: the spec's four fields plus what the history screens show. A take
 * whose form was not judged is saved with its score null and without its reps, whose scores would
 * claim what the camera did not see.
 */
export function analysisEntry(target: TTarget, finished: TFinished): TVideoAnalysisInput {
  const { result, source } = finished;
  const entry: TVideoAnalysisInput = {
    score: result.score,
    groupId: target.group.id,
    movementId: target.movement.id,
    perspectiveId: target.perspective.id,
    repCount: result.repCount,
    reps: result.reps.map((rep) => ({ score: rep.score, durationMs: rep.durationMs, depthDeg: rep.depthDeg, rangeRatio: rep.rangeRatio })),
    durationMs: result.durationMs,
    source,
    // Within what a saved analysis holds: a longer line is cut with an ellipsis, not refused.
    feedback: result.feedback
      .slice(0, LIMITS.videoAnalysisFeedbackMax)
      .map((line) => (line.length > LIMITS.videoAnalysisFeedbackChars ? `${line.slice(0, LIMITS.videoAnalysisFeedbackChars - 1)}…` : line)),
  };
  // A long take of many reps (a 20-minute file of jumping jacks) is saved with its score and count
  // but without the per-rep list where that list would not fit an entry.
  const fits = result.score !== null && result.reps.length <= LIMITS.videoAnalysisRepsMax && fitsJsonBytes(entry, LIMITS.videoAnalysisBytes);
  if (fits) return entry;
  const { reps: _reps, ...withoutReps } = entry;
  return withoutReps;
}

type TResultProps = {
  reference: TReference;
  target: TTarget;
  finished: TFinished;
  onAgain: () => void;
  /** The take's video on this device, when there is one to replay. */
  video?: TTakeVideo | null;
  Replay?: TReplayView;
};

function NextSteps({ againLabel, onAgain }: { againLabel: string; onAgain: () => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={onAgain}>{againLabel}</Button>
      <Link to={paths.movescoreHome()} className={buttonClasses('secondary')}>
        Back to Movescore
      </Link>
    </div>
  );
}

/**
 * The result's heading, brought into view and focused when the result arrives, so a screen
 * reader reads it out and the keyboard goes on from there.
 */
function ResultHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1} className="scroll-mt-20 text-2xl font-bold outline-none">
      {children}
    </h2>
  );
}

/** A take with no counted rep (the wrong movement, out of frame) is no result: said plainly, not saved, a retry offered. */
function NoRepCounted({ target, onAgain }: Pick<TResultProps, 'target' | 'onAgain'>) {
  return (
    <section aria-label="Result" className="flex flex-col gap-4 rounded-2xl bg-surface p-6">
      <ResultHeading>No rep was counted</ResultHeading>
      <p data-testid="analysis-no-reps">
        This take did not show a full {target.movement.name} rep as seen from the {target.perspective.name} view, so it was not saved to your history.
        Check that you do this movement, with your whole body in the picture, and try again.
      </p>
      <NextSteps againLabel="Try again" onAgain={onAgain} />
    </section>
  );
}

/** The score, or for a take whose form was not judged, why and what to change instead of a number. */
function ScoreFigure({ score, notJudged }: { score: number | null; notJudged: TNotJudged | null }) {
  if (score !== null || !notJudged) {
    return (
      <div>
        <p className="text-sm text-muted">Score</p>
        <p className="text-5xl font-bold text-primary" data-testid="analysis-score">
          {scoreOrNot(score)}
        </p>
      </div>
    );
  }
  return (
    <div className="flex max-w-md flex-col gap-1" data-testid="analysis-not-judged">
      <p className="text-sm text-muted">Score</p>
      <p className="text-3xl font-bold text-primary" data-testid="analysis-score">
        Form not judged
      </p>
      <p>{notJudged.reason}.</p>
      <p className="font-medium">{notJudged.advice}.</p>
    </div>
  );
}

/** The result of a take, saved once; a take without a rep is not saved. */
export function AnalysisResult(props: TResultProps) {
  return props.finished.result.repCount > 0 ? <SavedResult {...props} /> : <NoRepCounted target={props.target} onAgain={props.onAgain} />;
}

function SavedResult({ reference, target, finished, onAgain, video = null, Replay }: TResultProps) {
  const [isReplaying, setIsReplaying] = useState(false);
  const save = useSaveAnalysis();
  const { result, take } = finished;
  const curve = useMemo(() => angleCurve(reference, take, result.reps), [reference, take, result.reps]);
  const entry = useMemo(() => analysisEntry(target, finished), [target, finished]);

  // Saved once, as soon as the result is shown (a retry button covers a failure).
  // One id per result: a retry, or the outbox replaying it, saves the same analysis.
  const [resultId] = useState(newClientId);
  const label = `${target.movement.name} (${target.perspective.name}), ${scoreOrNot(result.score).toLowerCase()}`;
  const saveNow = useSaveOnce((uid) => save.mutate({ uid, resultId, label, entry, startedAt: finished.startedAt }));
  // The take and its video stay on this device with the saved analysis, for its details in the history.
  const kept = useMemo(() => (video ? { reference, take, video } : null), [reference, take, video]);
  useKeepReplay('analysis', savedAnalysisId(resultId), kept);

  return (
    <section aria-label="Result" className="flex flex-col gap-5">
      <ResultHeading>{`Your result: ${scoreOrNot(result.score).toLowerCase()}`}</ResultHeading>
      <div className="flex flex-wrap items-end gap-6 rounded-2xl bg-surface p-6">
        <ScoreFigure score={result.score} notJudged={result.notJudged} />
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
          {/* The reason a take was not judged is said above. */}
          {result.feedback
            .filter((line) => !result.notJudged || line !== notJudgedLine(result.notJudged))
            .map((line) => (
              <li key={line}>{line}</li>
            ))}
        </ul>
      </section>

      {/* A rep's card names its fault only where the feedback above does not already say it for that rep. */}
      <RepCards
        reps={result.reps.map((rep, index) => ({ ...rep, score: result.score === null ? null : rep.score, fault: result.repCues[index] ?? null }))}
      />

      <AngleCurveSection curve={curve} signal={SIGNAL_NAMES[reference.primary]} />

      <div className="flex flex-wrap items-center gap-3">
        <SaveStatus save={save} savingLabel="Saving to your sessions…" savedText="Saved to your sessions" onRetry={saveNow} />
      </div>
      <NextSteps againLabel="Analyse again" onAgain={onAgain} />
    </section>
  );
}
