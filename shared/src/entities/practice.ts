/** What practice stores (routine completions, stat sessions) and the countdown it shows. */
import { z } from 'zod';
import { GROUP_MAX_PRACTISING } from '../group-session.js';
import { ZTakeSource } from './analysis.js';
import { ZClientId } from './documents.js';
import { id, isoTimestamp } from './fields.js';

/** routine_completion/{id}: one finished practice of a routine or an activity. */
export const ZRoutineCompletionInput = z
  .object({
    id: ZClientId.optional(),
    routineId: id.nullable(),
    activityId: id,
    startedAt: isoTimestamp,
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600_000),
    steps: z
      .array(
        z.object({
          movementId: id,
          targetReps: z.number().int().min(0).optional(),
          targetSeconds: z.number().int().min(0).optional(),
          reps: z.number().int().min(0).max(10_000),
          seconds: z.number().min(0).max(36_000),
          score: z.number().min(0).max(1).optional(),
        }),
      )
      .max(100),
  })
  .strict();
export const ZRoutineCompletion = ZRoutineCompletionInput.extend({
  id,
  userId: id,
  completedAt: isoTimestamp,
});
export type TRoutineCompletion = z.infer<typeof ZRoutineCompletion>;
export type TRoutineCompletionInput = z.infer<typeof ZRoutineCompletionInput>;

/** A practice done together (Practise together), kept with each member's own history entry: the group session and the others who practised. */
export const ZTogetherRecord = z
  .object({
    groupId: z.string().min(1).max(128),
    people: z
      .array(z.object({ uid: id, name: z.string().max(100) }).strict())
      .max(GROUP_MAX_PRACTISING - 1),
  })
  .strict();
export type TTogetherRecord = z.infer<typeof ZTogetherRecord>;

/** user_stat_sessions/{id}: one practice or analysis session, for the home page and recap. */
export const ZUserStatSessionInput = z
  .object({
    id: ZClientId.optional(),
    kind: z.enum(['practice', 'movescore']),
    activityId: id.nullable().default(null),
    routineId: id.nullable().default(null),
    startedAt: isoTimestamp,
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600_000),
    reps: z.number().int().min(0).max(100_000),
    score: z.number().min(0).max(1).nullable().default(null),
    /** A practice filmed by the camera: where the picture came from (absent without a camera). */
    source: ZTakeSource.optional(),
    /** A practice done together (Practise together): the group session and who else practised in it. */
    together: ZTogetherRecord.optional(),
  })
  .strict();
export const ZUserStatSession = ZUserStatSessionInput.extend({
  id,
  userId: id,
  createdAt: isoTimestamp,
});
export type TUserStatSession = z.infer<typeof ZUserStatSession>;
export type TUserStatSessionInput = z.infer<typeof ZUserStatSessionInput>;

// ---------------------------------------------------------------- app events

/** Countdown event detail (spec §3). */
export const ZCountdownDetail = z.object({
  duration: z.number().int().min(0).max(3600),
  textToDisplay: z.string(),
  subtextToDisplay: z.string().default(''),
});
export type TCountdownDetail = z.infer<typeof ZCountdownDetail>;
