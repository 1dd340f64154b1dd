import type { ReactNode } from 'react';
import { nounFor } from '@movelab/shared';
import { Switch } from '@/components/ui/switch';
import type { TPerspectiveView } from '@/lib/pose/session-coach';
import { facingAdvice, SETUP_ADVICE, setupStatus, type TCoachState } from '../lib/coach';
import { formAwayWords } from '../lib/form-check';

const FRAME_TONES = {
  idle: 'border-transparent',
  good: 'border-green-500',
  fault: 'border-amber-400',
} as const;

/** A coloured frame around the camera picture: green while form holds, amber on a fault. */
export function CoachFrame({ state, children }: { state: TCoachState; children: ReactNode }) {
  return (
    <div className={`rounded-2xl border-8 transition-colors ${FRAME_TONES[state.tone]}`} data-testid="coach-frame" data-tone={state.tone}>
      {children}
    </div>
  );
}

/** The rep count, large enough to read from across the room (about 3 m), and the last rep's cue. */
export function CoachCount({ state, count, target, testId }: { state: TCoachState; count: number; target?: number; testId?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="flex items-baseline gap-3 leading-none">
        <span className="text-[clamp(5rem,22vh,12rem)] font-extrabold tabular-nums text-primary" data-testid={testId}>
          {count}
        </span>
        <span className="text-2xl text-muted">{target !== undefined ? `/ ${target} reps` : nounFor(count, 'rep')}</span>
      </p>
      <p
        aria-live="polite"
        className={`min-h-8 text-2xl font-semibold ${state.tone === 'fault' ? 'text-amber-400' : 'text-green-400'}`}
        data-testid="coach-cue"
      >
        {state.cue ?? (state.tone === 'good' ? 'Good form' : '')}
      </p>
      {state.isAway ? (
        <p role="status" className="text-xl font-semibold">
          Paused: step back into the picture to go on.
        </p>
      ) : null}
      {!state.isAway && count > 0 && state.form.shown.length > 0 ? (
        <p role="status" className="text-xl font-semibold text-amber-400" data-testid="coach-form-unseen">
          {formAwayWords(state.form.shown)}
        </p>
      ) : null}
    </div>
  );
}

/** The one switch for the spoken cues and sounds (remembered on this device). */
export function VoiceSwitch({ isMuted, canSpeak, onChange }: { isMuted: boolean; canSpeak: boolean; onChange: (muted: boolean) => void }) {
  if (!canSpeak) return <p className="text-sm text-muted">This browser cannot speak the cues.</p>;
  return (
    <Switch isOn={!isMuted} onChange={(isOn) => onChange(!isOn)} className="text-sm">
      Spoken cues and sounds
    </Switch>
  );
}

/** The set-up check before the first rep: camera placement for the view, the body parts not seen yet, and the side the camera sees. */
export function SetupCheck({ view, state }: { view: TPerspectiveView; state: TCoachState }) {
  const facing = facingAdvice(view, state.seenView);
  const isReady = state.unseen !== null && state.unseen.length === 0 && state.form.shown.length === 0 && facing === null;
  return (
    <section aria-label="Set-up check" className="flex flex-col gap-1 rounded-xl bg-surface p-3 text-sm">
      <p>{SETUP_ADVICE[view]}</p>
      <p role="status" className={isReady ? 'text-green-400' : 'text-amber-400'}>
        {setupStatus(state.unseen, facing, state.form.shown)}
      </p>
    </section>
  );
}
