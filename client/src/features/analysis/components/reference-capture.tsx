/**
 * Admin: pick the kind of movement, record (camera) or upload the reference video of a
 * perspective, extract the take with the on-device pose model, build the reference with that
 * kind's definition (its counting joint and the joints that carry form, so any real person doing
 * the movement will do), preview it (skeleton replay and angle curve) and save it inline on the
 * perspective together with the kind. Mounted by the admin perspective page.
 */
import {
  MOVEMENT_KIND_LABELS,
  MOVEMENT_KINDS,
  SIGNAL_NAMES,
  scoreTake,
  type TMovementKind,
  type TReference,
  type TTake,
} from '@movelab/shared/movescore/index';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ModelStatus } from '@/components/pose/model-status';
import { PoseStage } from '@/components/pose/pose-stage';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/status';
import { drawSkeleton, paintOverlay } from '@/lib/pose/skeleton';
import { useFileProgress } from '../hooks/use-file-progress';
import type { TReferenceBuild } from '../hooks/use-reference-build';
import { useReferenceCapture, type TCaptureOptions } from '../hooks/use-reference-capture';
import { angleCurve } from '@/components/result/angle-curve';
import { AngleChart } from '@/components/result/angle-chart';
import { FileProgress } from './file-progress';
import { SourceChooser } from './source-chooser';

/** The kind of movement the reference is built for. */
function KindSelect({ kind, onChange }: { kind: TMovementKind; onChange: (kind: TMovementKind) => void }) {
  return (
    <label className="flex max-w-md flex-col gap-1 text-sm font-medium">
      Movement kind
      <select
        className="min-h-11 rounded-lg border border-white/20 bg-background px-3 text-base text-on-surface focus:border-primary focus:outline-none"
        value={kind}
        onChange={(event) => onChange(event.target.value as TMovementKind)}
      >
        {MOVEMENT_KINDS.map((option) => (
          <option key={option} value={option}>
            {MOVEMENT_KIND_LABELS[option]}
          </option>
        ))}
      </select>
      <span className="font-normal text-muted">Reps are counted and form is judged as this movement&apos;s definition says.</span>
    </label>
  );
}

/** Under the preview: why it may not be saved, how saving went, and Save or Record again. */
function SaveActions({ build, reference, onRestart }: { build: TReferenceBuild; reference: TReference; onRestart: () => void }) {
  const { save, refusal, kind } = build;
  return (
    <>
      {refusal ? <InlineError message={refusal} /> : null}
      {save.isError ? <InlineError message={`Not saved: ${save.error.message}`} /> : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-muted">
          Reference saved on the perspective
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => save.mutate({ reference, kind })} isLoading={save.isPending} disabled={save.isSuccess || refusal !== null}>
          Save the reference
        </Button>
        <Button variant="secondary" onClick={onRestart}>
          Record again
        </Button>
      </div>
    </>
  );
}

/** Mounted inside the perspective page's "Reference motion" card, which holds its heading. */
export function ReferenceCapture(props: TCaptureOptions) {
  const { model, videoRef, canvasRef, source, phase, error, build, finish, choose, restart } = useReferenceCapture(props);
  const isFile = source?.kind === 'file';
  const progress = useFileProgress(videoRef, phase === 'recording' && isFile);
  const { built } = build;
  return (
    <div className="flex flex-col gap-4">
      <ModelStatus state={model.state} onRetry={model.retry} holdPlace={phase === 'choose'} />
      {phase === 'choose' || phase === 'preview' ? (
        <KindSelect kind={build.kind} onChange={(next) => build.changeKind(next, phase === 'preview')} />
      ) : null}
      {error ? <InlineError message={error} onRetry={restart} /> : null}
      {phase === 'choose' ? (
        <SourceChooser
          isDisabled={model.state.status === 'error'}
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
        {phase === 'recording' && isFile ? (
          <FileProgress
            progress={progress}
            onCancel={restart}
            title="Extracting the poses of the whole video…"
            name="Extraction progress"
            cancelLabel="Cancel the extraction"
          />
        ) : null}
      </div>
      {phase === 'preview' && built ? (
        <ReferencePreview take={built.take} reference={built.reference}>
          <SaveActions build={build} reference={built.reference} onRestart={restart} />
        </ReferencePreview>
      ) : null}
    </div>
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
