import { useCallback, useReducer, useRef, useState } from 'react';
import { initialPractice, practiceReducer, type TPlanStep } from '../lib/step-machine';

/** Who paused the practice on their own: the coach (the person left the picture), the phone's camera dropping, or the question on leaving or ending. */
export type TPauseCause = 'coach' | 'drop' | 'leave' | 'end';

/**
 * The practice's state machine, when it started, and its pauses: only the cause that paused it resumes it on its
 * own, the Resume button clears any. Also what the coach calls when the person leaves or comes back.
 */
export function usePracticeMachine(steps: readonly TPlanStep[]) {
  const [state, dispatch] = useReducer(practiceReducer, steps, initialPractice);
  const [startedAt, setStartedAt] = useState(() => new Date().toISOString());
  const begin = () => {
    setStartedAt(new Date().toISOString());
    dispatch({ type: 'start' });
  };
  const pausedBy = useRef<TPauseCause | null>(null);
  const pauseFor = useCallback((reason: TPauseCause) => {
    pausedBy.current = reason;
    dispatch({ type: 'pause' });
  }, []);
  /** Resumes a pause `reason` made; answers whether there was one. */
  const resumeAfter = useCallback((reason: TPauseCause) => {
    if (pausedBy.current !== reason) return false;
    pausedBy.current = null;
    dispatch({ type: 'resume' });
    return true;
  }, []);
  const resume = () => {
    pausedBy.current = null;
    dispatch({ type: 'resume' });
  };
  // The coach says its own words for a pause it makes: the practice's "Paused" would repeat them.
  const isCoachSpeaking = useRef(false);
  // Hands-free: leaving the picture pauses, coming back resumes (only a pause the coach made).
  const onAway = () => {
    if (state.phase !== 'active' || state.isPaused) return;
    isCoachSpeaking.current = true;
    pauseFor('coach');
  };
  const onBack = () => {
    if (resumeAfter('coach')) isCoachSpeaking.current = true;
  };
  return { state, dispatch, startedAt, begin, pauseFor, resumeAfter, resume, isCoachSpeaking, onAway, onBack };
}

export type TPracticeMachine = ReturnType<typeof usePracticeMachine>;
