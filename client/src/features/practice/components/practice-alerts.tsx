/** The questions laid over a running practice: ending it, leaving it, and the phone's camera lost. */
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { TPracticeCamera } from '../hooks/use-practice-camera';
import type { TLeaveGuard } from '../hooks/use-leave-guard';

/** Asked when the user leaves a running practice: it takes the focus, where the answer is. */
export function LeaveQuestion({ leave }: { leave: TLeaveGuard }) {
  const questionRef = useRef<HTMLElement>(null);
  useEffect(() => questionRef.current?.focus(), []);
  return (
    <section
      ref={questionRef}
      tabIndex={-1}
      role="alert"
      aria-label="Leave the practice?"
      className="pointer-events-auto flex max-w-xl flex-col gap-3 rounded-xl bg-black/85 p-4 text-white outline-none"
    >
      <p className="text-xl font-semibold">Leave the practice? What you did so far is saved only if you end the session first.</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={leave.endAndSave}>End the session and save</Button>
        <Button variant="secondary" onClick={leave.keepPractising}>
          Keep practising
        </Button>
        <Button variant="ghost" onClick={leave.leaveWithoutSaving}>
          Leave without saving
        </Button>
      </div>
    </section>
  );
}

/** The phone's camera dropped mid-practice: go on with this device's camera, or pair the phone again. */
export function PhoneLost({ camera }: { camera: TPracticeCamera }) {
  return (
    <section
      role="alert"
      aria-label="Phone camera lost"
      className="pointer-events-auto flex max-w-xl flex-col gap-3 rounded-xl bg-black/85 p-4 text-white"
    >
      <p className="text-xl font-semibold">The phone's camera has disconnected, so reps are not being counted. The practice is paused.</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void camera.continueWithThisCamera()}>Continue with this device's camera</Button>
        <Button variant="secondary" onClick={() => camera.setIsReconnecting(true)}>
          Reconnect the phone
        </Button>
      </div>
    </section>
  );
}

/**
 * Asked by End session and Esc before the practice ends and is saved: the first answer takes the
 * focus, so Esc then Enter still ends from a keyboard or a presenter remote; Esc again keeps practising.
 */
export function EndQuestion({ onEnd, onKeepPractising }: { onEnd: () => void; onKeepPractising: () => void }) {
  const questionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Back where the keyboard was once answered (the End session button, or the stage).
    const before = document.activeElement;
    questionRef.current?.querySelector('button')?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return (
    <section
      ref={questionRef}
      role="alertdialog"
      aria-labelledby="practice-end-title"
      aria-describedby="practice-end-text"
      className="pointer-events-auto flex max-w-xl flex-col gap-3 rounded-xl bg-black/90 p-4 text-white ring-1 ring-white/30"
    >
      <h2 id="practice-end-title" className="text-xl font-semibold">
        End the session?
      </h2>
      <p id="practice-end-text">It stops here and what you did so far is saved; it cannot be resumed.</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onEnd}>End and save</Button>
        <Button variant="secondary" onClick={onKeepPractising}>
          Keep practising
        </Button>
      </div>
    </section>
  );
}
