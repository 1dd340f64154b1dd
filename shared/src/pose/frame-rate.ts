/**
 * The frames an analysis keeps at a lower rate than the video's: a frame is kept whenever the
 * next tick of `fps` is due, with half a source frame of slack, so a 30 frames/s video analysed
 * at 15 keeps every other frame. The app's file analysis and the real-motion check both use it.
 */
export function keepAtRate(fps: number, sourceFps: number): (timeMs: number) => boolean {
  const step = 1000 / fps;
  const slack = 500 / Math.max(fps, sourceFps);
  let next = Number.NEGATIVE_INFINITY;
  return (timeMs) => {
    if (timeMs < next - slack) return false;
    next = Math.max(next, timeMs) + step;
    return true;
  };
}

/** Frames a second a file is analysed at, at most, when its movement kind has no lower rate below. */
export const FILE_ANALYSIS_FPS = 30;

/**
 * Lower rates for the kinds where the real recordings show the engine's answer is the same
 * (`npm run eval:real -- --verbose --fps=15` beside the run without): squats at 15 frames/s kept
 * every rep count and every score against the catalogue within 2 points. Push-ups and front
 * raises (scores up to 10 points apart) and curls (a score 40 lower) did not, so they keep every
 * frame up to 30 a second.
 */
const FILE_FPS_BY_KIND: Readonly<Partial<Record<string, number>>> = { squat: 15 };

export const fileAnalysisFps = (kind: string | undefined): number => (kind && FILE_FPS_BY_KIND[kind]) || FILE_ANALYSIS_FPS;
