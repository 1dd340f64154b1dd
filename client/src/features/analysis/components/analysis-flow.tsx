/**
 * The analysis screen: choose a source (this device's camera or a video file), the 'Get ready'
 * countdown, recording with a live rep count (or the whole file analysed, faster than it plays,
 * with its progress), then the result, saved to the user's sessions. Poses come from the
 * on-device model in Web Workers: the video never leaves the browser, only the result is saved.
 */
import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { partsOutOfView, scoreTake, shoulderSpread, takeCameraView, viewAdvice, ZReference, type TReference } from '@movelab/shared/movescore/index';
import { formPartsOutOfView } from '@movelab/shared/movescore/judged';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, InlineError } from '@/components/ui/status';
import { stopStream } from '@/lib/pose/camera';
import { ModelStatus } from '@/components/pose/model-status';
import { PoseStage } from '@/components/pose/pose-stage';
import type { TPoseResult } from '@/lib/pose/pose-client';
import type { TSessionCoach, TSessionCoachView } from '@/lib/pose/session-coach';
import { usePoseFeed, useVideoSource, type TPhoneCamera, type TVideoSource } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import { useGetReady } from '@/components/countdown/use-get-ready';
import { errorText } from '@/lib/errors';
import type { TReplayView } from '@/lib/replay/take-video';
import { LiveSession } from '../lib/live-session';
import { openLocalSource } from '../lib/open-source';
import type { TFinished } from '../lib/finished';
import { filePacer } from '@/lib/pose/frame-pump';
import { fileAnalysisFps } from '@movelab/shared/pose/frame-rate';
import { useFileAnalysis } from '../hooks/use-file-analysis';
import { useFileProgress } from '../hooks/use-file-progress';
import { useTakeVideo } from '../hooks/use-take-video';
import { useTakeVoice } from '../hooks/use-take-voice';
import { FileProgress } from './file-progress';
import { LiveCount, TakeControls } from './live-take';
import { AnalysisResult } from './analysis-result';
import { SourceChooser } from './source-chooser';

type TAnalysisTarget = { group: TMovescoreGroup; movement: TMovescoreMovement; perspective: TPerspective };
type TPhase = 'choose' | 'countdown' | 'recording' | 'done';
/** The phone camera's pairing panel (the remote camera feature), passed in by the app. */
type TLive = { count: number; hint: string | null; lastRepScore: number | null; seconds: number };

const NO_LIVE: TLive = { count: 0, hint: null, lastRepScore: null, seconds: 0 };

/** The perspective's inline reference, or null when it has none (or a broken one). */
export function perspectiveReference(perspective: TPerspective): TReference | null {
  const parsed = ZReference.safeParse(perspective.reference);
  return parsed.success ? parsed.data : null;
}

/** The coach (count read from afar, coloured frame, voice, hands-free pause) is passed in by the app. */
type TPassedIn = {
  PhoneCamera?: TPhoneCamera;
  /** A phone already streams (paired beforehand): its camera is offered from the start. */
  hasLivePhone?: boolean;
  Coach: TSessionCoachView;
  Replay?: TReplayView;
};

export function AnalysisFlow({ group, movement, perspective, PhoneCamera, hasLivePhone, Coach, Replay }: TAnalysisTarget & TPassedIn) {
  const reference = useMemo(() => perspectiveReference(perspective), [perspective]);
  if (!reference) {
    return (
      <EmptyState>
        {perspective.name} has no reference motion yet, so there is nothing to compare with. An administrator records one on the perspective's page.
      </EmptyState>
    );
  }
  // A live picture (this device's camera or the phone's) is coached; a file is not.
  return (
    <Coach key={perspective.id}>
      {(coach) => (
        <AnalysisSession
          reference={reference}
          target={{ group, movement, perspective }}
          PhoneCamera={PhoneCamera}
          hasLivePhone={hasLivePhone}
          coach={coach}
          Replay={Replay}
        />
      )}
    </Coach>
  );
}

type TSessionProps = { reference: TReference; target: TAnalysisTarget; coach: TSessionCoach } & Omit<TPassedIn, 'Coach'>;

