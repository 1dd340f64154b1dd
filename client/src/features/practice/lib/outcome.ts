/**
 * What a finished practice comes to, in words that match it: "Well done" only when every step
 * of the plan reached its target; otherwise what was done against the target ("Set finished:
 * 2 of 12 reps") and which steps were skipped, ended early or not reached. The summary shows
 * these words, the coach says them and the saved practice is labelled with them.
 */
import { countOf } from '@movelab/shared';
import type { TPracticeState, TStepResult } from './step-machine';

/** A step of the record: done to its target, skipped with Next step, or the one the session was ended in. */
export type TStepStatus = 'done' | 'skipped' | 'ended early';

/** Whether a step reached its target: its reps, or its seconds. */
export function isTargetMet(result: TStepResult): boolean {
  if (result.targetReps !== undefined) return result.reps >= result.targetReps;
  return result.targetSeconds === undefined || result.seconds >= result.targetSeconds;
}

/** "2 of 12 reps", "12 of 30 s". */
export function doneOfTarget(result: TStepResult): string {
  if (result.targetReps !== undefined) return `${result.reps} of ${countOf(result.targetReps, 'rep')}`;
  return `${Math.floor(result.seconds)} of ${result.targetSeconds ?? 0} s`;
}

export function stepStatus(state: TPracticeState, index: number): TStepStatus {
  const result = state.results[index];
  if (result && isTargetMet(result)) return 'done';
  return state.skipped.includes(index) ? 'skipped' : 'ended early';
}

export type TPracticeOutcome = {
  /** Every step of the plan reached its target. */
  isComplete: boolean;
  /** "Well done", "Set finished: 2 of 12 reps", "Session finished: 1 of 3 steps done". */
  heading: string;
  /** "1 of 3 steps done, 1 step skipped, 1 step not reached"; "0 of 1 step done, 1 step ended early". */
  steps: string;
};

export function practiceOutcome(state: TPracticeState): TPracticeOutcome {
  const statuses = state.results.map((_, index) => stepStatus(state, index));
  const done = statuses.filter((status) => status === 'done').length;
  const skipped = statuses.filter((status) => status === 'skipped').length;
  const notReached = state.steps.length - state.results.length;
  const isComplete = done === state.steps.length;
  const steps = [
    `${done} of ${countOf(state.steps.length, 'step')} done`,
    ...(skipped ? [`${countOf(skipped, 'step')} skipped`] : []),
    ...(statuses.includes('ended early') ? ['1 step ended early'] : []),
    ...(notReached ? [`${countOf(notReached, 'step')} not reached`] : []),
  ].join(', ');
  // One set practised: what it came to says the most.
  const only = state.results.length === 1 ? state.results[0] : undefined;
  const heading = isComplete
    ? 'Well done'
    : only
      ? `Set finished: ${doneOfTarget(only)}`
      : `Session finished: ${done} of ${countOf(state.steps.length, 'step')} done`;
  return { isComplete, heading, steps };
}

/** The saved practice's label: "Core basics, 20 reps" when complete, else with its steps ("Core basics, 10 reps (1 of 2 steps done, 1 step skipped)"). */
export function practiceLabel(name: string, state: TPracticeState, reps: number): string {
  const outcome = practiceOutcome(state);
  return `${name}, ${countOf(reps, 'rep')}${outcome.isComplete ? '' : ` (${outcome.steps})`}`;
}
