/**
 * Camera practice of a routine or an activity: a 'Get ready' countdown before each step, live
 * rep counting from the on-device pose model (the movement's reference motion, or one
 * generated for its kind), form cues, rests with pause and resume, then a summary saved as a
 * routine completion and a practice session.
 */
import { formPartsOutOfView, LiveRepCounter, partsOutOfView, shoulderSpread, type TReference } from '@movelab/shared/movescore/index';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router-dom';
import { ModelStatus } from '@/components/pose/model-status';
import { PoseStage } from '@/components/pose/pose-stage';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { openCamera, stopStream } from '@/lib/pose/camera';
import type { TPoseResult } from '@/lib/pose/pose-client';
import type { TUseSessionCoach } from '@/lib/pose/session-coach';
import { usePoseFeed, useVideoSource, type TPhoneCamera, type TVideoSource } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import { useGetReady } from '@/components/countdown/use-get-ready';
import { errorText } from '@/lib/errors';
import { TakeRecorder } from '@/lib/pose/take-recorder';
import { useFitVideo } from '../hooks/use-fit-video';
import { practiceAnnouncement, setLabel } from '../lib/announce';
import { holdHint, NO_HINT } from '../lib/hint-hold';
import { FramingGuide } from './framing-guide';
import { PracticeStage, type TStageActions } from './practice-stage';
import { ReferenceLoop } from '@/components/reference/reference-loop';
import { StreamRecording, type TReplayProps, type TReplayView } from '@/lib/replay/take-video';
import type { TPractice } from '../api/get-practice';
import { chooseReference } from '@/lib/reference/choose-reference';
import { currentStep, initialPractice, practiceReducer } from '../lib/step-machine';
import { PracticeSummary } from './practice-summary';

const TICK_MS = 200;
/** The count, the timer and the rest: read from about 3 m (the glyphs above 8% of the window's height). */
const ROOM_TEXT = 'text-[clamp(5rem,min(22vh,45vw),12rem)] font-extrabold leading-none tabular-nums';
/**
 * A box over the camera picture. Its edge is drawn: where the picture is wider than tall on a
 * phone held upright, a box reaches past the picture onto the black stage, where its shade alone
 * would not show and the count would seem to hang out of it.
 */
const OVERLAY = 'rounded-xl bg-black/60 px-3 py-2 ring-1 ring-white/20';

/** "1:05". */
const clock = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The first step whose movement the camera compares with a reference, and that reference; null when none is. */
function firstCompared(steps: TPractice['steps'], movements: TPractice['movements'], references: TPractice['perspectiveReferences']) {
  for (const planStep of steps) {
    const planMovement = movements.get(planStep.movementId);
    const planReference = planMovement ? chooseReference(references.get(planStep.movementId), planMovement) : null;
    if (planReference) return { reference: planReference, name: planStep.name };
  }
  return null;
}

