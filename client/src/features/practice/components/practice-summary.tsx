import { useState } from 'react';
import { Link } from 'react-router-dom';
import { nounFor, type TTakeSource } from '@movelab/shared';
import { SaveStatus, useSaveOnce } from '@/components/save/save-once';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { newClientId } from '@/lib/offline/outbox-entry';
import { useKeepReplay } from '@/lib/replay/kept-replays';
import type { TReplayProps, TReplayView } from '@/lib/replay/take-video';
import type { TPractice } from '../api/get-practice';
import { practiceSessionId, useSavePractice } from '../api/save-practice';
import { doneOfTarget, practiceLabel, practiceOutcome, stepStatus } from '../lib/outcome';
import { hasRecordedWork, practiceTotals, type TPracticeState } from '../lib/step-machine';

type TSummaryProps = {
  practice: TPractice;
  state: TPracticeState;
  startedAt: string;
  /** The last set the camera filmed, recorded on this device, to replay against its reference. */
  lastSet?: TReplayProps | null;
  Replay?: TReplayView;
  /** Where the camera's picture came from; absent for a practice without the camera. */
  source?: TTakeSource;
};

function BackLinks({ practice }: { practice: TPractice }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={paths.home()} className={buttonClasses()}>
        Back home
      </Link>
      <Link to={paths.discoverActivity({ id: practice.activity.id })} className={buttonClasses('secondary')}>
        Back to {practice.activity.name}
      </Link>
    </div>
  );
}

/** The last set's replay against its reference, behind a button; nothing when no set was recorded. */
function LastSetReplay({ lastSet, Replay }: Pick<TSummaryProps, 'lastSet' | 'Replay'>) {
  const [isReplaying, setIsReplaying] = useState(false);
  if (!Replay || !lastSet) return null;
  return (
    <div className="flex flex-col gap-3">
      <Button variant="secondary" className="self-start" aria-expanded={isReplaying} onClick={() => setIsReplaying((shown) => !shown)}>
        {isReplaying ? 'Close the replay' : 'Replay the last set'}
      </Button>
      {isReplaying ? <Replay {...lastSet} /> : null}
    </div>
  );
}

/**
 * Every step skipped, nothing counted: said plainly, and nothing saved to the history. A set the
 * camera filmed can still be replayed, to see why no rep was counted.
 */
function NothingRecorded({ practice, lastSet, Replay }: Pick<TSummaryProps, 'practice' | 'lastSet' | 'Replay'>) {
  return (
    <section aria-label="Summary" className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Nothing was recorded</h1>
      <p className="text-muted" data-testid="practice-nothing-recorded">
        {practice.routine?.name ?? practice.activity.name}: every step was skipped before a rep was counted, so this practice was not saved to your
        history.
      </p>
      <LastSetReplay lastSet={lastSet} Replay={Replay} />
      <BackLinks practice={practice} />
    </section>
  );
}

/**
 * What was done against the plan, saved once as a routine completion and a practice session;
 * nothing saved when nothing was done. Praise only for a plan done to its every target.
 */
export function PracticeSummary(props: TSummaryProps) {
  return hasRecordedWork(props.state) ? (
    <SavedSummary {...props} />
  ) : (
    <NothingRecorded practice={props.practice} lastSet={props.lastSet} Replay={props.Replay} />
  );
}

function SavedSummary({ practice, state, startedAt, lastSet = null, Replay, source }: TSummaryProps) {
  const save = useSavePractice();
  const totals = practiceTotals(state);
  const outcome = practiceOutcome(state);
  const name = practice.routine?.name ?? practice.activity.name;
  // One id per practice: a retry, or the outbox replaying it, saves the same practice.
  const [resultId] = useState(newClientId);
  const saveNow = useSaveOnce((uid) =>
    save.mutate({
      uid,
      resultId,
      label: practiceLabel(name, state, totals.reps),
      activityId: practice.activity.id,
      routineId: practice.routine?.id ?? null,
      startedAt,
      durationMs: state.elapsedMs,
      steps: state.results,
      reps: totals.reps,
      score: totals.score,
      ...(source ? { source } : {}),
    }),
  );
  // The filmed set stays on this device with the saved practice, for its details in the history.
  useKeepReplay('practice', practiceSessionId(resultId), lastSet);

  return (
    <section aria-label="Summary" className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{outcome.heading}</h1>
      <p className="text-muted" data-testid="practice-outcome">
        {name}: {outcome.steps}; <span data-testid="practice-total-reps">{totals.reps}</span> {nounFor(totals.reps, 'rep')} in{' '}
        {Math.round(state.elapsedMs / 1000)} s{totals.score !== null ? `, form ${Math.round(totals.score * 100)}%` : ''}
      </p>
      <ol className="flex flex-col gap-2">
        {state.results.map((result, index) => (
          <li key={`${result.movementId}-${index}`} className="flex flex-wrap justify-between gap-2 rounded-lg bg-surface p-3">
            <span>{practice.movements.get(result.movementId)?.name ?? result.movementId}</span>
            <span className="text-muted">
              {doneOfTarget(result)}
              {result.score !== undefined ? ` · ${Math.round(result.score * 100)}%` : ''} · {stepStatus(state, index)}
            </span>
          </li>
        ))}
      </ol>
      <LastSetReplay lastSet={lastSet} Replay={Replay} />
      <SaveStatus save={save} savingLabel="Saving…" savedText="Saved to your history" onRetry={saveNow} />
      <BackLinks practice={practice} />
    </section>
  );
}
