import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { isRunningPhase } from '../lib/step-machine';
import type { TPracticeMachine } from './use-practice-machine';

/**
 * Leaving a running practice (the browser's Back, another address) asks first, the practice
 * paused meanwhile: ending it keeps what was done, leaving drops it only when the user says so.
 * Closing or reloading the tab asks the browser's own question.
 */
export function useLeaveGuard({ state, dispatch, pauseFor, resumeAfter }: TPracticeMachine) {
  const isRunningNow = isRunningPhase(state.phase);
  const leaving = useBlocker(({ currentLocation, nextLocation }) => isRunningNow && currentLocation.pathname !== nextLocation.pathname);
  const isLeaving = leaving.state === 'blocked';
  useEffect(() => {
    if (isLeaving && state.phase !== 'countdown' && !state.isPaused) pauseFor('leave');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the question being asked matters
  }, [isLeaving]);
  useEffect(() => {
    if (!isRunningNow) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isRunningNow]);
  // Ended another way (Esc) while asked: the question is over.
  useEffect(() => {
    if (!isRunningNow && leaving.state === 'blocked') leaving.reset();
  }, [isRunningNow, leaving]);
  return {
    isLeaving,
    endAndSave: () => {
      leaving.reset?.();
      dispatch({ type: 'finish' });
    },
    keepPractising: () => {
      leaving.reset?.();
      resumeAfter('leave');
    },
    leaveWithoutSaving: () => leaving.proceed?.(),
  };
}

export type TLeaveGuard = ReturnType<typeof useLeaveGuard>;
