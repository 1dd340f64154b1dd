import { useEffect, useRef, type Dispatch } from 'react';
import { useGetReady } from '@/components/countdown/use-get-ready';
import type { TPracticeAction, TPracticePhase } from '../lib/step-machine';

const TICK_MS = 200;

/**
 * The 'Get ready' overlay before each step (with the session's progress), then time running in
 * steps and rests; `isHeld` false (a hold the camera judges, not seen held) stands a timed step's time still.
 */
export function usePracticeClock(phase: TPracticePhase, stepLabel: string, dispatch: Dispatch<TPracticeAction>, isHeld = true): void {
  useGetReady(phase === 'countdown', stepLabel, () => dispatch({ type: 'countdown-done' }));
  const held = useRef(isHeld);
  useEffect(() => {
    held.current = isHeld;
  }, [isHeld]);
  // The machine ignores ticks while paused.
  useEffect(() => {
    if (phase !== 'active' && phase !== 'rest') return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      dispatch({ type: 'tick', ms: now - last, isHeld: held.current });
      last = now;
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [dispatch, phase]);
}
