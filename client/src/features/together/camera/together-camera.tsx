/**
 * The member's own camera in a group practising together: their picture (mirrored, the skeleton
 * over it, as in practice), read by the pose model on this device, their reps counted against the
 * current step's reference while the step runs, and their count big on the picture. Only the
 * count leaves the device (through `onCount`); the video never does.
 */
import type { TGroupPlan } from '@movelab/shared';
import { useEffect, useRef, type JSX } from 'react';
import { ModelStatus } from '@/components/pose/model-status';
import { PoseStage } from '@/components/pose/pose-stage';
import { usePoseFeed, type TPhoneCamera } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import { CameraProblem, OwnCount, PhoneChoice, StepNote } from './camera-parts';
import { useOwnCamera } from './use-own-camera';
import { useStepCount, type TOwnCount } from './use-step-count';
import { useStepReference } from './use-step-reference';

export type TTogetherCameraProps = {
  plan: TGroupPlan;
  /** The group's current step (0-based): the count starts from zero at each. */
  step: number;
  /** True while the group's step runs: reps are counted only then (the skeleton is drawn all along). */
  isCounting: boolean;
  /** Every new count, with the latest rep's score (0..1; null: not judged). */
  onCount: (count: TOwnCount) => void;
  /** The phone as camera (Remote Cam), passed in by the app as to practice. */
  PhoneCamera?: TPhoneCamera;
  /** The picture's stream as it opens and closes (camera tiles share it only if the member turns sharing on). */
  onStream?: (stream: MediaStream | null) => void;
};

export function TogetherCamera({ plan, step, isCounting, onCount, PhoneCamera, onStream }: TTogetherCameraProps): JSX.Element {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { state: model, estimator, retry } = usePoseModel();
  const target = useStepReference(plan, step);
  const reference = target.status === 'ready' ? target.reference : null;
  const camera = useOwnCamera(videoRef);
  useEffect(() => {
    onStream?.(camera.stream);
    return () => onStream?.(null);
  }, [camera.stream, onStream]);
  const { count, hint, onPose } = useStepCount({ reference, isKnown: target.status === 'ready', step, isCounting, onCount });
  usePoseFeed({
    videoRef,
    canvasRef,
    estimator,
    clock: 'wall',
    isActive: model.status === 'ready' && camera.video.isReady,
    onPose,
    onError: (error) => camera.setError(error.message),
  });
  return (
    <section aria-label="Your camera" className="flex min-w-0 flex-col gap-3" data-testid="together-camera">
      <ModelStatus state={model} onRetry={retry} />
      <CameraProblem camera={camera} />
      <PoseStage videoRef={videoRef} canvasRef={canvasRef} isMirrored={camera.choice === 'device'} isFitted hint={hint}>
        {camera.isOpening ? <p className="absolute inset-0 grid place-items-center p-4 text-center text-white">Opening your camera…</p> : null}
        <OwnCount count={count} isCounted={reference !== null} />
      </PoseStage>
      <StepNote target={target} />
      <p className="text-sm text-muted">Your video stays on this device unless you share it: the group sees your count.</p>
      {PhoneCamera ? <PhoneChoice camera={camera} PhoneCamera={PhoneCamera} view={target.status === 'ready' ? target.view : null} /> : null}
    </section>
  );
}
