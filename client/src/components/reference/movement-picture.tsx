import { mdiHumanHandsdown } from '@mdi/js';
import type { TReference } from '@movelab/shared/movescore/index';
import { useEffect, useRef } from 'react';
import { Icon } from '@/components/ui/icon';
import { deepestSample, referenceFigures } from '@/lib/reference/reference-figure';
import { FIGURE_CANVAS_SIZE, figurePainter } from './figure-painter';

type TPictureProps = {
  /** The reference motion; null when the movement has none (a placeholder), undefined while it is read. */
  reference: TReference | null | undefined;
  name: string;
  /** Beside text that names the movement (inside a link, say), the picture is hidden from screen readers. */
  isDecorative?: boolean;
  className?: string;
};

const BOX = 'shrink-0 rounded-xl bg-black/60';

/** The still pose at the far end of one rep of the reference (the same figure as the reference loop). */
function StillFigure({ reference, name, isDecorative, className }: TPictureProps & { reference: TReference }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    const figures = referenceFigures(reference);
    const deepest = figures[deepestSample(reference)];
    if (!context || !deepest) return;
    figurePainter(context, figures)(deepest);
  }, [reference]);
  return (
    <canvas
      ref={canvasRef}
      width={FIGURE_CANVAS_SIZE}
      height={FIGURE_CANVAS_SIZE}
      className={`${BOX} ${className ?? ''}`}
      {...(isDecorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': `${name}: the deepest point of a rep, drawn from the reference movement` })}
      data-testid="movement-picture"
      data-picture="reference"
    />
  );
}

/**
 * A picture of a movement drawn from its reference motion on the device (nothing fetched); a
 * neutral figure where there is no reference yet.
 */
export function MovementPicture(props: TPictureProps) {
  if (props.reference) return <StillFigure {...props} reference={props.reference} />;
  return (
    <span
      aria-hidden="true"
      className={`${BOX} flex items-center justify-center text-muted ${props.className ?? ''}`}
      data-testid="movement-picture"
      data-picture={props.reference === null ? 'placeholder' : 'loading'}
    >
      {props.reference === null ? <Icon path={mdiHumanHandsdown} size={36} /> : null}
    </span>
  );
}
