/**
 * The reference as it is stored and sent: a few KB of JSON, small enough to sit inline on a
 * Firestore perspective document, and its validation.
 */
import { z } from 'zod';
import { APP_ERRORS, MovelabError } from '../errors.js';
import { ZMovementKind } from './movement-kinds.js';
import { FEATURE_NAMES } from './feature-names.js';
import { describeIssues } from './take.js';

/** Version 2 adds the movement kind and tolerance bands; version 1 references still parse (kind `custom`). */
export const REFERENCE_VERSION = 2;

export const ZFeatureName = z.enum(FEATURE_NAMES);

const degrees = z.number().min(-360).max(360);

export const ZReference = z
  .object({
    version: z.union([z.literal(1), z.literal(REFERENCE_VERSION)]),
    /** The kind of movement (absent in version 1: `custom`). */
    kind: ZMovementKind.optional(),
    /** The signal reps are counted on. */
    primary: ZFeatureName,
    /** Features compared by DTW, in the template's row order, and their weights (sum 1). */
    features: z.array(ZFeatureName).min(1).max(FEATURE_NAMES.length),
    weights: z.array(z.number().min(0).max(1)),
    /** Per feature, degrees of difference that cost nothing (absent in version 1: a default). */
    tolerances: z.array(z.number().min(0).max(90)).optional(),
    /** features x TEMPLATE_SAMPLES, degrees: the time-normalised mean of the reference's reps. */
    template: z.array(z.array(degrees).min(2).max(200)),
    /** Primary signal at rest and at the far end of the reference's reps. */
    rest: degrees,
    extreme: degrees,
    /** Primary signal where a rep starts and ends, degrees (informational). */
    thresholds: z.object({ enter: degrees, exit: degrees }),
    minRepMs: z.number().min(0).max(60_000),
    repMs: z.object({
      mean: z.number().min(0),
      min: z.number().min(0),
      max: z.number().min(0),
    }),
    repCount: z.number().int().min(1),
  })
  .superRefine((reference, ctx) => {
    if (reference.weights.length !== reference.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['weights'],
        message: 'needs one weight per feature',
      });
    }
    if (reference.tolerances && reference.tolerances.length !== reference.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['tolerances'],
        message: 'needs one tolerance per feature',
      });
    }
    if (reference.template.length !== reference.features.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['template'],
        message: 'needs one row per feature',
      });
    }
    if (new Set(reference.template.map((row) => row.length)).size > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['template'],
        message: 'rows must have the same length',
      });
    }
    if (!reference.features.includes(reference.primary)) {
      ctx.addIssue({
        code: 'custom',
        path: ['primary'],
        message: 'must be one of the features',
      });
    }
    if (Math.abs(reference.extreme - reference.rest) < 5) {
      ctx.addIssue({
        code: 'custom',
        path: ['extreme'],
        message: 'must differ from rest by at least 5 degrees',
      });
    }
  });
export type TReference = z.infer<typeof ZReference>;

/** Validates anything as a reference; throws a `app/bad-request` MovelabError naming the field. */
export function parseReference(input: unknown): TReference {
  const result = ZReference.safeParse(input);
  if (result.success) return result.data;
  throw new MovelabError(APP_ERRORS.badRequest, `Invalid reference: ${describeIssues(result.error, 'reference')}`, 400, result.error.issues);
}
