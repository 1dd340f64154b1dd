/**
 * The full-screen countdown (spec §2/§4/§9): hidden until a start event, then 'text (N)' and the
 * subtext, one tick per COUNTDOWN_TICK_MS; at zero it fires the end event and hides. A new start
 * while counting replaces the running countdown.
 */
import { COUNTDOWN_EVENTS, COUNTDOWN_TICK_MS, ZCountdownDetail, type TCountdownDetail } from '@movelab/shared';
import { useEffect, useState } from 'react';

type TRun = TCountdownDetail & { remaining: number; id: number };

export function CountdownOverlay() {
  const [run, setRun] = useState<TRun | null>(null);

  useEffect(() => {
    const onStart = (event: Event) => {
      const parsed = ZCountdownDetail.safeParse((event as CustomEvent<unknown>).detail);
      if (!parsed.success) {
        console.error('Ignored a countdown start event with an invalid detail', parsed.error);
        return;
      }
      setRun({ ...parsed.data, remaining: parsed.data.duration, id: performance.now() });
    };
    window.addEventListener(COUNTDOWN_EVENTS.start, onStart);
    return () => window.removeEventListener(COUNTDOWN_EVENTS.start, onStart);
  }, []);

  const isRunning = run !== null;
  const remaining = run?.remaining ?? 0;
  useEffect(() => {
    if (!isRunning) return;
    const finish = () => {
      setRun(null);
      window.dispatchEvent(new CustomEvent(COUNTDOWN_EVENTS.end));
    };
    // A zero-second countdown ends at once; otherwise one tick per second down to zero.
    if (remaining <= 0) {
      finish();
      return;
    }
    const timer = setTimeout(() => {
      if (remaining - 1 <= 0) finish();
      else setRun((current) => (current ? { ...current, remaining: current.remaining - 1 } : current));
    }, COUNTDOWN_TICK_MS);
    return () => clearTimeout(timer);
  }, [isRunning, remaining, run?.id]);

  return (
    <div
      role="status"
      aria-live="assertive"
      aria-atomic="true"
      className={
        run
          ? 'fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-background/90 p-6 text-center backdrop-blur-sm'
          : 'sr-only'
      }
    >
      {run ? (
        <>
          <p className="text-4xl font-bold tracking-tight text-primary md:text-6xl">
            {run.textToDisplay} ({run.remaining})
          </p>
          {run.subtextToDisplay ? <p className="max-w-xl text-lg text-on-surface md:text-2xl">{run.subtextToDisplay}</p> : null}
        </>
      ) : null}
    </div>
  );
}
