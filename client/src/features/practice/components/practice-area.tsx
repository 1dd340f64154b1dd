/**
 * The running practice's area: the camera picture in the coach's frame, with what is read from
 * afar in boxes of fixed size beside it, never over the body: on a phone held upright, the
 * notices in a band above the picture and the count in a band below it; on a wider screen, the
 * count in a column on the picture's left and the notices in one on its right.
 */
import type { TReference } from '@movelab/shared/movescore/index';
import type { CSSProperties, ReactNode, RefObject } from 'react';
import { PoseStage } from '@/components/pose/pose-stage';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import type { TPractice } from '../api/get-practice';
import type { TFit } from '../hooks/use-fit-video';
import type { THold } from '../hooks/use-hold';
import type { TLeaveGuard } from '../hooks/use-leave-guard';
import type { TPracticeCamera } from '../hooks/use-practice-camera';
import type { THint } from '../hooks/use-practice-sets';
import { currentStep, type TPracticeState } from '../lib/step-machine';
import { FramingGuide } from './framing-guide';
import { LeaveQuestion, PhoneLost } from './practice-alerts';
import { NextLoop, OVERLAY, RestOverlay, StepOverlay } from './practice-overlays';

type TPictureProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The place the picture is fitted in (see useFitVideo). */
  cellRef: RefObject<HTMLDivElement | null>;
  fit: TFit | null;
  reference: TReference | null;
};

/**
 * The grid: rows of fixed height on a phone held upright (notices, picture, count), columns of
 * fixed width on a wider screen (count, picture, notices). The picture's place takes what is left.
 */
const GRID =
  'absolute inset-0 grid gap-1.5 p-2 sm:gap-3 sm:p-3 portrait:grid-cols-1 portrait:grid-rows-[6rem_minmax(0,1fr)_10rem] landscape:grid-cols-[var(--practice-side)_minmax(0,1fr)_var(--practice-side)] landscape:grid-rows-1';
const SIDE: CSSProperties = { ['--practice-side' as string]: 'clamp(12rem, 20vw, 24rem)' };
/** Every place named in full: an item placed by row alone goes beside another that shares its row (the loop over the picture). */
const PLACE = {
  notices: 'portrait:col-start-1 portrait:row-start-1 landscape:col-start-3 landscape:row-start-1',
  picture: 'portrait:col-start-1 portrait:row-start-2 landscape:col-start-2 landscape:row-start-1',
  panel: 'portrait:col-start-1 portrait:row-start-3 landscape:col-start-1 landscape:row-start-1',
  /** Over the picture's top right on a phone (no guide shows during a rest), at the foot of the notices on a wider screen. */
  loop: 'z-10 portrait:col-start-1 portrait:row-start-2 portrait:self-start portrait:justify-self-end landscape:col-start-3 landscape:row-start-1 landscape:self-end',
} as const;

/** The picture fitted to its place, with the framing guide until the first rep. */
function PracticePicture({
  videoRef,
  canvasRef,
  fit,
  reference,
  state,
  coach,
  isMirrored,
}: Omit<TPictureProps, 'cellRef'> & {
  state: TPracticeState;
  coach: TSessionCoach;
  isMirrored: boolean;
}) {
  const phase = state.phase;
  return (
    <div className="absolute inset-0 flex items-center justify-center">
      <div style={fit ? { width: fit.width, height: fit.height } : { width: '100%' }} className="relative" data-testid="practice-picture">
        {coach.renderFrame(
          <div className="relative">
            <PoseStage videoRef={videoRef} canvasRef={canvasRef} isMirrored={isMirrored} hint={null} />
            {reference && fit && (phase === 'countdown' || (phase === 'active' && state.reps === 0)) ? (
              <FramingGuide reference={reference} width={fit.videoWidth} height={fit.videoHeight} />
            ) : null}
          </div>,
        )}
      </div>
    </div>
  );
}

