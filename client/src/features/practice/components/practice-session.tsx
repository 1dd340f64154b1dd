/**
 * Camera practice of a routine or an activity: a 'Get ready' countdown before each step, live
 * rep counting from the on-device pose model (the movement's reference motion, or one
 * generated for its kind), form cues, rests with pause and resume, then a summary saved as a
 * routine completion and a practice session.
 */
import { LiveRepCounter, partsOutOfView, type TReference } from '@movelab/shared/movescore/index';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ModelStatus } from '@/components/pose/model-status';
import { PoseStage } from '@/components/pose/pose-stage';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import { openCamera, stopStream } from '@/lib/pose/camera';
import type { TPoseResult } from '@/lib/pose/pose-client';
import type { TUseSessionCoach } from '@/lib/pose/session-coach';
import { usePoseFeed, useVideoSource, type TPhoneCamera, type TVideoSource } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import { useGetReady } from '@/components/countdown/use-get-ready';
import { errorText } from '@/lib/errors';
import { TakeRecorder } from '@/lib/pose/take-recorder';
import { StreamRecording, type TReplayProps, type TReplayView } from '@/lib/replay/take-video';
import type { TPractice } from '../api/get-practice';
import { chooseReference } from '../lib/plan';
import { currentStep, initialPractice, practiceReducer } from '../lib/step-machine';
import { PracticeSummary } from './practice-summary';

type TCue = { hint: string | null; form: string | null };
const NO_CUE: TCue = { hint: null, form: null };
const TICK_MS = 200;

