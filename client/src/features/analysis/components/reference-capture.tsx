/**
 * Admin: pick the kind of movement, record (camera) or upload the reference video of a
 * perspective, extract the take with the on-device pose model, build the reference with that
 * kind's definition (its counting joint and the joints that carry form, so any real person doing
 * the movement will do), preview it (skeleton replay and angle curve) and save it inline on the
 * perspective together with the kind. Mounted by the admin perspective page.
 */
import type { TPerspective, TPerspectiveView } from '@movelab/shared';
import {
  buildReference,
  MOVEMENT_KIND_LABELS,
  SIGNAL_NAMES,
  MOVEMENT_KINDS,
  referencePostureError,
  referenceViewError,
  scoreTake,
  type TMovementKind,
  type TReference,
  type TTake,
} from '@movelab/shared/movescore/index';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ModelStatus } from '@/components/pose/model-status';
import { PoseStage } from '@/components/pose/pose-stage';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import { stopStream } from '@/lib/pose/camera';
import { drawSkeleton, paintOverlay } from '@/lib/pose/skeleton';
import { usePoseFeed, useVideoSource, type TVideoSource } from '@/lib/pose/use-pose-feed';
import { usePoseModel } from '@/lib/pose/use-pose-model';
import { useGetReady } from '@/components/countdown/use-get-ready';
import { errorText } from '@/lib/errors';
import { useSaveReference, type TPerspectiveIds } from '../api/save-reference';
import { angleCurve } from '../lib/angle-curve';
import { openLocalSource } from '../lib/open-source';
import { TakeRecorder } from '@/lib/pose/take-recorder';
import { AngleChart } from './angle-chart';
import { SourceChooser } from './source-chooser';

type TPhase = 'choose' | 'countdown' | 'recording' | 'preview';

/** Builds the reference, or says in plain words why it cannot. */
function tryBuild(take: TTake, kind: TMovementKind): { reference: TReference; error: null } | { reference: null; error: string } {
  try {
    return { reference: buildReference(take, { kind }), error: null };
  } catch (failure) {
    return { reference: null, error: errorText(failure) };
  }
}

