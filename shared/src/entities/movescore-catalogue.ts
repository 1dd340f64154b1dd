/** The movescore catalogue: groups, their movements, and the perspectives that hold the reference motions. */
import { z } from 'zod';
import { PERSPECTIVE_VIEWS } from '../remote-session.js';
import { MOVEMENT_KIND_LABELS, ZMovementKind, type TMovementKind } from '../movescore/definitions.js';
import { referencePostureError } from '../movescore/feedback.js';
import { ZReference, type TReference } from '../movescore/reference-schema.js';
import { description, id, mediaUrl, name } from './fields.js';

/** movescore-groups/{id} */
export const ZMovescoreGroup = z.object({
  id,
  name,
  coverUrl: mediaUrl.default(''),
  description: description.default(''),
  /** Always equal to the number of its movements. */
  movementCount: z.number().int().min(0),
});
export type TMovescoreGroup = z.infer<typeof ZMovescoreGroup>;
export const ZMovescoreGroupInput = ZMovescoreGroup.pick({
  name: true,
  coverUrl: true,
  description: true,
}).strict();
export type TMovescoreGroupInput = z.infer<typeof ZMovescoreGroupInput>;

/** movescore-groups/{groupId}/movements/{id} */
export const ZMovescoreMovement = z.object({
  id,
  name,
  description: description.default(''),
  /** Always equal to the number of its perspectives. */
  perspectiveCount: z.number().int().min(0),
});
export type TMovescoreMovement = z.infer<typeof ZMovescoreMovement>;
export const ZMovescoreMovementInput = ZMovescoreMovement.pick({
  name: true,
  description: true,
}).strict();
export type TMovescoreMovementInput = z.infer<typeof ZMovescoreMovementInput>;

/**
 * movescore-groups/{groupId}/movements/{movementId}/perspectives/{id}.
 * The spec shows id and name. Movelab adds the camera view and the reference motion, kept
 * inline (`reference`, about 1.4 KB: far under Firestore's 1 MiB document limit). An earlier
 * `referencePath` (a reference in file storage) was never read or written and is gone.
 */
export const ZPerspective = z.object({
  id,
  name,
  view: z.enum(PERSPECTIVE_VIEWS).default('front'),
  instructions: description.default(''),
  /** The kind of movement (squat, push-up...): the definition its reference is built and scored with. */
  kind: ZMovementKind.optional(),
  reference: z.unknown().optional(),
});
export type TPerspective = z.infer<typeof ZPerspective>;
/**
 * A reference motion as an admin saves it: a well-formed reference (any version the app still
 * reads) that does not itself show a fault its movement names (a push-up's hips sagging:
 * referencePostureError), since every user is scored against it. Checked by both backends
 * (the gateway's boundary and the Firebase adapter); stored references are read as they are.
 */
export const ZSavedReference = ZReference.pipe(
  // Only a well-formed reference is looked at for its posture (a pipe goes on only without issues).
  z.custom<TReference>().superRefine((reference, ctx) => {
    const fault = referencePostureError(reference);
    if (fault) ctx.addIssue({ code: 'custom', message: fault });
  }),
);
export const ZPerspectiveInput = ZPerspective.pick({
  name: true,
  view: true,
  instructions: true,
  kind: true,
})
  .extend({ reference: ZSavedReference.optional() })
  .strict();
export type TPerspectiveInput = z.infer<typeof ZPerspectiveInput>;

/** The kind of movement a stored reference was built as (undefined when it does not say, or there is none). */
export function referenceKind(reference: unknown): TMovementKind | undefined {
  const kind = ZMovementKind.safeParse((reference as { kind?: unknown } | null | undefined)?.kind);
  return kind.success ? kind.data : undefined;
}

/**
 * A perspective's kind must be the one its reference was built as (a reference is counted and
 * scored as its own kind): null when they agree or either is unsaid, else what to tell the admin.
 */
export function perspectiveKindConflict(perspective: { kind?: TMovementKind | undefined; reference?: unknown }): string | null {
  const built = referenceKind(perspective.reference);
  if (!perspective.kind || !built || built === perspective.kind) return null;
  const [said, was] = [MOVEMENT_KIND_LABELS[perspective.kind], MOVEMENT_KIND_LABELS[built]];
  return `The reference motion was built as “${was}”, not “${said}”: record the reference again as “${said}” to change the kind`;
}
