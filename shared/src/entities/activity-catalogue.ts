/** The activity catalogue: categories, activities, their movements and routines. */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { description, id, lowercaseOf, mediaUrl, name } from './fields.js';

/** activity_categories/{id} */
export const ZActivityCategory = z.object({
  id,
  name,
  description: description.default(''),
  /** Position in the discover list. */
  order: z.number().int().min(0).default(0),
  /** An icon name from the app's icon set. */
  icon: z.string().max(64).default('run'),
});
export type TActivityCategory = z.infer<typeof ZActivityCategory>;
export const ZActivityCategoryInput = ZActivityCategory.omit({
  id: true,
}).strict();
export type TActivityCategoryInput = z.infer<typeof ZActivityCategoryInput>;

export const ZDifficulty = z.enum(['beginner', 'intermediate', 'advanced']);
export type TDifficulty = z.infer<typeof ZDifficulty>;

/** How a difficulty is shown, the same on every screen: "Beginner", never "beginner". */
export const DIFFICULTY_LABELS: Record<TDifficulty, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };

/** activities/{id} */
export const ZActivity = z.object({
  id,
  name,
  nameLowercase: lowercaseOf(LIMITS.nameMax),
  categoryId: id,
  description: description.default(''),
  imageUrl: mediaUrl.default(''),
  difficulty: ZDifficulty.default('beginner'),
  /** Typical session length in minutes. */
  durationMinutes: z.number().int().min(1).max(600).default(15),
});
export type TActivity = z.infer<typeof ZActivity>;
export const ZActivityInput = ZActivity.omit({
  id: true,
  nameLowercase: true,
}).strict();
export type TActivityInput = z.infer<typeof ZActivityInput>;

/**
 * movements/{id}: a movement of an activity (top level, spec §3). `movescore` links it to
 * a movescore movement and perspective whose reference motion drives rep counting in practice.
 */
export const ZMovement = z.object({
  id,
  activityId: id,
  name,
  description: description.default(''),
  instructions: z.array(z.string().max(500)).max(30).default([]),
  mediaUrl: mediaUrl.default(''),
  unit: z.enum(['reps', 'seconds']).default('reps'),
  movescore: z.object({ groupId: id, movementId: id, perspectiveId: id.optional() }).nullable().default(null),
});
export type TMovement = z.infer<typeof ZMovement>;
export const ZMovementInput = ZMovement.omit({ id: true }).strict();
export type TMovementInput = z.infer<typeof ZMovementInput>;

/** One step of a routine: a movement for reps or for seconds, then a rest. */
export const ZRoutineStep = z
  .object({
    movementId: id,
    reps: z.number().int().min(1).max(1000).optional(),
    seconds: z.number().int().min(1).max(3600).optional(),
    restSeconds: z.number().int().min(0).max(600).default(30),
  })
  .refine((step) => (step.reps === undefined) !== (step.seconds === undefined), {
    message: 'A step has either reps or seconds',
  });
export type TRoutineStep = z.infer<typeof ZRoutineStep>;

/** routines/{id} */
export const ZRoutine = z.object({
  id,
  activityId: id,
  name,
  description: description.default(''),
  steps: z.array(ZRoutineStep).min(1, 'A routine has at least one step').max(100),
});
export type TRoutine = z.infer<typeof ZRoutine>;
export const ZRoutineInput = ZRoutine.omit({ id: true }).strict();
export type TRoutineInput = z.infer<typeof ZRoutineInput>;
