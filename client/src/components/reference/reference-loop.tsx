import type { TReference } from '@movelab/shared/movescore/index';
import { useEffect, useMemo, useRef } from 'react';
import { deepestSample, referenceFigures } from '@/lib/reference/reference-figure';
import { FIGURE_CANVAS_SIZE, figurePainter } from './figure-painter';

/** A still moment at each end of the loop, so the start and the far end can be seen. */
const HOLD_MS = 400;

/**
 * One rep of the reference, looping on a canvas: the motion the take is compared with, posed
 * from the reference's own joint angles at its own pace (nothing fetched). Still, at the far
 * end of the rep, for people who ask for reduced motion.
 */
export function ReferenceLoop({ reference, name }: { reference: TReference; name: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figures = useMemo(() => referenceFigures(reference), [reference]);
  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context || figures.length === 0) return;
    const paint = figurePainter(context, figures);
    const repMs = Math.max(1_200, reference.repMs.mean);
    const isStill = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (isStill) {
      paint(figures[deepestSample(reference)] ?? figures[0]!);
      return;
    }
    let frame = 0;
    // The canvas is drawn again only when the pose changes: during the holds, and between the
    // reference's own frames, a display frame has nothing new to show (the camera's pose model
    // shares the device's time).
    let shown = -1;
    const start = performance.now();
    const draw = (now: number) => {
      const cycle = (now - start) % (repMs + 2 * HOLD_MS);
      const share = Math.min(1, Math.max(0, (cycle - HOLD_MS) / repMs));
      const index = Math.min(figures.length - 1, Math.round(share * (figures.length - 1)));
      if (index !== shown) paint(figures[index]!);
      shown = index;
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [figures, reference]);
  return (
    <figure className="flex flex-col items-center gap-1">
      <canvas
        ref={canvasRef}
        width={FIGURE_CANVAS_SIZE}
        height={FIGURE_CANVAS_SIZE}
        className="size-40 rounded-xl bg-black/60 sm:size-52"
        role="img"
        aria-label={`${name}: one rep of the reference movement, drawn from the reference you are compared with`}
        data-testid="reference-loop"
      />
      <figcaption className="text-sm text-muted">{name}, as the reference moves</figcaption>
    </figure>
  );
}