export function ReferenceCapture({
  groupId,
  movementId,
  perspectiveId,
  kind: savedKind,
  view,
  onSaved,
}: TPerspectiveIds & { kind?: TMovementKind | undefined; view?: TPerspectiveView | undefined; onSaved?: (perspective: TPerspective) => void }) {
  const { state: model, estimator, retry } = usePoseModel();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const recorder = useRef(new TakeRecorder());
  const [source, setSource] = useState<TVideoSource | null>(null);
  const [phase, setPhase] = useState<TPhase>('choose');
  const [error, setError] = useState<string | null>(null);
  const [built, setBuilt] = useState<{ take: TTake; reference: TReference } | null>(null);
  const [take, setTake] = useState<TTake | null>(null);
  const [kind, setKind] = useState<TMovementKind>(savedKind ?? 'custom');
  const isFile = source?.kind === 'file';
  // A take filmed from the other side than the perspective's view, or showing a fault of the
  // movement (hips sagging in a push-up), would judge every user unfairly: not saved.
  const refusal = useMemo(
    () => (built ? ((view ? referenceViewError(view, built.take) : null) ?? referencePostureError(built.reference)) : null),
    [built, view],
  );
  const isModelReady = model.status === 'ready';

  const save = useSaveReference({ groupId, movementId, perspectiveId }, onSaved);

  const finish = () => {
    if (phase !== 'recording') return;
    if (source?.kind === 'camera') stopStream(source.stream);
    setPhase('preview');
    const recorded = recorder.current.toTake();
    if (!recorded) {
      setError('Nothing was recorded: no pose was seen.');
      return;
    }
    setTake(recorded);
    rebuild(recorded, kind);
  };
  /** (Re)builds the reference of the recorded take with a kind: changing the kind after recording needs no new take. */
  const rebuild = (recorded: TTake, nextKind: TMovementKind) => {
    const result = tryBuild(recorded, nextKind);
    setBuilt(result.reference ? { take: recorded, reference: result.reference } : null);
    setError(result.error);
    save.reset();
  };
  const changeKind = (nextKind: TMovementKind) => {
    setKind(nextKind);
    if (take && phase === 'preview') rebuild(take, nextKind);
  };
  const video = useVideoSource(videoRef, source, phase === 'countdown' || (phase === 'recording' && (!isFile || isModelReady)), () => finish());
  useEffect(() => () => (source?.kind === 'camera' ? stopStream(source.stream) : undefined), [source]);
  usePoseFeed({
    videoRef,
    canvasRef,
    estimator,
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
    setBuilt(null);
    setTake(null);
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
    setBuilt(null);
    setTake(null);
    setError(null);
    save.reset();
    setPhase('choose');
  };

  return (
    <section aria-label="Reference motion" className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Reference motion</h2>
      <ModelStatus state={model} onRetry={retry} holdPlace={phase === 'choose'} />
      {phase === 'choose' || phase === 'preview' ? (
        <label className="flex max-w-md flex-col gap-1 text-sm font-medium">
          Movement kind
          <select
            className="min-h-11 rounded-lg border border-white/20 bg-background px-3 text-base text-on-surface focus:border-primary focus:outline-none"
            value={kind}
            onChange={(event) => changeKind(event.target.value as TMovementKind)}
          >
            {MOVEMENT_KINDS.map((option) => (
              <option key={option} value={option}>
                {MOVEMENT_KIND_LABELS[option]}
              </option>
            ))}
          </select>
          <span className="font-normal text-muted">Reps are counted and form is judged as this movement&apos;s definition says.</span>
        </label>
      ) : null}
      {error ? <InlineError message={error} onRetry={restart} /> : null}
      {phase === 'choose' ? (
        <SourceChooser
          isDisabled={model.status === 'error'}
          instructions="Record or upload the movement done well: start at rest, then at least two full reps, whole body in view."
          onCamera={() => void choose('camera')}
          onFile={(file) => void choose('file', file)}
        />
      ) : null}
      <div className={phase === 'countdown' || phase === 'recording' ? 'flex flex-col gap-3' : 'hidden'}>
        <PoseStage videoRef={videoRef} canvasRef={canvasRef} isMirrored={source?.kind === 'camera'} />
        {phase === 'recording' && !isFile ? (
          <Button onClick={finish} className="self-start">
            Stop and build the reference
          </Button>
        ) : null}
        {phase === 'recording' && isFile ? <p className="text-sm text-muted">Extracting the poses of the whole video…</p> : null}
      </div>
      {phase === 'preview' && built ? (
        <ReferencePreview take={built.take} reference={built.reference}>
          {refusal ? <InlineError message={refusal} /> : null}
          {save.isError ? <InlineError message={`Not saved: ${save.error.message}`} /> : null}
          {save.isSuccess ? (
            <p role="status" className="text-sm text-muted">
              Reference saved on the perspective
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => save.mutate({ reference: built.reference, kind })}
              isLoading={save.isPending}
              disabled={save.isSuccess || refusal !== null}
            >
              Save the reference
            </Button>
            <Button variant="secondary" onClick={restart}>
              Record again
            </Button>
          </div>
        </ReferencePreview>
      ) : null}
    </section>
  );
}

/** The built reference: the take's skeleton replayed in a loop and its angle curve with the template. */
function ReferencePreview({ take, reference, children }: { take: TTake; reference: TReference; children: ReactNode }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The reference take scored against itself: its reps, with the template drawn over each.
  const curve = useMemo(() => angleCurve(reference, take, scoreTake(reference, take).reps), [reference, take]);

  useEffect(() => {
    const frames = take.frames;
    const duration = frames.at(-1)?.t ?? 0;
    const start = performance.now();
    let handle = 0;
    let index = 0;
    const step = () => {
      const t = (performance.now() - start) % Math.max(1, duration);
      if (t < frames[index]!.t) index = 0;
      while (index < frames.length - 1 && frames[index + 1]!.t <= t) index += 1;
      paintOverlay(canvasRef.current, take.width, take.height, (context) => {
        drawSkeleton(context, frames[index]!.keypoints);
      });
      handle = requestAnimationFrame(step);
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [take]);

  return (
    <div className="flex flex-col gap-3">
      <p>
        {reference.repCount} reps found · {SIGNAL_NAMES[reference.primary]} from {Math.round(reference.rest)}° to {Math.round(reference.extreme)}° ·{' '}
        {(reference.repMs.mean / 1000).toFixed(1)} s a rep
      </p>
      <canvas ref={canvasRef} className="h-auto w-full max-w-md rounded-lg bg-black" aria-label="Skeleton replay of the reference take" role="img" />
      <AngleChart curve={curve} label={`${SIGNAL_NAMES[reference.primary]} of the reference take`} />
      {children}
    </div>
  );
}
