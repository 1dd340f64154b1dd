import type { TReference } from '@movelab/shared/movescore/index';
import { useEffect, useMemo, useRef } from 'react';
import { figureExtent, FIGURE_BONES, referenceFigures, type TFigure } from '../lib/reference-figure';

/** A still moment at each end of the loop, so the start and the far end can be seen. */
const HOLD_MS = 400;
const SIZE = 220;

/** Draws one pose of the figure, scaled to fit the canvas with a margin, feet on the bottom. */
function drawFigure(context: CanvasRenderingContext2D, figure: TFigure, scale: number, origin: { x: number; y: number }) {
  const toCanvas = (point: { x: number; y: number }) => [origin.x + point.x * scale, origin.y - point.y * scale] as const;
  context.clearRect(0, 0, SIZE, SIZE);
  context.strokeStyle = '#3ddc97';
  context.fillStyle = '#3ddc97';
  context.lineWidth = 6;
  context.lineCap = 'round';
  for (const [from, to] of FIGURE_BONES) {
    context.beginPath();
    context.moveTo(...toCanvas(figure[from]));
    context.lineTo(...toCanvas(figure[to]));
    context.stroke();
  }
  const [headX, headY] = toCanvas(figure.head);
  context.beginPath();
  context.arc(headX, headY, 10, 0, Math.PI * 2);
  context.fill();
}

/**
 * One rep of the reference, looping on a canvas: the motion the take is compared with, posed
 * from the reference's own joint angles at its own pace (nothing fetched). Still for people
 * who ask for reduced motion.
 */
export function ReferenceLoop({ reference, name }: { reference: TReference; name: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figures = useMemo(() => referenceFigures(reference), [reference]);
  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context || figures.length === 0) return;
    const extent = figureExtent(figures);
    const scale = (SIZE * 0.85) / Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY);
    const origin = { x: (SIZE - (extent.maxX + extent.minX) * scale) / 2, y: SIZE - (SIZE - (extent.maxY - extent.minY) * scale) / 2 };
    const repMs = Math.max(1_200, reference.repMs.mean);
    const isStill = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (isStill) {
      drawFigure(context, figures[Math.floor(figures.length / 2)]!, scale, origin);
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
      if (index !== shown) drawFigure(context, figures[index]!, scale, origin);
      shown = index;
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [figures, reference.repMs.mean]);
  return (
    <figure className="flex flex-col items-center gap-1">
      <canvas
        ref={canvasRef}
        width={SIZE}
        height={SIZE}
        className="size-40 rounded-xl bg-black/60 sm:size-52"
        role="img"
        aria-label={`${name}: one rep of the reference movement, drawn from the reference you are compared with`}
        data-testid="reference-loop"
      />
      <figcaption className="text-sm text-muted">{name}, as the reference moves</figcaption>
    </figure>
  );
}
