import { useEffect, useRef } from 'react';
import { startCountdown } from './start-countdown';

/** Seconds of 'Get ready' before recording or a practice step. */
export const GET_READY_SECONDS = 3;

/**
 * Shows the 'Get ready' countdown overlay while `isArmed` (again whenever `subtext` changes);
 * calls `onDone` when it reaches zero, unless disarmed or unmounted in the meantime.
 */
export function useGetReady(isArmed: boolean, subtext: string, onDone: () => void): void {
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!isArmed) return;
    let isCurrent = true;
    void startCountdown({ duration: GET_READY_SECONDS, textToDisplay: 'Get ready', subtextToDisplay: subtext }).then(() => {
      if (isCurrent) done.current();
    });
    return () => {
      isCurrent = false;
    };
  }, [isArmed, subtext]);
}
