/**
 * The member's own count in the group's current step: reps counted from the poses against the
 * step's reference with the live counter practice uses, from zero at each step, only while the
 * step runs. Each new count goes to `onCount` with the latest rep's score (null: not judged, as
 * when the joints deciding its form were out of the picture).
 */
import { LiveRepCounter, liveRepScore, type TReference } from '@movelab/shared/movescore/index';
import { useEffect, useRef, useState } from 'react';
import { holdHint, NO_HINT, type THintHold } from '@/lib/pose/hint-hold';
import type { TPoseResult } from '@/lib/pose/pose-client';

export type TOwnCount = { reps: number; score: number | null };
type TStepCounter = { step: number; counter: LiveRepCounter; last: TOwnCount; lastT: number; shiftMs: number; hint: THintHold };

/** Frame times for the counter: strictly increasing even when the pose feed restarts its clock (a camera switched mid-step). */
function counterTime(current: TStepCounter, t: number): number {
  if (t + current.shiftMs <= current.lastT) current.shiftMs = current.lastT + 1 - t;
  current.lastT = t + current.shiftMs;
  return current.lastT;
}

export function useStepCount(options: {
  /** Null: the camera does not count this step's movement (0 reps, not judged, reported once). */
  reference: TReference | null;
  /** Known: false while the step's movement is still being read. */
  isKnown: boolean;
  step: number;
  isCounting: boolean;
  onCount: (count: TOwnCount) => void;
}): { count: TOwnCount; hint: string | null; onPose: (result: TPoseResult) => void } {
  const { reference, isKnown, step, isCounting } = options;
  const onCount = useRef(options.onCount);
  useEffect(() => {
    onCount.current = options.onCount;
  });
  const [shown, setShown] = useState<TOwnCount & { step: number }>({ step, reps: 0, score: null });
  /** What the camera cannot see that counting needs ("Step back so your knees and ankles are visible"), steadied as in practice. */
  const [hint, setHint] = useState<{ step: number; text: string | null }>({ step, text: null });
  const counter = useRef<TStepCounter | null>(null);
  const reportedUncounted = useRef<number | null>(null);

  // A movement the camera does not count: its 0 (not judged) is reported once a step, when the step runs.
  useEffect(() => {
    if (!isKnown || reference || !isCounting || reportedUncounted.current === step) return;
    reportedUncounted.current = step;
    onCount.current({ reps: 0, score: null });
  }, [isCounting, isKnown, reference, step]);

  const onPose = (result: TPoseResult) => {
    if (!isCounting || !reference) return;
    if (counter.current?.step !== step) {
      const live = new LiveRepCounter(reference, { width: result.width, height: result.height });
      counter.current = { step, counter: live, last: { reps: 0, score: null }, lastT: -Infinity, shiftMs: 0, hint: NO_HINT };
    }
    const current = counter.current;
    const t = counterTime(current, result.frame.t);
    const update = current.counter.push({ ...result.frame, t });
    current.hint = holdHint(current.hint, update.hint, t);
    const text = current.hint.shown;
    setHint((before) => (before.step === step && before.text === text ? before : { step, text }));
    if (update.count === current.last.reps) return;
    current.last = { reps: update.count, score: update.rep ? liveRepScore(reference, update.rep, update.countedOn) : null };
    setShown({ step, ...current.last });
    onCount.current(current.last);
  };
  // Each step starts from zero: a count shown belongs to the step it was counted in.
  const count = shown.step === step ? { reps: shown.reps, score: shown.score } : { reps: 0, score: null };
  return { count, hint: isCounting && hint.step === step ? hint.text : null, onPose };
}