function AnalysisSession({ reference, target, PhoneCamera, hasLivePhone = false, coach, Replay }: TSessionProps) {
  const { state: model, estimator, retry } = usePoseModel();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [source, setSource] = useState<TVideoSource | null>(null);
  const [isPairingPhone, setIsPairingPhone] = useState(hasLivePhone);
  const [phoneStream, setPhoneStream] = useState<MediaStream | null>(null);
  const [phase, setPhase] = useState<TPhase>('choose');
  const [live, setLive] = useState<TLive>(NO_LIVE);
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState<TFinished | null>(null);
  const session = useRef<LiveSession | null>(null);
  const takeVideo = useTakeVideo(!!Replay);
  const startedAt = useRef(new Date().toISOString());
  const isFile = source?.kind === 'file';
  const stageRef = useRef<HTMLDivElement>(null);
  const isCoached = !!source && !isFile;
  const finish = () => {
    if (phase !== 'recording') return;
    const take = session.current?.recorder.toTake() ?? null;
    setPhase('done');
    if (session.current && source) takeVideo.keep(source, session.current.recorder);
    if (source?.kind === 'camera') stopStream(source.stream);
    if (!take) {
      setError('Nothing was recorded: no pose was seen. Check the camera shows you, then try again.');
      return;
    }
    try {
      // Filmed from another side than the perspective's: the result says so first.
      const scored = scoreTake(reference, take);
      const advice = viewAdvice(target.perspective.view, takeCameraView(take), 'filmed');
      const result = advice ? { ...scored, feedback: [advice, ...scored.feedback] } : scored;
      setFinished({ result, take, source: source?.kind ?? 'camera', startedAt: startedAt.current });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const isModelReady = model.status === 'ready';
  // A file is decoded and analysed without playing it, at its movement's analysis rate; where the
  // browser cannot, it plays once the model is ready to see all of it. A camera runs from the start.
  const decoded = useFileAnalysis({
    file: source?.kind === 'file' ? source.file : null,
    fps: fileAnalysisFps(reference.kind),
    isActive: phase === 'recording' && isModelReady,
    videoRef,
    canvasRef,
    onPose: (result) => onPose(result),
    onDone: () => finish(),
    onError: setError,
  });
  const isPlayedFile = isFile && decoded.mode === 'play';
  const video = useVideoSource(videoRef, source, phase !== 'done' && (!isFile || (isPlayedFile && phase === 'recording' && isModelReady)), () =>
    isPlayedFile ? finish() : undefined,
  );

  // The camera stops when the screen is left or the source changes.
  useEffect(() => () => (source?.kind === 'camera' ? stopStream(source.stream) : undefined), [source]);

  // A played file slows down when the model cannot keep up (the take's times are the video's own).
  const filePace = useRef<((t: number) => void) | null>(null);
  const keepFilePace = (t: number) => {
    const element = videoRef.current;
    if (!element) return;
    filePace.current ??= filePacer(element);
    filePace.current(t);
  };

  const onPose = (result: TPoseResult) => {
    const current = session.current;
    if (phase !== 'recording' || !current) return;
    if (isPlayedFile) keepFilePace(result.frame.t);
    if (isCoached) {
      const outOfView = partsOutOfView(result.frame, { width: result.width, height: result.height });
      coach.frame(result.frame.t, outOfView, shoulderSpread(result.frame), formPartsOutOfView(reference, outOfView));
      // Hands-free: while the person is out of the picture the recording pauses.
      if (coach.isAway()) return;
    }
    const update = current.push(result);
    if (!update) return;
    if (isCoached) coach.count(update.count, update.rep);
    setLive((previous) => ({
      count: update.count,
      hint: update.hint,
      lastRepScore: update.rep ? update.rep.score : previous.lastRepScore,
      seconds: Math.floor(current.recorder.durationMs / 1000),
    }));
  };
  const isAnalysingFile = isFile && phase === 'recording' && isModelReady && (video.isReady || !isPlayedFile);
  const playedProgress = useFileProgress(videoRef, isAnalysingFile && isPlayedFile);
  const progress = isPlayedFile ? playedProgress : decoded.progress;
  // The picture, the progress and the rep count in view for the whole wait, wherever the page was scrolled.
  useEffect(() => {
    if (isAnalysingFile) stageRef.current?.scrollIntoView({ block: 'center' });
  }, [isAnalysingFile]);
  usePoseFeed({
    videoRef,
    canvasRef,
    estimator,
    clock: isFile ? 'media' : 'wall',
    isActive: isModelReady && video.isReady && (phase === 'countdown' || phase === 'recording') && (!isFile || isPlayedFile),
    onPose,
    onError: (failure) => setError(failure.message),
  });

  const beginRecording = () => {
    session.current = new LiveSession(reference);
    filePace.current = null;
    startedAt.current = new Date().toISOString();
    takeVideo.start(source);
    coach.restart();
    setLive(NO_LIVE);
    setPhase('recording');
  };

  // Camera: the countdown once the picture is live and the model ready.
  const isGettingReady = phase === 'countdown' && video.isReady && isModelReady;
  useGetReady(isGettingReady, target.perspective.instructions, beginRecording);
  // A live take's turns are said aloud, as a practice's are.
  const moment = !isCoached || phase === 'choose' || (phase === 'countdown' && !isGettingReady) ? 'waiting' : phase;
  useTakeVoice(coach, moment, live.count);

  const choose = async (kind: TVideoSource['kind'], file?: File) => {
    setError(null);
    if (kind === 'remote') {
      if (!phoneStream) return;
      setSource({ kind, stream: phoneStream });
      setPhase('countdown');
      return;
    }
    await openLocalSource(kind, file, {
      onOpen: (next) => {
        setSource(next);
        // A file has no countdown: it is analysed from its first frame.
        if (next.kind === 'file') beginRecording();
        else setPhase('countdown');
      },
      onError: setError,
    });
  };

  const restart = () => {
    setFinished(null);
    setSource(null);
    setError(null);
    setLive(NO_LIVE);
    session.current = null;
    takeVideo.clear();
    setPhase('choose');
  };

  // The phone's pairing stays mounted while it is in use: unmounting it ends its session.
  const phonePanel =
    PhoneCamera && isPairingPhone ? (
      <section aria-label="Phone camera" className={phase === 'choose' && !finished ? 'flex flex-col gap-3 rounded-2xl bg-surface p-6' : 'hidden'}>
        <PhoneCamera onStream={setPhoneStream} view={target.perspective.view} />
        <Button onClick={() => void choose('remote')} disabled={!phoneStream || !isModelReady} className="self-start">
          Start with the phone's camera
        </Button>
      </section>
    ) : null;

  if (finished) {
    return (
      <>
        {phonePanel}
        <AnalysisResult reference={reference} target={target} finished={finished} onAgain={restart} video={takeVideo.takeVideo} Replay={Replay} />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ModelStatus state={model} onRetry={retry} holdPlace={phase === 'choose'} />
      {error ? <InlineError message={error} onRetry={phase === 'done' ? restart : undefined} /> : null}
      {/* A decoded file's picture is only a preview: a video element that cannot show it changes nothing. */}
      {video.error && (!isFile || isPlayedFile) ? <InlineError message={video.error} onRetry={restart} /> : null}
      {phase === 'choose' ? (
        <SourceChooser
          isDisabled={model.status === 'error'}
          instructions={target.perspective.instructions}
          onCamera={() => void choose('camera')}
          onFile={(file) => void choose('file', file)}
          onPhone={PhoneCamera ? () => setIsPairingPhone(true) : undefined}
        />
      ) : null}
      {phonePanel}
      <div ref={stageRef} className={source && phase !== 'done' ? 'flex flex-col gap-3' : 'hidden'}>
        {isCoached && phase === 'recording' ? <TakeControls onStop={finish} voiceSwitch={coach.renderControls()} /> : null}
        {/* Always inside the frame (transparent until coached): the video element must not remount. */}
        {coach.renderFrame(
          <PoseStage
            videoRef={videoRef}
            canvasRef={canvasRef}
            isMirrored={source?.kind === 'camera'}
            isFitted
            hint={phase === 'recording' ? live.hint : null}
          >
            {phase === 'recording' ? <LiveCount count={live.count} seconds={live.seconds} lastRepScore={live.lastRepScore} /> : null}
          </PoseStage>,
        )}
        {isCoached && phase === 'recording' ? coach.renderSetup(target.perspective.view) : null}
        {isCoached && phase === 'recording' ? coach.renderCount({ count: live.count }) : null}
        {phase === 'recording' && isFile ? <FileProgress progress={progress} onCancel={restart} /> : null}
        {phase === 'recording' ? null : (
          <p role="status" className="text-sm text-muted">
            {model.status === 'ready' ? 'Starting…' : 'Waiting for the pose model…'}
          </p>
        )}
      </div>
    </div>
  );
}
