/** Saved video analyses: what the gateway checks of a result it cannot score again, and the recent-session card. */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { fitsJsonBytes, ZClientId } from './documents.js';
import { id, isoTimestamp } from './fields.js';

/** Where a take's picture came from: this device's camera, a phone paired as a remote camera, or a file. */
export const ZTakeSource = z.enum(['camera', 'remote', 'file']);
export type TTakeSource = z.infer<typeof ZTakeSource>;

/** One rep of a saved analysis: its score, and what else the app keeps of it. */
const ZRep = z.looseObject({ score: z.number().min(0).max(1) });

/**
 * users/{uid}/video_analysis/{id}. Extra fields passed in are kept (spec §3), within
 * LIMITS.videoAnalysisBytes for the whole document. `score` is null where the form was not
 * judged (the joints deciding it unseen in most reps: movescore/judged.ts); such a result keeps
 * its count and feedback, not its reps' scores.
 */
const ZVideoAnalysisFields = z.looseObject({
  score: z.number().min(0).max(1).nullable(),
  groupId: id,
  movementId: id,
  perspectiveId: id,
  repCount: z.number().int().min(0).max(10_000).optional(),
  durationMs: z
    .number()
    .min(0)
    .max(24 * 3600_000)
    .optional(),
  source: ZTakeSource.optional(),
  reps: z.array(ZRep).max(LIMITS.videoAnalysisRepsStoredMax).optional(),
  feedback: z.array(z.string().max(LIMITS.videoAnalysisFeedbackChars)).max(LIMITS.videoAnalysisFeedbackMax).optional(),
});
/** How far a stored score may be from its reps' mean: each rep's score and the mean are rounded to 0.001. */
export const REP_SCORE_TOLERANCE = 0.002;

/**
 * The gateway never sees the take (keypoints stay on the device), so it cannot score a result
 * again; what it can check is that a result carrying its reps agrees with them as the engine
 * computes it (shared/src/movescore/score.ts): the score is their mean (0 with none), the count is
 * theirs; and that a result not judged (score null) carries no reps' scores.
 */
function agreesWithReps(value: { score: number | null; repCount?: number; reps?: { score: number }[] }): boolean {
  if (!value.reps) return true;
  if (value.score === null) return false;
  if (value.repCount !== undefined && value.repCount !== value.reps.length) return false;
  const mean = value.reps.length === 0 ? 0 : value.reps.reduce((sum, rep) => sum + rep.score, 0) / value.reps.length;
  return Math.abs(value.score - mean) <= REP_SCORE_TOLERANCE;
}

export const ZVideoAnalysisInput = ZVideoAnalysisFields.extend({
  id: ZClientId.optional(),
  reps: z.array(ZRep).max(LIMITS.videoAnalysisRepsMax).optional(),
})
  .refine((value) => fitsJsonBytes(value, LIMITS.videoAnalysisBytes), `An analysis is at most ${LIMITS.videoAnalysisBytes} bytes of JSON`)
  .refine(agreesWithReps, 'An analysis with reps has their count as repCount and their mean as its score, and one not judged (score null) has none');
export type TVideoAnalysisInput = z.infer<typeof ZVideoAnalysisInput>;

/** A stored analysis as read back (the size is checked on the way in). */
export const ZVideoAnalysis = ZVideoAnalysisFields.extend({
  id,
  createdAt: isoTimestamp,
});
export type TVideoAnalysis = z.infer<typeof ZVideoAnalysis>;

/** A recent session card: the analysis joined with its group's name and cover. */
export const ZRecentSession = z.object({
  id,
  groupId: id,
  movementId: id,
  /** null: its form was not judged ("Score: -"). */
  score: z.number().nullable(),
  createdAt: isoTimestamp,
  groupName: z.string(),
  coverUrl: z.string(),
});
export type TRecentSession = z.infer<typeof ZRecentSession>;
