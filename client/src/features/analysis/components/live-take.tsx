/** The views of a running take: its controls, and the count laid over the picture. */
import { nounFor } from '@movelab/shared';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { keyLegend, useSessionKeys, type TSessionKey } from '@/lib/session-keys';

/** Stopping a camera take from where the person stands. */
export const STOP_KEY: TSessionKey = { label: 'Space or S', shortcut: 'Space Enter S', does: 'stop and see the result' };

/**
 * The controls of a running camera take, pinned under the page's header however the page is
 * scrolled (the picture, the set-up check and the count are taller than a screen), with the keys
 * that stop it from across the room and the voice switch.
 */
export function TakeControls({ onStop, voiceSwitch }: { onStop: () => void; voiceSwitch: ReactNode }) {
  useSessionKeys({ ' ': onStop, Enter: onStop, s: onStop, S: onStop }, true);
  return (
    <div
      role="group"
      aria-label="Take controls"
      className="sticky top-app-bar z-10 flex flex-wrap items-center gap-x-3 gap-y-1 bg-background/95 py-2 backdrop-blur"
    >
      <Button onClick={onStop} aria-keyshortcuts={STOP_KEY.shortcut}>
        Stop and see the result
        <Kbd>{STOP_KEY.label}</Kbd>
      </Button>
      {voiceSwitch}
      <p className="hidden text-sm text-muted sm:block" data-testid="take-keys">
        {keyLegend([STOP_KEY])}
      </p>
    </div>
  );
}

/** The take's count, time and last rep's score, over the picture's corner. */
export function LiveCount({ count, seconds, lastRepScore }: { count: number; seconds: number; lastRepScore: number | null }) {
  return (
    <div className="absolute bottom-2 left-2 flex items-center gap-3 rounded-lg bg-background/85 px-3 py-2">
      <span className="text-3xl font-bold text-primary" aria-label="Reps counted" data-testid="live-rep-count">
        {count}
      </span>
      <span className="text-sm text-muted">
        {nounFor(count, 'rep')} · {seconds} s{lastRepScore !== null ? ` · last ${Math.round(lastRepScore * 100)}%` : ''}
      </span>
    </div>
  );
}
