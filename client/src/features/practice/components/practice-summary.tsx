import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses, Spinner } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';
import type { TPractice } from '../api/get-practice';
import { useSavePractice } from '../api/save-practice';
import { practiceTotals, type TPracticeState } from '../lib/step-machine';

/** What was done, saved once as a routine completion and a practice session. */
export function PracticeSummary({ practice, state, startedAt }: { practice: TPractice; state: TPracticeState; startedAt: string }) {
  const uid = useAppStore((store) => store.currentUser?.uid ?? null);
  const save = useSavePractice();
  const hasSaved = useRef(false);
  const totals = practiceTotals(state);
  const saveNow = () => {
    if (!uid) return;
    save.mutate({
      uid,
      activityId: practice.activity.id,
      routineId: practice.routine?.id ?? null,
      startedAt,
      durationMs: state.elapsedMs,
      steps: state.results,
      reps: totals.reps,
      score: totals.score,
    });
  };
  useEffect(() => {
    if (hasSaved.current || !uid) return;
    hasSaved.current = true;
    saveNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);

  return (
    <section aria-label="Summary" className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Well done</h1>
      <p className="text-muted">
        {practice.routine?.name ?? practice.activity.name}: {state.results.length} of {practice.steps.length} steps,{' '}
        <span data-testid="practice-total-reps">{totals.reps}</span> reps in {Math.round(state.elapsedMs / 1000)} s
        {totals.score !== null ? `, form ${Math.round(totals.score * 100)}%` : ''}
      </p>
      <ol className="flex flex-col gap-2">
        {state.results.map((result, index) => (
          <li key={`${result.movementId}-${index}`} className="flex flex-wrap justify-between gap-2 rounded-lg bg-surface p-3">
            <span>{practice.movements.get(result.movementId)?.name ?? result.movementId}</span>
            <span className="text-muted">
              {result.targetReps !== undefined ? `${result.reps} / ${result.targetReps} reps` : `${Math.round(result.seconds)} / ${result.targetSeconds} s`}
              {result.score !== undefined ? ` · ${Math.round(result.score * 100)}%` : ''}
            </span>
          </li>
        ))}
      </ol>
      {save.isPending ? <Spinner size={16} label="Saving…" /> : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-muted">
          Saved to your history
        </p>
      ) : null}
      {save.isError ? <InlineError message={`Not saved: ${save.error.message}`} onRetry={saveNow} /> : null}
      <div className="flex flex-wrap gap-3">
        <Link to={paths.home()} className={buttonClasses()}>
          Back home
        </Link>
        <Link to={paths.discoverActivity({ id: practice.activity.id })} className={buttonClasses('secondary')}>
          Back to {practice.activity.name}
        </Link>
      </div>
    </section>
  );
}
