/** What the practice lays over the picture, read from about 3 m: the current step's count or time, and the rest. */
import { useMemo } from 'react';
import { ReferenceLoop } from '@/components/reference/reference-loop';
import { chooseReference } from '@/lib/reference/choose-reference';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import type { TPractice } from '../api/get-practice';
import type { TPlanStep, TPracticeState } from '../lib/step-machine';

/** The count, the timer and the rest: read from about 3 m (the glyphs above 8% of the window's height). */
const ROOM_TEXT = 'text-[clamp(5rem,min(22vh,45vw),12rem)] font-extrabold leading-none tabular-nums';
/**
 * A box over the camera picture. Its edge is drawn: where the picture is wider than tall on a
 * phone held upright, a box reaches past the picture onto the black stage, where its shade alone
 * would not show and the count would seem to hang out of it.
 */
export const OVERLAY = 'rounded-xl bg-black/60 px-3 py-2 ring-1 ring-white/20';

/** "1:05". */
const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The step under way: its reps (the coach's large count) or its seconds, how to count by hand, and its time. */
export function StepOverlay({
  step,
  state,
  coach,
  countsByHand,
  hasStream,
}: {
  step: TPlanStep;
  state: TPracticeState;
  coach: TSessionCoach;
  countsByHand: boolean;
  hasStream: boolean;
}) {
  return (
    <section aria-label="Current step" className="flex flex-wrap items-end justify-between gap-3">
      <div className={OVERLAY}>
        {step.targetReps !== undefined ? (
          coach.renderCount({ count: state.reps, target: step.targetReps, testId: 'practice-reps' })
        ) : (
          <p className="flex items-baseline gap-3">
            <span className={`${ROOM_TEXT} text-primary`} data-testid="practice-seconds">
              {Math.floor(state.activeMs / 1000)}
            </span>
            <span className="text-2xl text-white/80">/ {step.targetSeconds} s</span>
          </p>
        )}
        {countsByHand ? (
          // The key only where the key legend shows (a phone has no keyboard).
          <p className="text-lg text-white/80" data-testid="practice-by-hand">
            {hasStream ? 'The camera does not count this movement' : 'Practising without the camera'}: count each rep with Count a rep
            <span className="hidden sm:inline"> or the C key</span>.
          </p>
        ) : null}
      </div>
      {step.targetReps !== undefined ? (
        <p
          className={`${OVERLAY} text-4xl font-bold tabular-nums sm:text-6xl`}
          aria-label={`Time ${clock(state.activeMs)}`}
          data-testid="practice-timer"
        >
          {clock(state.activeMs)}
        </p>
      ) : null}
    </section>
  );
}

/** The rest: the seconds left, the next step, and its reference moving. */
export function RestOverlay({ practice, state }: { practice: TPractice; state: TPracticeState }) {
  const nextStep = practice.steps[state.index + 1];
  const nextMovement = nextStep ? practice.movements.get(nextStep.movementId) : undefined;
  const nextReference = useMemo(
    () => (nextStep && nextMovement ? chooseReference(practice.perspectiveReferences.get(nextStep.movementId), nextMovement) : null),
    [nextMovement, nextStep, practice.perspectiveReferences],
  );
  return (
    <section aria-label="Rest" className={`${OVERLAY} flex flex-wrap items-end justify-between gap-4`}>
      <div>
        <p className="flex items-baseline gap-2 text-primary" data-testid="practice-rest">
          <span className="text-3xl font-bold">Rest</span>
          <span className={ROOM_TEXT} data-testid="practice-rest-seconds">
            {Math.ceil(state.restLeftMs / 1000)}
          </span>
          <span className="text-3xl font-bold">s</span>
        </p>
        <p className="text-2xl">
          Next: {nextStep?.name}
          {state.isPaused ? ' (paused)' : ''}
        </p>
      </div>
      {nextReference && nextStep ? <ReferenceLoop reference={nextReference} name={nextStep.name} /> : null}
    </section>
  );
}
