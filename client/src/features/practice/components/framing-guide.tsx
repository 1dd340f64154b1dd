import type { TReference } from '@movelab/shared/movescore/index';
import { useMemo } from 'react';
import { figureExtent, framingBox, referenceFigures } from '@/lib/reference/reference-figure';

/**
 * Where the body should be in the picture: a dashed box of the reference figure's shape (tall
 * for a squat, wide for a push-up), laid over the video. Fractions of the picture, so it
 * follows the video's size and orientation.
 */
export function FramingGuide({ reference, width, height }: { reference: TReference; width: number; height: number }) {
  const box = useMemo(() => framingBox(figureExtent(referenceFigures(reference)), width, height), [height, reference, width]);
  return (
    <div
      className="pointer-events-none absolute rounded-2xl border-4 border-dashed border-white/80"
      style={{ left: `${box.left * 100}%`, top: `${box.top * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` }}
      data-testid="framing-guide"
    >
      <p className="absolute inset-x-0 -top-1 -translate-y-full text-center text-sm font-semibold text-white [text-shadow:0_1px_3px_black]">
        Fit your whole body in the frame
      </p>
    </div>
  );
}
