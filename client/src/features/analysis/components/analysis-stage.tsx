/** The analysis screen's views around a take: the phone's pairing, and the picture with what a running take shows. */
import type { TPerspectiveView } from '@movelab/shared';
import type { RefObject } from 'react';
import { PoseStage } from '@/components/pose/pose-stage';
import { Button } from '@/components/ui/button';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import type { TFileProgress } from '../lib/file-progress';
import type { TAnalysisTake } from '../hooks/use-analysis-take';
import { FileProgress } from './file-progress';
import { LiveCount, TakeControls } from './live-take';

/** The phone's pairing, shown while a source is chosen. It stays mounted while it is in use: unmounting it ends its session. */
export function AnalysisPhonePanel({
  PhoneCamera,
  view,
  isShown,
  onStream,
  canStart,
  onStart,
}: {
  PhoneCamera: TPhoneCamera;
  view: TPerspectiveView;
  isShown: boolean;
  onStream: (stream: MediaStream | null) => void;
  /** The phone streams and the model is ready. */
  canStart: boolean;
  onStart: () => void;
}) {
  return (
    <section aria-label="Phone camera" className={isShown ? 'flex flex-col gap-3 rounded-2xl bg-surface p-6' : 'hidden'}>
      <PhoneCamera onStream={onStream} view={view} />
      <Button onClick={onStart} disabled={!canStart} className="self-start">
        Start with the phone's camera
      </Button>
    </section>
  );
}

type TStageProps = {
  take: TAnalysisTake;
  coach: TSessionCoach;
  view: TPerspectiveView;
  stageRef: RefObject<HTMLDivElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  progress: TFileProgress | null;
  isModelReady: boolean;
};

/** The picture of the take under way, with its controls, the coach's views and, for a file, its progress. */
export function AnalysisStage({ take, coach, view, stageRef, videoRef, canvasRef, progress, isModelReady }: TStageProps) {
  const { source, phase, live, isCoached } = take;
  const isRecording = phase === 'recording';
  return (
    <div ref={stageRef} className={source && phase !== 'done' ? 'flex flex-col gap-3' : 'hidden'}>
      {isCoached && isRecording ? <TakeControls onStop={take.finish} voiceSwitch={coach.renderControls()} /> : null}
      {/* Always inside the frame (transparent until coached): the video element must not remount. */}
      {coach.renderFrame(
        <PoseStage videoRef={videoRef} canvasRef={canvasRef} isMirrored={source?.kind === 'camera'} isFitted hint={isRecording ? live.hint : null}>
          {isRecording ? <LiveCount count={live.count} seconds={live.seconds} lastRepScore={live.lastRepScore} /> : null}
        </PoseStage>,
      )}
      {isCoached && isRecording ? coach.renderSetup(view) : null}
      {isCoached && isRecording ? coach.renderCount({ count: live.count }) : null}
      {isRecording && source?.kind === 'file' ? <FileProgress progress={progress} onCancel={take.restart} /> : null}
      {isRecording ? null : (
        <p role="status" className="text-sm text-muted">
          {isModelReady ? 'Starting…' : 'Waiting for the pose model…'}
        </p>
      )}
    </div>
  );
}
