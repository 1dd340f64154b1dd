/**
 * The practice session as a pure reducer: steps of reps or seconds, a 'Get ready' countdown
 * before each, rests between them, pause and resume, skipping, and the record of what was done.
 * Time comes in as TICK actions, so the machine is tested without clocks.
 */
import type { TPlanStep } from '@/lib/practice-plan';

export type { TPlanStep };

export type TStepResult = {
  movementId: string;
  targetReps?: number;
  targetSeconds?: number;
  reps: number;
  seconds: number;
  score?: number;
};

export type TPracticePhase = 'ready' | 'countdown' | 'active' | 'rest' | 'finished';

export type TPracticeState = {
  steps: readonly TPlanStep[];
  index: number;
  phase: TPracticePhase;
  isPaused: boolean;
  /** The current step: reps counted, active time, rep scores. */
  reps: number;
  activeMs: number;
  scores: number[];
  /** Rest left before the next step. */
  restLeftMs: number;
  results: TStepResult[];
  /** The steps (indexes of `steps` and `results`) ended with Next step before their target. */
  skipped: number[];
  /** Time spent in the session (countdowns and rests too, pauses not). */
  elapsedMs: number;
};

export type TPracticeAction =
  | { type: 'start' }
  | { type: 'countdown-done' }
  /** `isHeld` false: a timed hold the camera judges is not seen held, so the step's time stands still (the session's runs on). */
  | { type: 'tick'; ms: number; isHeld?: boolean }
  /** The live counter's count for the current step, and the score of the rep it just ended. */
  | { type: 'reps'; count: number; score?: number }
  | { type: 'pause' }
  | { type: 'resume' }
  /** Ends the current step with what was done (or the rest, when resting). */
  | { type: 'skip' }
  /** Ends the whole session now, keeping the steps done. */
  | { type: 'finish' };

export function initialPractice(steps: readonly TPlanStep[]): TPracticeState {
  return {
    steps,
    index: 0,
    phase: steps.length ? 'ready' : 'finished',
    isPaused: false,
    reps: 0,
    activeMs: 0,
    scores: [],
    restLeftMs: 0,
    results: [],
    skipped: [],
    elapsedMs: 0,
  };
}

export function currentStep(state: TPracticeState): TPlanStep | null {
  return state.steps[state.index] ?? null;
}

/** Under way: counting down, in a step or resting (not before the start, not after the end). */
export function isRunningPhase(phase: TPracticePhase): boolean {
  return phase === 'countdown' || phase === 'active' || phase === 'rest';
}

const mean = (values: readonly number[]) =>
  values.length ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 1000) / 1000 : undefined;

function stepResult(state: TPracticeState): TStepResult {
  const step = currentStep(state)!;
  const score = mean(state.scores);
  return {
    movementId: step.movementId,
    ...(step.targetReps !== undefined ? { targetReps: step.targetReps } : {}),
    ...(step.targetSeconds !== undefined ? { targetSeconds: step.targetSeconds } : {}),
    reps: state.reps,
    seconds: Math.round(state.activeMs / 100) / 10,
    ...(score !== undefined ? { score } : {}),
  };
}

/** The current step is done: record it, then rest, the next step's countdown, or the end. */
function completeStep(state: TPracticeState): TPracticeState {
  const results = [...state.results, stepResult(state)];
  const isLast = state.index >= state.steps.length - 1;
  const fresh = { reps: 0, activeMs: 0, scores: [], isPaused: false };
  if (isLast) return { ...state, ...fresh, results, phase: 'finished' };
  const restMs = currentStep(state)!.restSeconds * 1000;
  if (restMs > 0) return { ...state, ...fresh, results, phase: 'rest', restLeftMs: restMs };
  return { ...state, ...fresh, results, index: state.index + 1, phase: 'countdown' };
}

function isTargetReached(state: TPracticeState): boolean {
  const step = currentStep(state);
  if (!step) return false;
  if (step.targetReps !== undefined) return state.reps >= step.targetReps;
  return step.targetSeconds !== undefined && state.activeMs >= step.targetSeconds * 1000;
}

export function practiceReducer(state: TPracticeState, action: TPracticeAction): TPracticeState {
  if (state.phase === 'finished') return state;
  switch (action.type) {
    case 'start':
      return state.phase === 'ready' ? { ...state, phase: 'countdown' } : state;
    case 'countdown-done':
      return state.phase === 'countdown' ? { ...state, phase: 'active' } : state;
    case 'pause':
      return state.phase === 'active' || state.phase === 'rest' ? { ...state, isPaused: true } : state;
    case 'resume':
      return { ...state, isPaused: false };
    case 'tick': {
      if (state.isPaused || action.ms <= 0 || state.phase === 'ready') return state;
      const elapsedMs = state.elapsedMs + action.ms;
      if (state.phase === 'rest') {
        const restLeftMs = state.restLeftMs - action.ms;
        if (restLeftMs > 0) return { ...state, elapsedMs, restLeftMs };
        return { ...state, elapsedMs, restLeftMs: 0, index: state.index + 1, phase: 'countdown' };
      }
      if (state.phase !== 'active') return { ...state, elapsedMs };
      const isStill = action.isHeld === false && currentStep(state)?.targetSeconds !== undefined;
      const next = { ...state, elapsedMs, activeMs: state.activeMs + (isStill ? 0 : action.ms) };
      return isTargetReached(next) ? completeStep(next) : next;
    }
    case 'reps': {
      if (state.phase !== 'active' || state.isPaused || action.count <= state.reps) return state;
      const scores = action.score !== undefined ? [...state.scores, action.score] : state.scores;
      const next = { ...state, reps: action.count, scores };
      return isTargetReached(next) ? completeStep(next) : next;
    }
    case 'skip':
      if (state.phase === 'rest') return { ...state, restLeftMs: 0, isPaused: false, index: state.index + 1, phase: 'countdown' };
      return state.phase === 'active' ? completeStep({ ...state, skipped: [...state.skipped, state.index] }) : state;
    case 'finish': {
      const results = state.phase === 'active' ? [...state.results, stepResult(state)] : state.results;
      return { ...state, results, phase: 'finished', isPaused: false };
    }
  }
}

/** Totals for the summary and the saved records. */
export function practiceTotals(state: TPracticeState): { reps: number; score: number | null } {
  const reps = state.results.reduce((sum, result) => sum + result.reps, 0);
  const scored = state.results.flatMap((result) => (result.score !== undefined ? [result.score] : []));
  return { reps, score: mean(scored) ?? null };
}

/**
 * Whether the practice recorded anything worth a history entry: a counted rep, or a timed step
 * held for at least a second. Every step skipped is not "3 of 3 steps, 0 reps".
 */
export function hasRecordedWork(state: TPracticeState): boolean {
  return state.results.some((result) => result.reps > 0 || (result.targetSeconds !== undefined && result.seconds >= 1));
}
