/**
 * What the practice shows beside the camera picture, read from about 3 m: the current step's
 * count or time, and the rest. Each sits in a box of fixed width (and, on a phone held upright,
 * fixed height) in its own place beside the picture (see PracticeArea), so a long cue wraps inside
 * its box instead of stretching it over the person.
 */
import { useMemo } from 'react';
import { ReferenceLoop } from '@/components/reference/reference-loop';
import { chooseReference } from '@/lib/reference/choose-reference';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import type { TPractice } from '../api/get-practice';
import type { THold } from '../hooks/use-hold';
import type { TPlanStep, TPracticeState } from '../lib/step-machine';

/**
 * The count, the timer and the rest: read from about 3 m (the glyphs above 8% of the window's
 * height: 13vh of type draws digits about 9.5% tall), and small enough to sit beside the picture.
 */
const ROOM_SIZE = 'text-[clamp(6rem,13vh,12rem)]';
const ROOM_TEXT = `${ROOM_SIZE} font-extrabold leading-none tabular-nums`;
/** The coach's count, drawn at the practice's room size (the coach draws it larger for a live analysis); its line wraps. */
const COUNT_SIZE = '[&_[data-testid=practice-reps]]:text-[clamp(6rem,13vh,12rem)] [&_p]:flex-wrap';
/** A box beside the camera picture: its edge drawn, so it reads as one on the black stage. */
export const OVERLAY = 'rounded-xl bg-black/60 px-3 py-2 ring-1 ring-white/20';
/** A box of the panel: the whole band's height on a phone held upright, the column's width on a wider screen. */
const PANEL_BOX = `${OVERLAY} min-h-0 min-w-0 overflow-y-auto break-words portrait:h-full`;

/** "1:05". */
const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Under a timed step's seconds: whether the camera sees the position held, or that it does not look. */
function HoldLine({ hold, hasStream }: { hold: THold; hasStream: boolean }) {
  if (hold.isJudged) {
    return hold.isHeld ? (
      <p role="status" className="text-2xl font-semibold text-green-400" data-testid="practice-hold">
        In position: the timer runs
      </p>
    ) : (
      <p role="status" className="text-2xl font-semibold text-amber-400" data-testid="practice-hold">
        Get into position
      </p>
    );
  }
  return (
    <p className="text-base text-white/80 sm:text-lg" data-testid="practice-hold">
      {hasStream ? 'The camera does not check this position' : 'Practising without the camera'}: the timer just runs.
    </p>
  );
}

/** The step under way: its reps (the coach's count) or its seconds with the hold's state, and its time. */
export function StepOverlay({
  step,
  state,
  coach,
  hold,
  hasStream,
}: {
  step: TPlanStep;
  state: TPracticeState;
  coach: TSessionCoach;
  hold: THold;
  hasStream: boolean;
}) {
  const isReps = step.targetReps !== undefined;
  return (
    <section
      aria-label="Current step"
      className="flex min-h-0 w-full gap-2 portrait:flex-row landscape:flex-col-reverse landscape:justify-between"
      data-testid="practice-step-panel"
    >
      <div className={`${PANEL_BOX} ${COUNT_SIZE} portrait:flex-1`} data-testid="practice-count-box">
        {isReps ? (
          coach.renderCount({ count: state.reps, target: step.targetReps, testId: 'practice-reps' })
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className={`${ROOM_TEXT} text-primary`} data-testid="practice-seconds">
                {Math.floor(state.activeMs / 1000)}
              </span>
              <span className="text-2xl text-white/80">/ {step.targetSeconds} s</span>
            </p>
            <HoldLine hold={hold} hasStream={hasStream} />
          </>
        )}
      </div>
      {isReps ? (
        <p
          className={`${OVERLAY} shrink-0 self-start text-3xl font-bold tabular-nums sm:text-5xl`}
          aria-label={`Time ${clock(state.activeMs)}`}
          data-testid="practice-timer"
        >
          {clock(state.activeMs)}
        </p>
      ) : null}
    </section>
  );
}

/** The rest: the seconds left and the next step. */
export function RestOverlay({ practice, state }: { practice: TPractice; state: TPracticeState }) {
  const nextStep = practice.steps[state.index + 1];
  return (
    <section aria-label="Rest" className={`${PANEL_BOX} w-full landscape:self-end`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-primary" data-testid="practice-rest">
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
    </section>
  );
}

/** During the rest, the next step's reference moving. */
export function NextLoop({ practice, state }: { practice: TPractice; state: TPracticeState }) {
  const nextStep = practice.steps[state.index + 1];
  const nextMovement = nextStep ? practice.movements.get(nextStep.movementId) : undefined;
  const nextReference = useMemo(
    () => (nextStep && nextMovement ? chooseReference(practice.perspectiveReferences.get(nextStep.movementId), nextMovement) : null),
    [nextMovement, nextStep, practice.perspectiveReferences],
  );
  return nextReference && nextStep ? <ReferenceLoop reference={nextReference} name={nextStep.name} /> : null;
}
