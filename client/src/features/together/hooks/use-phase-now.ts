/**
 * The group's phase right now and, in a countdown, the whole seconds left: read by the gateway's
 * clock (`offset`), ticking a few times a second while a countdown runs, so every screen shows
 * the same number and turns to the step at the same moment.
 */
import type { TGroupBoard, TGroupPhase } from '@movelab/shared';
import { useEffect, useState } from 'react';
import { phaseNow, secondsLeft } from '../lib/clock';

const TICK_MS = 100;

export function usePhaseNow(
  board: Pick<TGroupBoard, 'phase' | 'startsAt' | 'now'> | null,
  offset: number,
): { phase: TGroupPhase | null; seconds: number } {
  const [now, setNow] = useState(() => Date.now());
  const countdownTo = board?.phase === 'countdown' ? board.startsAt : null;
  useEffect(() => {
    if (countdownTo === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [countdownTo]);
  if (!board) return { phase: null, seconds: 0 };
  // Until the first tick after a new board, `now` may be old: never more than the countdown the board gave.
  const phase = phaseNow(board, offset, now);
  if (phase !== 'countdown' || board.startsAt === null) return { phase, seconds: 0 };
  const longest = Math.ceil((board.startsAt - board.now) / 1000);
  return { phase, seconds: Math.min(longest, secondsLeft(board.startsAt, offset, now)) };
}
