/** The running practice's area: the camera picture in the coach's frame, and what is laid over it. */
import type { TReference } from '@movelab/shared/movescore/index';
import type { ReactNode, RefObject } from 'react';
import { PoseStage } from '@/components/pose/pose-stage';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import type { TPractice } from '../api/get-practice';
import type { TFit } from '../hooks/use-fit-video';
import type { TLeaveGuard } from '../hooks/use-leave-guard';
import type { TPracticeCamera } from '../hooks/use-practice-camera';
import type { THint } from '../hooks/use-practice-sets';
import { currentStep, type TPracticeState } from '../lib/step-machine';
import { FramingGuide } from './framing-guide';
import { LeaveQuestion, PhoneLost } from './practice-alerts';
import { OVERLAY, RestOverlay, StepOverlay } from './practice-overlays';

type TPictureProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  fit: TFit | null;
  reference: TReference | null;
};

/** The picture fitted to the area, with the framing guide until the first rep. */
function PracticePicture({
  videoRef,
  canvasRef,
  fit,
  reference,
  state,
  coach,
  isMirrored,
}: TPictureProps & {
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
  countsByHand: boolean;
  /** The pose model's state and any camera error. */
  status: ReactNode;
};

export function PracticeArea({ practice, state, coach, camera, leave, hint, countsByHand, status, ...picture }: TAreaProps) {
  const { phase } = state;
  const step = currentStep(state);
  const movement = step ? practice.movements.get(step.movementId) : undefined;
  const isCounting = !!picture.reference && !!camera.stream;
  return (
    <>
      {camera.stream ? <PracticePicture {...picture} state={state} coach={coach} isMirrored={!camera.isRemote} /> : null}
      <div className="pointer-events-none absolute inset-0 flex flex-col justify-between gap-2 p-3 sm:p-6">
        <div className="flex flex-col items-center gap-2">
          <div className="pointer-events-auto">{status}</div>
          {leave.isLeaving ? <LeaveQuestion leave={leave} /> : null}
          {camera.isPhoneLost ? <PhoneLost camera={camera} /> : null}
          {phase === 'active' && hint.index === state.index && hint.text ? (
            <p role="status" className="rounded-xl bg-background/90 px-4 py-2 text-center text-xl font-semibold text-primary">
              {hint.text}
            </p>
          ) : null}
          {phase === 'active' && state.isPaused ? <p className={`${OVERLAY} text-4xl font-bold`}>Paused</p> : null}
          {phase === 'active' && step && isCounting && state.reps === 0 ? (
            <div className="pointer-events-auto max-w-xl">{coach.renderSetup('other')}</div>
          ) : null}
        </div>
        {phase === 'active' && step && !camera.stream && movement?.instructions.length ? (
          <ul className={`${OVERLAY} mx-auto list-disc pl-8 text-lg`}>
            {movement.instructions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {phase === 'active' && step ? (
          <StepOverlay step={step} state={state} coach={coach} countsByHand={countsByHand} hasStream={!!camera.stream} />
        ) : null}
        {phase === 'rest' ? <RestOverlay practice={practice} state={state} /> : null}
      </div>
    </>
  );
}
