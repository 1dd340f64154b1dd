import type { TPerspective, TPerspectiveView } from '@movelab/shared';
import type { TMovementKind } from '@movelab/shared/movescore/index';
import { useEffect, useRef, useState } from 'react';
import { useGetReady } from '@/components/countdown/use-get-ready';
import { stopStream } from '@/lib/pose/camera';
import { TakeRecorder } from '@/lib/pose/take-recorder';
import { usePoseFeed, useVideoSource, type TVideoSource } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import type { TPerspectiveIds } from '../api/save-reference';
import { openLocalSource } from '../lib/open-source';
import { useReferenceBuild } from './use-reference-build';

export type TCapturePhase = 'choose' | 'countdown' | 'recording' | 'preview';

export type TCaptureOptions = TPerspectiveIds & {
  kind?: TMovementKind | undefined;
  view?: TPerspectiveView | undefined;
  onSaved?: (perspective: TPerspective) => void;
};

/**
 * The reference take from its source (the camera after a countdown, or a whole file) to its
 * preview: the poses recorded with the on-device model, then the reference built from them.
 */
export function useReferenceCapture({ groupId, movementId, perspectiveId, kind: savedKind, view, onSaved }: TCaptureOptions) {
  const model = usePoseModel();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const recorder = useRef(new TakeRecorder());
  const [source, setSource] = useState<TVideoSource | null>(null);
  const [phase, setPhase] = useState<TCapturePhase>('choose');
  const [error, setError] = useState<string | null>(null);
  const build = useReferenceBuild({ ids: { groupId, movementId, perspectiveId }, savedKind, view, onSaved, setError });
  const isFile = source?.kind === 'file';
  const isModelReady = model.state.status === 'ready';

  const finish = () => {
    if (phase !== 'recording') return;
    if (source?.kind === 'camera') stopStream(source.stream);
    setPhase('preview');
    const recorded = recorder.current.toTake();
    if (!recorded) {
      setError('Nothing was recorded: no pose was seen.');
      return;
    }
    build.buildFrom(recorded);
  };
  const video = useVideoSource(videoRef, source, phase === 'countdown' || (phase === 'recording' && (!isFile || isModelReady)), () => finish());
  useEffect(() => () => (source?.kind === 'camera' ? stopStream(source.stream) : undefined), [source]);
  usePoseFeed({
    videoRef,
    canvasRef,
    estimator: model.estimator,
    clock: isFile ? 'media' : 'wall',
    isActive: isModelReady && video.isReady && (phase === 'countdown' || phase === 'recording'),
    onPose: (result) => {
      if (phase === 'recording') recorder.current.add(result);
    },
    onError: (failure) => setError(failure.message),
  });
  useGetReady(phase === 'countdown' && video.isReady && isModelReady, 'Start at rest, then do at least two good reps', () => setPhase('recording'));

  const choose = async (sourceKind: 'camera' | 'file', file?: File) => {
    setError(null);
    build.clear();
    recorder.current = new TakeRecorder();
    await openLocalSource(sourceKind, file, {
      onOpen: (next) => {
        setSource(next);
        setPhase(next.kind === 'file' ? 'recording' : 'countdown');
      },
      onError: setError,
    });
  };
  const restart = () => {
    setSource(null);
    build.clear();
    setError(null);
    build.save.reset();
    setPhase('choose');
  };
  return { model, videoRef, canvasRef, source, phase, error, build, finish, choose, restart };
}