export function PracticeSession({
  practice,
  PhoneCamera,
  hasLivePhone = false,
  useCoach,
  Replay,
}: {
  practice: TPractice;
  PhoneCamera?: TPhoneCamera;
  /** A phone already streams (paired beforehand): its camera is offered from the start. */
  hasLivePhone?: boolean;
  /** The coach (count read from afar, coloured frame, voice, hands-free pause), passed in by the app. */
  useCoach: TUseSessionCoach;
  /** The replay player for the last set, passed in by the app. */
  Replay?: TReplayView;
}) {
  const { state: model, estimator, retry } = usePoseModel();
  const [state, dispatch] = useReducer(practiceReducer, practice.steps, initialPractice);
  const [ownStream, setOwnStream] = useState<MediaStream | null>(null);
  const [isRemote, setIsRemote] = useState(false);
  const [isPairingPhone, setIsPairingPhone] = useState(hasLivePhone);
  /** After the phone dropped mid-practice: its pairing panel is shown over the practice. */
  const [isReconnecting, setIsReconnecting] = useState(false);
  const [phoneStream, setPhoneStream] = useState<MediaStream | null>(null);
  // The phone's picture while it streams; after a drop its last stream stays (frozen) until it is back or replaced.
  const stream = isRemote && phoneStream ? phoneStream : ownStream;
  const [cameraError, setCameraError] = useState<string | null>(null);
  // The out-of-view hint, steadied so it can be read (see hint-hold).
  const hintHold = useRef(NO_HINT);
  const [hint, setHint] = useState<{ index: number; text: string | null }>({ index: 0, text: null });
  const areaRef = useRef<HTMLDivElement>(null);
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
  /**
   * Who paused the practice on their own: the coach (the person left the picture) or the phone's
   * camera dropping. Only that same cause resumes it; the Resume button clears it.
   */
  const pausedBy = useRef<'coach' | 'drop' | 'leave' | null>(null);
  const pauseFor = useCallback((reason: 'coach' | 'drop' | 'leave') => {
    pausedBy.current = reason;
    dispatch({ type: 'pause' });
  }, []);
  /** Resumes a pause `reason` made; answers whether there was one. */
  const resumeAfter = useCallback((reason: 'coach' | 'drop' | 'leave') => {
    if (pausedBy.current !== reason) return false;
    pausedBy.current = null;
    dispatch({ type: 'resume' });
    return true;
  }, []);
  // The coach says its own words for a pause it makes: the practice's "Paused" would repeat them.
  const isCoachSpeaking = useRef(false);
  const coach = useCoach({
    // Hands-free: leaving the picture pauses, coming back resumes (only a pause the coach made).
    onAway: () => {
      if (state.phase !== 'active' || state.isPaused) return;
      isCoachSpeaking.current = true;
      pauseFor('coach');
    },
    onBack: () => {
      if (resumeAfter('coach')) isCoachSpeaking.current = true;
    },
  });
  // The phone's camera went away mid-practice: paused, said plainly, until it is back or this device's camera takes over.
  const isRunningNow = state.phase === 'countdown' || state.phase === 'active' || state.phase === 'rest';
  const isPhoneLost = isRemote && isRunningNow && phoneStream === null;
  useEffect(() => {
    if (!isPhoneLost || state.phase !== 'active' || state.isPaused) return;
    pauseFor('drop');
  }, [isPhoneLost, pauseFor, state.isPaused, state.phase]);
  // Leaving a running practice (the browser's Back, another address) asks first, the practice
  // paused meanwhile: ending it keeps what was done, leaving drops it only when the user says so.
  const leaving = useBlocker(({ currentLocation, nextLocation }) => isRunningNow && currentLocation.pathname !== nextLocation.pathname);
  const isLeaving = leaving.state === 'blocked';
  useEffect(() => {
    if (isLeaving && state.phase !== 'countdown' && !state.isPaused) pauseFor('leave');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the question being asked matters
  }, [isLeaving]);
  useEffect(() => {
    if (!isRunningNow) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isRunningNow]);
  // Ended another way (Esc) while asked: the question is over.
  useEffect(() => {
    if (!isRunningNow && leaving.state === 'blocked') leaving.reset();
  }, [isRunningNow, leaving]);
  const leaveQuestionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isLeaving) leaveQuestionRef.current?.focus();
  }, [isLeaving]);

  // Opened by keyboard or touch, the pairing panel takes the focus: it is where the next step is.
  const reconnectHeadingRef = useRef<HTMLHeadingElement>(null);
  const isReconnectShown = isPhoneLost && isReconnecting;
  useEffect(() => {
    if (isReconnectShown) reconnectHeadingRef.current?.focus();
  }, [isReconnectShown]);
  // Back (a new connection brings a new stream): the practice goes on with it. A drop pause
  // exists only while the practice films with the phone, so no other state needs checking.
  const onPhoneStream = useCallback(
    (next: MediaStream | null) => {
      setPhoneStream(next);
      if (!next) return;
      setIsReconnecting(false);
      resumeAfter('drop');
    },
    [resumeAfter],
  );

  // Each step counts from zero, and starts without the last step's cue or hint.
  useEffect(() => {
    coach.restart();
    hintHold.current = NO_HINT;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the coach object is new each render; only the step matters
  }, [state.index]);

  // Every transition said aloud (get ready, start, last rep, rest, next movement, the end), with its sound.
  const announced = useRef(state);
  useEffect(() => {
    const { say, chime } = practiceAnnouncement(announced.current, state);
    const isCoachPause = isCoachSpeaking.current && announced.current.isPaused !== state.isPaused;
    isCoachSpeaking.current = false;
    announced.current = state;
    if (isCoachPause) return;
    coach.announce(say);
    if (chime) coach.chime(chime);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the coach object is new each render; only the state matters
  }, [state]);

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
    const outOfView = partsOutOfView(result.frame, { width: result.width, height: result.height });
    coach.frame(result.frame.t, outOfView, shoulderSpread(result.frame), reference ? formPartsOutOfView(reference, outOfView) : []);
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
    hintHold.current = holdHint(hintHold.current, update.hint, result.frame.t);
    setHint({ index: state.index, text: hintHold.current.shown });
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
      setOwnStream(phoneStream);
    } else if (kind === 'camera') {
      try {
        setOwnStream(await openCamera());
      } catch (error) {
        setCameraError(errorText(error));
        return;
      }
    }
    setStartedAt(new Date().toISOString());
    dispatch({ type: 'start' });
  };

  const continueWithThisCamera = async () => {
    setCameraError(null);
    try {
      const local = await openCamera();
      setIsRemote(false);
      setOwnStream(local);
      setIsReconnecting(false);
    } catch (error) {
      setCameraError(errorText(error));
      return;
    }
    resumeAfter('drop');
  };

  const resume = () => {
    pausedBy.current = null;
    dispatch({ type: 'resume' });
  };
  const countByHand = () => {
    dispatch({ type: 'reps', count: state.reps + 1 });
    coach.count(state.reps + 1, null);
  };

  const isRunning = phase === 'countdown' || phase === 'active' || phase === 'rest';
  const fit = useFitVideo(areaRef, videoRef, isRunning && !!stream);
  // Before filming: the first movement the camera compares, as its reference moves.
  const preview = useMemo(
    () => firstCompared(practice.steps, practice.movements, practice.perspectiveReferences),
    [practice.movements, practice.perspectiveReferences, practice.steps],
  );
  const nextStep = practice.steps[state.index + 1];
  const nextMovement = nextStep ? practice.movements.get(nextStep.movementId) : undefined;
  const nextReference = useMemo(
    () => (nextStep && nextMovement ? chooseReference(practice.perspectiveReferences.get(nextStep.movementId), nextMovement) : null),
    [nextMovement, nextStep, practice.perspectiveReferences],
  );

  if (isFinished) {
    const source = stream ? (isRemote ? 'remote' : 'camera') : undefined;
    return <PracticeSummary practice={practice} state={state} startedAt={startedAt} lastSet={lastSet} Replay={Replay} source={source} />;
  }

  const title = practice.routine?.name ?? practice.activity.name;
  const isCounting = !!reference && !!stream;
  const countsByHand = phase === 'active' && step?.targetReps !== undefined && !isCounting;
  // Kept mounted once opened: it hands over the phone's stream, and shows it dropping.
  const placementStep = step ?? practice.steps[0];
  const view = (placementStep && practice.perspectiveViews.get(placementStep.movementId)) ?? null;
  const panelClasses =
    state.phase === 'ready'
      ? 'flex flex-col gap-3 rounded-2xl bg-surface p-6'
      : isReconnectShown
        ? 'fixed inset-x-0 bottom-0 z-50 flex max-h-[75dvh] flex-col gap-3 overflow-auto rounded-t-2xl bg-surface p-6'
        : 'hidden';
  const phonePanel =
    PhoneCamera && isPairingPhone ? (
      <section aria-label="Phone camera" className={panelClasses}>
        {state.phase === 'ready' ? null : (
          // On top: the pairing panel below may be taller than the screen.
          <div className="flex items-center justify-between gap-3">
            <h2 ref={reconnectHeadingRef} tabIndex={-1} className="text-xl font-semibold">
              Reconnect the phone
            </h2>
            <Button variant="secondary" onClick={() => setIsReconnecting(false)}>
              Close
            </Button>
          </div>
        )}
        <PhoneCamera onStream={onPhoneStream} view={view} />
        {state.phase === 'ready' ? (
          <Button onClick={() => void start('phone')} disabled={!phoneStream} className="self-start">
            Start with the phone's camera
          </Button>
        ) : null}
      </section>
    ) : null;
  const phoneLost = isPhoneLost ? (
    <section
      role="alert"
      aria-label="Phone camera lost"
      className="pointer-events-auto flex max-w-xl flex-col gap-3 rounded-xl bg-black/85 p-4 text-white"
    >
      <p className="text-xl font-semibold">The phone's camera has disconnected, so reps are not being counted. The practice is paused.</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void continueWithThisCamera()}>Continue with this device's camera</Button>
        <Button variant="secondary" onClick={() => setIsReconnecting(true)}>
          Reconnect the phone
        </Button>
      </div>
    </section>
  ) : null;
  const leaveQuestion = isLeaving ? (
    <section
      ref={leaveQuestionRef}
      tabIndex={-1}
      role="alert"
      aria-label="Leave the practice?"
      className="pointer-events-auto flex max-w-xl flex-col gap-3 rounded-xl bg-black/85 p-4 text-white outline-none"
    >
      <p className="text-xl font-semibold">Leave the practice? What you did so far is saved only if you end the session first.</p>
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => {
            leaving.reset?.();
            dispatch({ type: 'finish' });
          }}
        >
          End the session and save
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            leaving.reset?.();
            resumeAfter('leave');
          }}
        >
          Keep practising
        </Button>
        <Button variant="ghost" onClick={() => leaving.proceed?.()}>
          Leave without saving
        </Button>
      </div>
    </section>
  ) : null;
  const actions: TStageActions = {
    isPaused: state.isPaused,
    ...(phase === 'countdown' ? {} : { onPauseToggle: () => (state.isPaused ? resume() : dispatch({ type: 'pause' })) }),
    ...(phase === 'countdown' ? {} : { skipLabel: phase === 'rest' ? 'Skip the rest' : 'Next step', onSkip: () => dispatch({ type: 'skip' }) }),
    onEnd: () => dispatch({ type: 'finish' }),
    ...(countsByHand && !state.isPaused ? { onCount: countByHand } : {}),
  };
  const set = setLabel(state);
  const picture = stream ? (
    <div className="absolute inset-0 flex items-center justify-center">
      <div style={fit ? { width: fit.width, height: fit.height } : { width: '100%' }} className="relative" data-testid="practice-picture">
        {coach.renderFrame(
          <div className="relative">
            <PoseStage videoRef={videoRef} canvasRef={canvasRef} isMirrored={!isRemote} hint={null} />
            {reference && fit && (phase === 'countdown' || (phase === 'active' && state.reps === 0)) ? (
              <FramingGuide reference={reference} width={fit.videoWidth} height={fit.videoHeight} />
            ) : null}
          </div>,
        )}
      </div>
    </div>
  ) : null;
  // Before the start it holds its place above the start buttons (see ModelStatus).
  const statusLine = (holdPlace: boolean) => (
    <>
      <ModelStatus state={model} onRetry={retry} holdPlace={holdPlace} />
      {cameraError ? <InlineError message={cameraError} /> : null}
    </>
  );
  const status = statusLine(false);
  const area = (
    <>
      {picture}
      <div className="pointer-events-none absolute inset-0 flex flex-col justify-between gap-2 p-3 sm:p-6">
        <div className="flex flex-col items-center gap-2">
          <div className="pointer-events-auto">{status}</div>
          {leaveQuestion}
          {phoneLost}
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
        {phase === 'active' && step && !stream && movement?.instructions.length ? (
          <ul className={`${OVERLAY} mx-auto list-disc pl-8 text-lg`}>
            {movement.instructions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        {phase === 'active' && step ? (
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
                  {stream ? 'The camera does not count this movement' : 'Practising without the camera'}: count each rep with Count a rep
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
        ) : null}
        {phase === 'rest' ? (
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
        ) : null}
      </div>
    </>
  );
  return (
    <div className="flex flex-col gap-4">
      {isRunning ? (
        <PracticeStage
          title={title}
          stepLine={
            <>
              {stepLabel}
              {set ? ` · ${set}` : ''}
            </>
          }
          progress={{ done: state.results.length, total: practice.steps.length }}
          controls={coach.renderControls()}
          areaRef={areaRef}
          area={area}
          actions={actions}
        />
      ) : (
        <div className="flex flex-col gap-1">
          <Link to={paths.discoverActivity({ id: practice.activity.id })} className="mb-2 self-start text-sm text-secondary hover:underline">
            ← Back to {practice.activity.name}
          </Link>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-muted">{stepLabel}</p>
          <div className="self-start">{coach.renderControls()}</div>
        </div>
      )}
      {isRunning ? null : statusLine(phase === 'ready')}
      {state.phase === 'ready' ? (
        <section aria-label="Start" className="flex flex-col gap-3 rounded-2xl bg-surface p-6">
          <div className="flex flex-wrap items-center gap-6">
            {preview ? <ReferenceLoop reference={preview.reference} name={preview.name} /> : null}
            <p className="max-w-prose text-muted">
              Place your device 2 to 3 m away so your whole body is in view; a frame over the picture shows where to stand. Reps are counted on this
              device from the camera; nothing is uploaded. Without the camera, you count your reps yourself.
              <span className="hidden sm:inline"> Once started, Space pauses, N skips and Esc ends.</span>
            </p>
          </div>
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
    </div>
  );
}
