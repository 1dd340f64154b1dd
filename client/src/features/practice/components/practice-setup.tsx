/** The practice before it runs (its title, the start, the phone's pairing) and the line saying how the pose model and the camera are. */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ModelStatus } from '@/components/pose/model-status';
import { ReferenceLoop } from '@/components/reference/reference-loop';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import { paths } from '@/config/paths';
import type { TPoseModelState } from '@/lib/pose/use-pose-model';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import { chooseReference } from '@/lib/reference/choose-reference';
import type { TPractice } from '../api/get-practice';
import type { TPracticeCamera } from '../hooks/use-practice-camera';
import { currentStep, type TPracticeState } from '../lib/step-machine';
import { stepTarget, stepTracking, TRACKING_WORDS } from '../lib/tracking';

/** The first step whose movement the camera compares with a reference, and that reference; null when none is. */
function firstCompared(steps: TPractice['steps'], movements: TPractice['movements'], references: TPractice['perspectiveReferences']) {
  for (const planStep of steps) {
    const planMovement = movements.get(planStep.movementId);
    const planReference = planMovement ? chooseReference(references.get(planStep.movementId), planMovement) : null;
    if (planReference) return { reference: planReference, name: planStep.name };
  }
  return null;
}

/** Before it holds its place above the start buttons (see ModelStatus). */
export function StatusLine({
  model,
  onRetry,
  cameraError,
  holdPlace,
}: {
  model: TPoseModelState;
  onRetry: () => void;
  cameraError: string | null;
  holdPlace: boolean;
}) {
  return (
    <>
      <ModelStatus state={model} onRetry={onRetry} holdPlace={holdPlace} />
      {cameraError ? <InlineError message={cameraError} /> : null}
    </>
  );
}

/** The title and the step, with the way back, while the practice is not running. */
export function PracticeIntro({
  practice,
  title,
  stepLabel,
  controls,
}: {
  practice: TPractice;
  title: string;
  stepLabel: string;
  controls: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Link to={paths.discoverActivity({ id: practice.activity.id })} className="mb-2 self-start text-sm text-secondary hover:underline">
        ← Back to {practice.activity.name}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{stepLabel}</p>
      <div className="self-start">{controls}</div>
    </div>
  );
}

/** Each step, its target and how the camera follows it: said before the start, not found out once running. */
function TrackingList({ practice }: { practice: TPractice }) {
  return (
    <div className="flex flex-col gap-1">
      <h2 id="practice-tracking" className="font-semibold">
        How each step is tracked with the camera
      </h2>
      <ol aria-labelledby="practice-tracking" className="flex flex-col gap-1 text-sm">
        {practice.steps.map((step, index) => {
          const tracking = stepTracking(step, practice.movements.get(step.movementId), practice.perspectiveReferences.get(step.movementId));
          return (
            <li key={`${step.movementId}-${index}`} data-tracking={tracking}>
              <span className="font-semibold">
                {step.name} · {stepTarget(step)}
              </span>
              <span className="text-muted"> — {TRACKING_WORDS[tracking]}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Before filming: the first movement the camera compares, as its reference moves, how each step is tracked, and the ways to start. */
export function PracticeStart({ practice, camera, canPairPhone }: { practice: TPractice; camera: TPracticeCamera; canPairPhone: boolean }) {
  const preview = useMemo(
    () => firstCompared(practice.steps, practice.movements, practice.perspectiveReferences),
    [practice.movements, practice.perspectiveReferences, practice.steps],
  );
  return (
    <section aria-label="Start" className="flex flex-col gap-3 rounded-2xl bg-surface p-6">
      <div className="flex flex-wrap items-center gap-6">
        {preview ? <ReferenceLoop reference={preview.reference} name={preview.name} /> : null}
        <p className="max-w-prose text-muted">
          Place your device 2 to 3 m away so your whole body is in view; a frame over the picture shows where to stand. The camera is read on this
          device; nothing is uploaded. Without the camera, you count your reps yourself and timers just run.
          <span className="hidden sm:inline"> Once started, Space pauses, N skips and Esc ends.</span>
        </p>
      </div>
      <TrackingList practice={practice} />
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void camera.start('camera')}>Start with the camera</Button>
        {canPairPhone && !camera.isPairingPhone ? (
          <Button variant="secondary" onClick={camera.pairPhone}>
            Use my phone as the camera
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void camera.start('none')}>
          Practise without the camera
        </Button>
      </div>
    </section>
  );
}

/**
 * The phone's pairing: before the start, with its Start button; after a drop, over the practice
 * to pair it again. Kept mounted once opened: it hands over the phone's stream, and shows it dropping.
 */
export function PracticePhonePanel({
  practice,
  state,
  camera,
  PhoneCamera,
}: {
  practice: TPractice;
  state: TPracticeState;
  camera: TPracticeCamera;
  PhoneCamera: TPhoneCamera;
}) {
  // Opened by keyboard or touch, the pairing panel takes the focus: it is where the next step is.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (camera.isReconnectShown) headingRef.current?.focus();
  }, [camera.isReconnectShown]);
  const placementStep = currentStep(state) ?? practice.steps[0];
  const view = (placementStep && practice.perspectiveViews.get(placementStep.movementId)) ?? null;
  const isReady = state.phase === 'ready';
  const panelClasses = isReady
    ? 'flex flex-col gap-3 rounded-2xl bg-surface p-6'
    : camera.isReconnectShown
      ? 'fixed inset-x-0 bottom-0 z-50 flex max-h-[75dvh] flex-col gap-3 overflow-auto rounded-t-2xl bg-surface p-6'
      : 'hidden';
  return (
    <section aria-label="Phone camera" className={panelClasses}>
      {isReady ? null : (
        // On top: the pairing panel below may be taller than the screen.
        <div className="flex items-center justify-between gap-3">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
            Reconnect the phone
          </h2>
          <Button variant="secondary" onClick={() => camera.setIsReconnecting(false)}>
            Close
          </Button>
        </div>
      )}
      <PhoneCamera onStream={camera.onPhoneStream} view={view} />
      {isReady ? (
        <Button onClick={() => void camera.start('phone')} disabled={!camera.phoneStream} className="self-start">
          Start with the phone's camera
        </Button>
      ) : null}
    </section>
  );
}
