/** Drawing one moment of a replay: the person's skeleton with the reference's ghost over it, the joints a feedback line concerns ringed. */
import { frameIndexAt, ghostSkeleton, personSkeleton, type TSkeleton, type TTakeAnalysis } from '@movelab/shared/movescore/index';
import { strokeBones } from '@/lib/pose/skeleton';
import { repAtTime, type TReplayLine, type TReplayTimeline } from './replay-timeline';

export const PERSON_COLOUR = '#3ddc97';
export const GHOST_COLOUR = '#f5f5f5';
export const HIGHLIGHT_COLOUR = '#ffb020';

function drawBones(context: CanvasRenderingContext2D, skeleton: TSkeleton, colour: string, unit: number, isDashed: boolean): void {
  context.strokeStyle = colour;
  context.fillStyle = colour;
  context.lineWidth = unit;
  context.setLineDash(isDashed ? [unit * 2, unit * 1.5] : []);
  strokeBones(context, skeleton);
  context.setLineDash([]);
  for (const point of skeleton) {
    if (!point) continue;
    context.beginPath();
    context.arc(point.x, point.y, unit * 1.3, 0, 2 * Math.PI);
    context.fill();
  }
}

/** Draws on a canvas of the take's picture size (keypoint pixels are canvas pixels). */
export function drawReplay(context: CanvasRenderingContext2D, person: TSkeleton | null, ghost: TSkeleton | null, joints: readonly number[]): void {
  const { width, height } = context.canvas;
  const unit = Math.max(2, height / 160);
  context.clearRect(0, 0, width, height);
  if (person) drawBones(context, person, PERSON_COLOUR, unit, false);
  // The ghost on top, dashed and see-through: where the two agree, the person shows through its gaps.
  if (ghost) {
    context.globalAlpha = 0.75;
    drawBones(context, ghost, GHOST_COLOUR, unit * 0.8, true);
    context.globalAlpha = 1;
  }
  context.strokeStyle = HIGHLIGHT_COLOUR;
  context.lineWidth = unit * 1.2;
  for (const index of joints) {
    for (const skeleton of [person, ghost]) {
      const point = skeleton?.[index];
      if (!point) continue;
      context.beginPath();
      context.arc(point.x, point.y, unit * 5, 0, 2 * Math.PI);
      context.stroke();
    }
  }
}

export type TReplayFrame = {
  analysis: TTakeAnalysis;
  /** Video time (ms) of the take's time 0. */
  offsetMs: number;
  timeline: TReplayTimeline;
  isGhostShown: boolean;
  /** The feedback line picked: its joints are ringed while its reps play. */
  line: TReplayLine | null;
};

/**
 * Draws the moment the video shows on the canvas over it (sized to the take's picture), and
 * marks on the canvas whether the person and the ghost were drawn.
 */
export function paintReplayFrame(
  element: HTMLVideoElement,
  canvas: HTMLCanvasElement,
  { analysis, offsetMs, timeline, isGhostShown, line }: TReplayFrame,
): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  if (canvas.width !== analysis.size.width) canvas.width = analysis.size.width;
  if (canvas.height !== analysis.size.height) canvas.height = analysis.size.height;
  const tMs = element.currentTime * 1000 - offsetMs;
  const isInTake = tMs >= 0 && tMs <= analysis.result.durationMs;
  const person = isInTake ? personSkeleton(analysis, frameIndexAt(analysis.pose.t, tMs)) : null;
  const ghost = isInTake && isGhostShown ? ghostSkeleton(analysis, tMs) : null;
  const isLineNow = !!line && line.reps.includes(repAtTime(timeline, element.currentTime));
  drawReplay(context, person, ghost, isLineNow ? line.joints : []);
  canvas.dataset.person = person?.some(Boolean) ? 'drawn' : 'none';
  canvas.dataset.ghost = ghost?.some(Boolean) ? 'drawn' : 'none';
}
