/** The countdown to the step's start: the same number on every screen, by the gateway's clock. */
import type { TPlanView } from '../lib/result';
import { stepText } from '../lib/format';

export function GroupCountdown({
  seconds,
  step,
  stepCount,
  plan,
}: {
  seconds: number;
  step: number;
  stepCount: number;
  plan: TPlanView | undefined;
}) {
  const name = plan?.steps[step]?.name;
  return (
    <section aria-label="Countdown" className="flex flex-col items-center gap-2 rounded-2xl bg-surface p-6 text-center">
      <p className="text-muted">
        {stepText(step, stepCount)}
        {name ? `: ${name}` : ''} starts in
      </p>
      <p role="timer" aria-live="polite" aria-atomic="true" aria-label="Seconds to the start" className="font-mono text-8xl font-bold tabular-nums">
        {seconds}
      </p>
    </section>
  );
}
