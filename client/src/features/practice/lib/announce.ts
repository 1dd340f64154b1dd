/**
 * What the coach says and plays between two states of the practice: get ready, start, last
 * rep, set done (or skipped, with what was done), rest with its time and the next movement, the
 * end of a rest and of the session, praised only when every step reached its target. Pure, so
 * every transition is tested without a browser; counts and form cues are the coach's own.
 */
import type { TAnnouncement } from '@/lib/pose/session-coach';
import { doneOfTarget, practiceOutcome, stepStatus } from './outcome';
import { currentStep, type TPracticeState } from './step-machine';
import { countOf } from '@movelab/shared';

const NOTHING: TAnnouncement = { say: [], chime: null };

/** "Set done", or "Set skipped: 2 of 12 reps" / "Set ended: 2 of 12 reps" for a set short of its target. */
function setWords(state: TPracticeState, index: number): string {
  const result = state.results[index];
  const status = stepStatus(state, index);
  if (!result || status === 'done') return 'Set done';
  return `Set ${status === 'skipped' ? 'skipped' : 'ended'}: ${doneOfTarget(result)}`;
}

/** The end: the set under way, unless the session's words say it already (one set practised), then the session. */
function finishWords(previous: TPracticeState, next: TPracticeState): string[] {
  const outcome = practiceOutcome(next);
  const hasSetWords = previous.phase === 'active' && (outcome.isComplete || next.results.length > 1);
  return [...(hasSetWords ? [setWords(next, next.results.length - 1)] : []), outcome.isComplete ? 'Session done. Well done!' : outcome.heading];
}

/** "Set 2 of 3" when the step's movement comes back in the plan, else null. */
export function setLabel(state: TPracticeState): string | null {
  const step = currentStep(state);
  if (!step) return null;
  const sets = state.steps.filter((other) => other.movementId === step.movementId);
  if (sets.length < 2) return null;
  const done = state.steps.slice(0, state.index).filter((other) => other.movementId === step.movementId).length;
  return `Set ${done + 1} of ${sets.length}`;
}

export function practiceAnnouncement(previous: TPracticeState, next: TPracticeState): TAnnouncement {
  if (previous === next || previous.phase === 'finished') return NOTHING;
  const step = currentStep(next);
  if (next.phase === 'finished') return { say: finishWords(previous, next), chime: null };
  if (next.phase === 'countdown' && (previous.phase !== 'countdown' || previous.index !== next.index)) {
    const what = next.index === 0 ? step?.name : `Next movement: ${step?.name}`;
    return { say: [`Get ready. ${what}`], chime: previous.phase === 'rest' ? 'rest-end' : null };
  }
  if (next.phase === 'active' && previous.phase === 'countdown') {
    const target = step?.targetReps !== undefined ? `${step.targetReps} reps` : `${step?.targetSeconds ?? 0} seconds`;
    return { say: [`Start: ${target}`], chime: 'start' };
  }
  if (next.phase === 'rest' && previous.phase === 'active') {
    const following = next.steps[next.index + 1];
    return {
      say: [
        setWords(next, next.index),
        `Rest ${countOf(Math.round(next.restLeftMs / 1000), 'second')}`,
        ...(following ? [`Next: ${following.name}`] : []),
      ],
      chime: null,
    };
  }
  if (
    next.phase === 'active' &&
    next.index === previous.index &&
    next.reps > previous.reps &&
    step?.targetReps !== undefined &&
    next.reps === step.targetReps - 1
  ) {
    return { say: ['Last rep'], chime: null };
  }
  if (next.isPaused !== previous.isPaused && next.phase === previous.phase) return { say: [next.isPaused ? 'Paused' : 'Go on'], chime: null };
  return NOTHING;
}