export type TAreaProps = TPictureProps & {
  practice: TPractice;
  state: TPracticeState;
  coach: TSessionCoach;
  camera: TPracticeCamera;
  leave: TLeaveGuard;
  hint: THint;
  hold: THold;
  countsByHand: boolean;
  /** The pose model's state and any camera error. */
  status: ReactNode;
};

/** What is said beside the picture: the model's state, the out-of-view hint, the pause, the set-up check, counting by hand. */
function Notices({ state, coach, camera, hint, countsByHand, status, isCounting }: TAreaProps & { isCounting: boolean }) {
  const { phase } = state;
  const isActive = phase === 'active' && currentStep(state) !== null;
  // Before the first rep the set-up check names what the camera does not see: the hint would say it twice.
  const isSettingUp = isActive && isCounting && state.reps === 0;
  return (
    <section
      aria-label="Notices"
      // Scrolls when what is said is taller than its fixed place (a phone's band): reachable by keyboard.
      tabIndex={0}
      className={`${PLACE.notices} flex min-h-0 min-w-0 flex-col gap-2 overflow-y-auto break-words outline-none focus-visible:ring-2 focus-visible:ring-primary`}
      data-testid="practice-notices"
    >
      {status}
      {isActive && hint.index === state.index && hint.text && !isSettingUp ? (
        <p role="status" className="rounded-xl bg-background/90 px-3 py-1.5 text-xl font-semibold text-primary">
          {hint.text}
        </p>
      ) : null}
      {isActive && state.isPaused ? <p className={`${OVERLAY} text-4xl font-bold`}>Paused</p> : null}
      {isActive && countsByHand ? (
        // The key only where the key legend shows (a phone has no keyboard).
        <p className={`${OVERLAY} text-lg`} data-testid="practice-by-hand">
          {camera.stream ? 'The camera does not count this movement' : 'Practising without the camera'}: count each rep with Count a rep
          <span className="hidden sm:inline"> or the C key</span>.
        </p>
      ) : null}
      {isSettingUp ? coach.renderSetup('other') : null}
    </section>
  );
}

export function PracticeArea(props: TAreaProps) {
  const { practice, state, coach, camera, leave, hold, cellRef, ...picture } = props;
  const { phase } = state;
  const step = currentStep(state);
  const movement = step ? practice.movements.get(step.movementId) : undefined;
  const isCounting = !!picture.reference && !!camera.stream;
  return (
    <div className={GRID} style={SIDE} data-testid="practice-area">
      <Notices {...props} isCounting={isCounting} />
      <div ref={cellRef} className={`${PLACE.picture} relative min-h-0 min-w-0`}>
        {camera.stream ? <PracticePicture {...picture} state={state} coach={coach} isMirrored={!camera.isRemote} /> : null}
        {phase === 'active' && step && !camera.stream && movement?.instructions.length ? (
          <ul className={`${OVERLAY} absolute inset-x-0 top-1/2 mx-auto w-fit max-w-full -translate-y-1/2 list-disc pl-8 text-lg`}>
            {movement.instructions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={`${PLACE.panel} flex min-h-0 min-w-0`} data-testid="practice-panel">
        {phase === 'active' && step ? <StepOverlay step={step} state={state} coach={coach} hold={hold} hasStream={!!camera.stream} /> : null}
        {phase === 'rest' ? <RestOverlay practice={practice} state={state} /> : null}
      </div>
      {phase === 'rest' ? (
        <div className={PLACE.loop}>
          <NextLoop practice={practice} state={state} />
        </div>
      ) : null}
      {leave.isLeaving || camera.isPhoneLost ? (
        // Questions that pause the practice: over everything, at the top.
        <div className="absolute inset-x-0 top-0 z-20 flex flex-col items-center gap-2 p-3">
          {leave.isLeaving ? <LeaveQuestion leave={leave} /> : null}
          {camera.isPhoneLost ? <PhoneLost camera={camera} /> : null}
        </div>
      ) : null}
    </div>
  );
}
