/** What the member's own camera tile says: their count on the picture, the step's note, and the phone as camera. */
import type { TPerspectiveView } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import type { TOwnCount } from './use-step-count';
import type { TOwnCamera } from './use-own-camera';
import type { TStepTarget } from './use-step-reference';

export const NOT_COUNTED = 'The camera does not count this movement: your count stays at 0';

export const repsText = (reps: number) => `${reps} ${reps === 1 ? 'rep' : 'reps'}`;

/** The count, big, on the member's own picture (read out as it changes); the latest rep's score beneath it. */
export function OwnCount({ count, isCounted }: { count: TOwnCount; isCounted: boolean }) {
  const score = count.score === null ? 'not judged' : `${Math.round(count.score * 100)}%`;
  return (
    <div className="absolute bottom-2 left-2 flex flex-col rounded-xl bg-background/85 px-4 py-2 text-on-surface">
      <p role="status" aria-live="polite" className="text-3xl font-bold tabular-nums sm:text-5xl" data-testid="together-own-count">
        {repsText(count.reps)}
      </p>
      {isCounted && count.reps > 0 ? <p className="text-sm text-muted">Latest rep: {score}</p> : null}
    </div>
  );
}

/** The step's movement being read, not readable, or not counted by the camera. */
export function StepNote({ target }: { target: TStepTarget }) {
  if (target.status === 'loading') return <p className="text-sm text-muted">Reading this step's movement…</p>;
  if (target.status === 'error') return <InlineError message={target.message} onRetry={target.retry} />;
  if (target.reference) return null;
  return (
    <p role="status" className="rounded-lg bg-surface p-3 text-sm" data-testid="together-not-counted">
      {NOT_COUNTED}
    </p>
  );
}

/** This device's camera refused or missing: said plainly, with Try again. */
export function CameraProblem({ camera }: { camera: TOwnCamera }) {
  if (!camera.error) return null;
  return <InlineError message={`${camera.error}. Until your camera is on, your count stays at 0.`} onRetry={camera.retry} />;
}

/**
 * The phone as camera, as practice offers it: paired through Remote Cam, then chosen; its
 * pairing stays mounted once opened (it hands over the stream) and shows again if it drops.
 */
export function PhoneChoice({ camera, PhoneCamera, view }: { camera: TOwnCamera; PhoneCamera: TPhoneCamera; view: TPerspectiveView | null }) {
  const isOnPhone = camera.choice === 'phone';
  if (!camera.isPairing) {
    return (
      <Button variant="secondary" onClick={camera.pairPhone} className="self-start">
        Use my phone as the camera
      </Button>
    );
  }
  return (
    <section aria-label="Phone camera" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      {camera.isPhoneLost ? (
        <p role="alert" className="text-sm text-amber-400">
          The phone&apos;s camera dropped: reconnect it here, or use this device&apos;s camera.
        </p>
      ) : null}
      <div className={isOnPhone && !camera.isPhoneLost ? 'hidden' : ''}>
        <PhoneCamera onStream={camera.onPhoneStream} view={view} />
      </div>
      {isOnPhone ? (
        <Button variant="secondary" onClick={camera.retry} className="self-start">
          Use this device&apos;s camera
        </Button>
      ) : (
        <Button onClick={camera.choosePhone} disabled={!camera.phoneStream} className="self-start">
          Use the phone&apos;s camera
        </Button>
      )}
    </section>
  );
}
