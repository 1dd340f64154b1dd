/**
 * The analysis screen: choose a source (this device's camera or a video file), the 'Get ready'
 * countdown, recording with a live rep count (or the whole file analysed, faster than it plays,
 * with its progress), then the result, saved to the user's sessions. Poses come from the
 * on-device model in Web Workers: the video never leaves the browser, only the result is saved.
 */
import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { ZReference, type TReference } from '@movelab/shared/movescore/index';
import { useMemo, useRef, useState } from 'react';
import { useGetReady } from '@/components/countdown/use-get-ready';
import { ModelStatus } from '@/components/pose/model-status';
import { EmptyState, InlineError } from '@/components/ui/status';
import type { TSessionCoach, TSessionCoachView } from '@/lib/pose/session-coach';
import type { TPhoneCamera, TVideoSource } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import type { TReplayView } from '@/lib/replay/take-video';
import { useAnalysisFeed } from '../hooks/use-analysis-feed';
import { useAnalysisTake } from '../hooks/use-analysis-take';
import { useTakeVoice } from '../hooks/use-take-voice';
import { openLocalSource } from '../lib/open-source';
import { AnalysisResult } from './analysis-result';
import { AnalysisPhonePanel, AnalysisStage } from './analysis-stage';
import { SourceChooser } from './source-chooser';

type TAnalysisTarget = { group: TMovescoreGroup; movement: TMovescoreMovement; perspective: TPerspective };

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
  const model = usePoseModel();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [isPairingPhone, setIsPairingPhone] = useState(hasLivePhone);
  const [phoneStream, setPhoneStream] = useState<MediaStream | null>(null);
  const { view, instructions } = target.perspective;
  const take = useAnalysisTake({ reference, view, coach, hasReplay: !!Replay });
  const { video, isPlayedFile, progress } = useAnalysisFeed({ take, reference, model, videoRef, canvasRef, stageRef });
  const { phase, error, finished } = take;
  const isModelReady = model.state.status === 'ready';
  const isFile = take.source?.kind === 'file';

  // Camera: the countdown once the picture is live and the model ready.
  const isGettingReady = phase === 'countdown' && video.isReady && isModelReady;
  useGetReady(isGettingReady, instructions, take.beginRecording);
  // A live take's turns are said aloud, as a practice's are.
  const moment = !take.isCoached || phase === 'choose' || (phase === 'countdown' && !isGettingReady) ? 'waiting' : phase;
  useTakeVoice(coach, moment, take.live.count);

  const choose = async (kind: TVideoSource['kind'], file?: File) => {
    take.setError(null);
    if (kind === 'remote') {
      if (phoneStream) take.open({ kind, stream: phoneStream });
      return;
    }
    await openLocalSource(kind, file, { onOpen: take.open, onError: take.setError });
  };

  const phonePanel =
    PhoneCamera && isPairingPhone ? (
      <AnalysisPhonePanel
        PhoneCamera={PhoneCamera}
        view={view}
        isShown={phase === 'choose' && !finished}
        onStream={setPhoneStream}
        canStart={!!phoneStream && isModelReady}
        onStart={() => void choose('remote')}
      />
    ) : null;
  if (finished) {
    return (
      <>
        {phonePanel}
        <AnalysisResult reference={reference} target={target} finished={finished} onAgain={take.restart} video={take.takeVideo} Replay={Replay} />
      </>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ModelStatus state={model.state} onRetry={model.retry} holdPlace={phase === 'choose'} />
      {error ? <InlineError message={error} onRetry={phase === 'done' ? take.restart : undefined} /> : null}
      {/* A decoded file's picture is only a preview: a video element that cannot show it changes nothing. */}
      {video.error && (!isFile || isPlayedFile) ? <InlineError message={video.error} onRetry={take.restart} /> : null}
      {phase === 'choose' ? (
        <SourceChooser
          isDisabled={model.state.status === 'error'}
          instructions={instructions}
          onCamera={() => void choose('camera')}
          onFile={(file) => void choose('file', file)}
          onPhone={PhoneCamera ? () => setIsPairingPhone(true) : undefined}
        />
      ) : null}
      {phonePanel}
      <AnalysisStage
        take={take}
        coach={coach}
        view={view}
        stageRef={stageRef}
        videoRef={videoRef}
        canvasRef={canvasRef}
        progress={progress}
        isModelReady={isModelReady}
      />
    </div>
  );
}
