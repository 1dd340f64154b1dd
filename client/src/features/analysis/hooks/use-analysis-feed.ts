import type { TReference } from '@movelab/shared/movescore/index';
import { fileAnalysisFps } from '@movelab/shared/pose/frame-rate';
import { useEffect, useRef, type RefObject } from 'react';
import { stopStream } from '@/lib/pose/camera';
import { filePacer } from '@/lib/pose/frame-pump';
import type { TPoseResult } from '@/lib/pose/pose-client';
import { usePoseFeed, useVideoSource } from '@/lib/pose/use-pose-feed';
import type { usePoseModel } from '@/lib/pose/use-pose-model';
import type { LiveSession } from '../lib/live-session';
import type { TAnalysisTake } from './use-analysis-take';
import { useFileAnalysis } from './use-file-analysis';
import { useFileProgress } from './use-file-progress';

type TFeedOptions = {
  take: TAnalysisTake;
  reference: TReference;
  model: ReturnType<typeof usePoseModel>;
  videoRef: RefObject<HTMLVideoElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The picture, the progress and the count: kept in view while a file is analysed. */
  stageRef: RefObject<HTMLElement | null>;
};

/**
 * The poses of the take's source into the take. A file is decoded and analysed without playing
 * it, at its movement's analysis rate; where the browser cannot, it plays once the model is ready
 * to see all of it. A camera runs from the start.
 */
export function useAnalysisFeed({ take, reference, model, videoRef, canvasRef, stageRef }: TFeedOptions) {
  const { source, phase } = take;
  const isFile = source?.kind === 'file';
  const isModelReady = model.state.status === 'ready';
  const decoded = useFileAnalysis({
    file: source?.kind === 'file' ? source.file : null,
    fps: fileAnalysisFps(reference.kind),
    isActive: phase === 'recording' && isModelReady,
    videoRef,
    canvasRef,
    onPose: (result) => onPose(result),
    onDone: () => take.finish(),
    onError: take.setError,
  });
  const isPlayedFile = isFile && decoded.mode === 'play';
  const video = useVideoSource(videoRef, source, phase !== 'done' && (!isFile || (isPlayedFile && phase === 'recording' && isModelReady)), () =>
    isPlayedFile ? take.finish() : undefined,
  );
  // The camera stops when the screen is left or the source changes.
  useEffect(() => () => (source?.kind === 'camera' ? stopStream(source.stream) : undefined), [source]);

  // A played file slows down when the model cannot keep up (the take's times are the video's own): a pacer for each take.
  const filePace = useRef<{ session: LiveSession; pace: (t: number) => void } | null>(null);
  const keepFilePace = (session: LiveSession, t: number) => {
    const element = videoRef.current;
    if (!element) return;
    if (filePace.current?.session !== session) filePace.current = { session, pace: filePacer(element) };
    filePace.current.pace(t);
  };
  const onPose = (result: TPoseResult) => {
    const current = take.sessionRef.current;
    if (phase !== 'recording' || !current) return;
    if (isPlayedFile) keepFilePace(current, result.frame.t);
    take.record(current, result);
  };

  const isAnalysingFile = isFile && phase === 'recording' && isModelReady && (video.isReady || !isPlayedFile);
  const playedProgress = useFileProgress(videoRef, isAnalysingFile && isPlayedFile);
  // The picture, the progress and the rep count in view for the whole wait, wherever the page was scrolled.
  useEffect(() => {
    if (isAnalysingFile) stageRef.current?.scrollIntoView({ block: 'center' });
  }, [isAnalysingFile, stageRef]);
  usePoseFeed({
    videoRef,
    canvasRef,
    estimator: model.estimator,
    clock: isFile ? 'media' : 'wall',
    isActive: isModelReady && video.isReady && (phase === 'countdown' || phase === 'recording') && (!isFile || isPlayedFile),
    onPose,
    onError: (failure) => take.setError(failure.message),
  });
  return { video, isPlayedFile, progress: isPlayedFile ? playedProgress : decoded.progress };
}
