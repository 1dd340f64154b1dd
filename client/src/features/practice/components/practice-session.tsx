/**
 * Camera practice of a routine or an activity: a 'Get ready' countdown before each step, live
 * rep counting from the on-device pose model (the movement's reference motion, or one
 * generated for its kind), form cues, rests with pause and resume, then a summary saved as a
 * routine completion and a practice session.
 */
import { holdPositionOf, type TReference } from '@movelab/shared/movescore/index';
import { useMemo, useRef } from 'react';
import type { TSessionCoach, TSessionCoachView } from '@/lib/pose/session-coach';
import { usePoseFeed, type TPhoneCamera } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import type { TReplayView } from '@/lib/replay/take-video';
import { chooseReference } from '@/lib/reference/choose-reference';
import type { TPractice } from '../api/get-practice';
import { useFitVideo } from '../hooks/use-fit-video';
import { useHold } from '../hooks/use-hold';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { usePracticeCamera } from '../hooks/use-practice-camera';
import { usePracticeClock } from '../hooks/use-practice-clock';
import { usePracticeMachine, type TPracticeMachine } from '../hooks/use-practice-machine';
import { usePracticeSets } from '../hooks/use-practice-sets';
import { usePracticeVoice } from '../hooks/use-practice-voice';
import { setLabel } from '../lib/announce';
import { currentStep, isRunningPhase } from '../lib/step-machine';
import { PracticeArea } from './practice-area';
import { PracticeIntro, PracticePhonePanel, PracticeStart, StatusLine } from './practice-setup';
import { PracticeStage, type TStageActions } from './practice-stage';
import { PracticeSummary } from './practice-summary';

type TPassedIn = {
  PhoneCamera?: TPhoneCamera;
  /** A phone already streams (paired beforehand): its camera is offered from the start. */
  hasLivePhone?: boolean;
  /** The coach (count read from afar, coloured frame, voice, hands-free pause), passed in by the app. */
  Coach: TSessionCoachView;
  /** The replay player for the last set, passed in by the app. */
  Replay?: TReplayView;
};

/** The practice's state lives above the coach, which pauses it when the person leaves the picture. */
export function PracticeSession({ practice, Coach, ...passedIn }: { practice: TPractice } & TPassedIn) {
  const machine = usePracticeMachine(practice.steps);
  return (
    <Coach onAway={machine.onAway} onBack={machine.onBack}>
      {(coach) => <PracticeRun practice={practice} machine={machine} coach={coach} {...passedIn} />}
    </Coach>
  );
}

/** The big buttons and keys of the running practice; counting by hand where the camera does not count. */
function stageActions(
  { state, dispatch, resume, pauseFor, resumeAfter }: TPracticeMachine,
  coach: TSessionCoach,
  countsByHand: boolean,
): TStageActions {
  const { phase } = state;
  const countByHand = () => {
    dispatch({ type: 'reps', count: state.reps + 1 });
    coach.count(state.reps + 1, null);
  };
  return {
    isPaused: state.isPaused,
    ...(phase === 'countdown' ? {} : { onPauseToggle: () => (state.isPaused ? resume() : dispatch({ type: 'pause' })) }),
    ...(phase === 'countdown' ? {} : { skipLabel: phase === 'rest' ? 'Skip the rest' : 'Next step', onSkip: () => dispatch({ type: 'skip' }) }),
    onEnd: () => dispatch({ type: 'finish' }),
    // Paused while End session is asked (a countdown runs on: it cannot pause).
    onEndAsked: (isAsked) => {
      if (!isAsked) resumeAfter('end');
      else if (phase !== 'countdown' && !state.isPaused) pauseFor('end');
    },
    ...(countsByHand && !state.isPaused ? { onCount: countByHand } : {}),
  };
}

type TRunProps = Omit<TPassedIn, 'Coach'> & { practice: TPractice; machine: TPracticeMachine; coach: TSessionCoach };

function PracticeRun({ practice, machine, coach, PhoneCamera, hasLivePhone = false, Replay }: TRunProps) {
  const { state, dispatch } = machine;
  const { state: model, estimator, retry } = usePoseModel();
  const cellRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const step = currentStep(state);
  const movement = step ? practice.movements.get(step.movementId) : undefined;
  const reference = useMemo<TReference | null>(
    () => (step && movement ? chooseReference(practice.perspectiveReferences.get(step.movementId), movement) : null),
    [movement, practice.perspectiveReferences, step],
  );
  const camera = usePracticeCamera(machine, videoRef, hasLivePhone);
  const leave = useLeaveGuard(machine);
  const { stream, isRemote } = camera;
  const sets = usePracticeSets({ machine, coach, reference, stream, isRemote, canReplay: !!Replay });
  usePracticeVoice(state, coach, machine.isCoachSpeaking);
  // A hold the camera judges times only while the position is seen: with a picture and a model to read it.
  const canJudge = !!stream && model.status !== 'error';
  const hold = useHold(state, canJudge && movement ? holdPositionOf(movement) : null);
  const isFinished = state.phase === 'finished';
  usePoseFeed({
    videoRef,
    canvasRef,
    estimator,
    clock: 'wall',
    isActive: model.status === 'ready' && camera.video.isReady && !isFinished,
    onPose: (result) => {
      sets.onPose(result);
      hold.onPose(result);
    },
    onError: (error) => camera.setCameraError(error.message),
  });
  const { phase } = state;
  const stepLabel = `Step ${state.index + 1} of ${practice.steps.length}: ${step?.name ?? ''}`;
  usePracticeClock(phase, stepLabel, dispatch, !hold.isJudged || hold.isHeld);
  const isRunning = isRunningPhase(phase);
  const fit = useFitVideo(cellRef, videoRef, isRunning && !!stream);

  if (isFinished) {
    const source = stream ? (isRemote ? 'remote' : 'camera') : undefined;
    return <PracticeSummary practice={practice} state={state} startedAt={machine.startedAt} lastSet={sets.lastSet} Replay={Replay} source={source} />;
  }
  const title = practice.routine?.name ?? practice.activity.name;
  const countsByHand = phase === 'active' && step?.targetReps !== undefined && !(reference && stream);
  const status = { model, onRetry: retry, cameraError: camera.cameraError };
  const set = setLabel(state);
  const area = { practice, state, coach, camera, leave, hint: sets.hint, hold, countsByHand, videoRef, canvasRef, cellRef, fit, reference };
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
          area={<PracticeArea {...area} status={<StatusLine {...status} holdPlace={false} />} />}
          actions={stageActions(machine, coach, countsByHand)}
        />
      ) : (
        <PracticeIntro practice={practice} title={title} stepLabel={stepLabel} controls={coach.renderControls()} />
      )}
      {isRunning ? null : <StatusLine {...status} holdPlace={phase === 'ready'} />}
      {phase === 'ready' ? <PracticeStart practice={practice} camera={camera} canPairPhone={!!PhoneCamera} /> : null}
      {PhoneCamera && camera.isPairingPhone ? (
        <PracticePhonePanel practice={practice} state={state} camera={camera} PhoneCamera={PhoneCamera} />
      ) : null}
    </div>
  );
}