export function PracticeSession({
  practice,
  PhoneCamera,
  useCoach,
  Replay,
}: {
  practice: TPractice;
  PhoneCamera?: TPhoneCamera;
  /** The coach (count read from afar, coloured frame, voice, hands-free pause), passed in by the app. */
  useCoach: TUseSessionCoach;
  /** The replay player for the last set, passed in by the app. */
  Replay?: TReplayView;
}) {
  const { state: model, estimator, retry } = usePoseModel();
  const [state, dispatch] = useReducer(practiceReducer, practice.steps, initialPractice);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [isRemote, setIsRemote] = useState(false);
  const [isPairingPhone, setIsPairingPhone] = useState(false);
  const [phoneStream, setPhoneStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [cue, setCue] = useState<TCue>(NO_CUE);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const counter = useRef<{ index: number; counter: LiveRepCounter } | null>(null);
  // The set under way, kept on this device for the replay of the last set: its poses and its video.
  const currentSet = useRef<{ reference: TReference; recorder: TakeRecorder; recording: StreamRecording | null } | null>(null);
  const [lastSet, setLastSet] = useState<TReplayProps | null>(null);
  const [startedAt, setStartedAt] = useState(() => new Date().toISOString());
  const step = currentStep(state);
  const movement = step ? practice.movements.get(step.movementId) : undefined;
  const isFinished = state.phase === 'finished';
  const reference = useMemo<TReference | null>(
    () => (step && movement ? chooseReference(practice.perspectiveReferences.get(step.movementId), movement) : null),
    [movement, practice.perspectiveReferences, step],
  );
  const source = useMemo<TVideoSource | null>(() => (stream ? { kind: isRemote ? 'remote' : 'camera', stream } : null), [isRemote, stream]);
  const video = useVideoSource(videoRef, source, !isFinished);
  // Hands-free: leaving the picture pauses, coming back resumes (only a pause the coach made).
  const isPausedByCoach = useRef(false);
  const coach = useCoach({
    onAway: () => {
      if (state.phase !== 'active' || state.isPaused) return;
      isPausedByCoach.current = true;
      dispatch({ type: 'pause' });
    },
    onBack: () => {
      if (!isPausedByCoach.current) return;
      isPausedByCoach.current = false;
      dispatch({ type: 'resume' });
    },
  });
  // Each step counts from zero.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the coach object is new each render; only the step matters
  useEffect(() => coach.restart(), [state.index]);

  // This device's camera stops at the end and when the screen is left; the phone's stream
  // belongs to its remote session, which the phone panel ends.
  useEffect(() => () => (isRemote ? undefined : stopStream(stream)), [isRemote, stream]);

  /** The set under way becomes the last set (its video once the recording has stopped); resolves once it has. */
  const closeSet = async (): Promise<void> => {
    const set = currentSet.current;
    currentSet.current = null;
    const take = set?.recorder.toTake();
    if (!set || !take || !set.recording) return;
    const offsetMs = set.recorder.videoOffsetMs(set.recording.startedAt);
    const blob = await set.recording.stop();
    if (blob) setLastSet({ reference: set.reference, take, video: { blob, offsetMs, isMirrored: !isRemote }, title: 'Replay of the last set' });
  };

  useEffect(() => {
    if (!isFinished) return;
    // The camera stops once the last set's recording has its video: stopped first, a short set could lose it.
    const closed = closeSet();
    if (!isRemote) void closed.then(() => stopStream(stream));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- closing the set reads refs; only the end matters
  }, [isFinished, isRemote, stream]);

  const onPose = (result: TPoseResult) => {
    if (state.phase !== 'active') return;
    coach.frame(result.frame.t, partsOutOfView(result.frame, { width: result.width, height: result.height }));
    if (state.isPaused || !reference) return;
    if (counter.current?.index !== state.index) {
      counter.current = { index: state.index, counter: new LiveRepCounter(reference, { width: result.width, height: result.height }) };
      void closeSet();
      currentSet.current = { reference, recorder: new TakeRecorder(), recording: Replay && stream ? new StreamRecording(stream) : null };
    }
    currentSet.current?.recorder.add(result);
    const update = counter.current.counter.push(result.frame);
    if (update.count > state.reps) {
      dispatch({ type: 'reps', count: update.count, ...(update.rep ? { score: update.rep.score } : {}) });
      coach.count(update.count, update.rep);
    }
    setCue((previous) => ({
      hint: update.hint,
      form: update.rep ? (update.rep.fault ?? 'Good rep: close to the reference') : previous.form,
    }));
  };
  usePoseFeed({
    videoRef,
    canvasRef,
    estimator,
    clock: 'wall',
    isActive: model.status === 'ready' && video.isReady && !isFinished,
    onPose,
    onError: (error) => setCameraError(error.message),
  });

  // The 'Get ready' overlay before each step, with the session's progress.
  const phase = state.phase;
  const stepLabel = `Step ${state.index + 1} of ${practice.steps.length}: ${step?.name ?? ''}`;
  useGetReady(phase === 'countdown', stepLabel, () => dispatch({ type: 'countdown-done' }));

  // Time runs in steps and rests (the machine ignores ticks while paused).
  useEffect(() => {
    if (phase !== 'active' && phase !== 'rest') return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      dispatch({ type: 'tick', ms: now - last });
      last = now;
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [phase]);

  const start = async (kind: 'camera' | 'phone' | 'none') => {
    setCameraError(null);
    if (kind === 'phone') {
      if (!phoneStream) return;
      setIsRemote(true);
      setStream(phoneStream);
    } else if (kind === 'camera') {
      try {
        setStream(await openCamera());
      } catch (error) {
        setCameraError(errorText(error));
        return;
      }
    }
    setStartedAt(new Date().toISOString());
    dispatch({ type: 'start' });
  };

  const resume = () => {
    isPausedByCoach.current = false;
    dispatch({ type: 'resume' });
  };

  if (isFinished) return <PracticeSummary practice={practice} state={state} startedAt={startedAt} lastSet={lastSet} Replay={Replay} />;

  const title = practice.routine?.name ?? practice.activity.name;
  const isCounting = !!reference && !!stream;
  // Kept mounted once opened, so the phone's session outlives the start screen.
  const phonePanel =
    PhoneCamera && isPairingPhone ? (
      <section aria-label="Phone camera" className={state.phase === 'ready' ? 'flex flex-col gap-3 rounded-2xl bg-surface p-6' : 'hidden'}>
        <PhoneCamera onStream={setPhoneStream} />
        <Button onClick={() => void start('phone')} disabled={!phoneStream} className="self-start">
          Start with the phone's camera
        </Button>
      </section>
    ) : null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted">
          {stepLabel}
        </p>
        <progress className="h-2 w-full accent-primary" max={practice.steps.length} value={state.results.length} aria-label="Session progress" />
        <div className="self-start">{coach.renderControls()}</div>
      </div>
      <ModelStatus state={model} onRetry={retry} />
      {cameraError ? <InlineError message={cameraError} /> : null}
      {state.phase === 'ready' ? (
        <section aria-label="Start" className="flex flex-col gap-3 rounded-2xl bg-surface p-6">
          <p className="text-muted">
            Place your device so your whole body is in view. Reps are counted on this device from the camera; nothing is uploaded.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void start('camera')}>Start with the camera</Button>
            {PhoneCamera && !isPairingPhone ? (
              <Button variant="secondary" onClick={() => setIsPairingPhone(true)}>
                Use my phone as the camera
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => void start('none')}>
              Practise without the camera
            </Button>
          </div>
        </section>
      ) : null}
      {phonePanel}
      <div className={stream ? '' : 'hidden'}>
        {coach.renderFrame(
          <PoseStage videoRef={videoRef} canvasRef={canvasRef} isMirrored={!isRemote} hint={state.phase === 'active' ? cue.hint : null} />,
        )}
      </div>
      {state.phase === 'active' && step && isCounting ? coach.renderSetup('other') : null}
      {state.phase === 'active' && step ? (
        <section aria-label="Current step" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
          <div className="flex flex-wrap items-end gap-6">
            {step.targetReps !== undefined ? (
              coach.renderCount({ count: state.reps, target: step.targetReps, testId: 'practice-reps' })
            ) : (
              <p>
                <span className="text-4xl font-bold text-primary" data-testid="practice-seconds">
                  {Math.floor(state.activeMs / 1000)}
                </span>
                <span className="text-muted"> / {step.targetSeconds} s</span>
              </p>
            )}
            {state.isPaused ? <p className="font-semibold">Paused</p> : null}
          </div>
          {cue.form ? <p className="text-sm">{cue.form}</p> : null}
          {movement?.instructions.length ? (
            <ul className="list-disc pl-6 text-sm text-muted">
              {movement.instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {step.targetReps !== undefined && !isCounting ? (
            <p className="text-sm text-muted">No camera counting for this movement: count your reps with the button.</p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {step.targetReps !== undefined && !isCounting ? (
              <Button
                onClick={() => {
                  dispatch({ type: 'reps', count: state.reps + 1 });
                  coach.count(state.reps + 1, null);
                }}
                disabled={state.isPaused}
              >
                Count a rep
              </Button>
            ) : null}
            <PauseButton isPaused={state.isPaused} onPause={() => dispatch({ type: 'pause' })} onResume={resume} />
            <Button variant="secondary" onClick={() => dispatch({ type: 'skip' })}>
              Next step
            </Button>
            <Button variant="ghost" onClick={() => dispatch({ type: 'finish' })}>
              End session
            </Button>
          </div>
        </section>
      ) : null}
      {state.phase === 'rest' ? (
        <section aria-label="Rest" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
          <p className="text-lg">
            Rest <span className="font-bold text-primary">{Math.ceil(state.restLeftMs / 1000)} s</span>
            {state.isPaused ? ' (paused)' : ''}
          </p>
          <p className="text-muted">Next: {practice.steps[state.index + 1]?.name}</p>
          <div className="flex flex-wrap gap-3">
            <PauseButton isPaused={state.isPaused} onPause={() => dispatch({ type: 'pause' })} onResume={() => dispatch({ type: 'resume' })} />
            <Button variant="secondary" onClick={() => dispatch({ type: 'skip' })}>
              Skip the rest
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function PauseButton({ isPaused, onPause, onResume }: { isPaused: boolean; onPause: () => void; onResume: () => void }) {
  return isPaused ? <Button onClick={onResume}>Resume</Button> : <Button variant="secondary" onClick={onPause}>Pause</Button>;
}
