import { figureExtent, FIGURE_BONES, type TFigure } from '@/lib/reference/reference-figure';

/** The canvas side, in canvas pixels (CSS sizes it). */
export const FIGURE_CANVAS_SIZE = 220;

/**
 * Draws poses of these figures on a square canvas, one at a time: scaled so that every pose
 * fits with a margin, centred, feet on the bottom; the same place for each pose of a loop.
 */
export function figurePainter(context: CanvasRenderingContext2D, figures: readonly TFigure[]): (figure: TFigure) => void {
  const size = FIGURE_CANVAS_SIZE;
  const extent = figureExtent(figures);
  const scale = (size * 0.85) / Math.max(extent.maxX - extent.minX, extent.maxY - extent.minY);
  const origin = { x: (size - (extent.maxX + extent.minX) * scale) / 2, y: size - (size - (extent.maxY - extent.minY) * scale) / 2 };
  const toCanvas = (point: { x: number; y: number }) => [origin.x + point.x * scale, origin.y - point.y * scale] as const;
  return (figure) => {
    context.clearRect(0, 0, size, size);
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
  };
}
