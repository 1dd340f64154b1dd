/**
 * The reference: what a rep of a movement done well looks like, built from one take of any
 * person doing it, configured by the movement's definition (which signal counts, which joints
 * carry form and their tolerances). Its stored form is in reference-schema.ts.
 */
import { APP_ERRORS, MovelabError } from '../errors.js';
import { scoredRepMatrix, TEMPLATE_SAMPLES } from './align.js';
import { movementDefinition } from './definitions.js';
import type { TFormJoint, TFormMode } from './movement-definition.js';
import { ZMovementKind, type TMovementKind } from './movement-kinds.js';
import { FEATURE_INDEX, type TFeatureName } from './feature-names.js';
import type { TFeatureSeries } from './features.js';
import { median, round1 } from './numbers.js';
import { ownReps, type TBuildReferenceOptions } from './own-reps.js';
import { isHeld, isPostureFeature } from './reference-config.js';
import { REFERENCE_VERSION, ZReference, type TReference } from './reference-schema.js';
import { REP_LEVELS, type TRep } from './reps.js';
import { parseTake } from './take.js';

// What the entities, form, feedback and rep stages read of a reference, from where they always were.
export { formJoints, referenceTolerances, repConfig, type TJudgedJoint } from './reference-config.js';
export { ZReference, type TReference } from './reference-schema.js';

/**
 * The counting joint's band in a `custom` reference: its path differs more between people than a
 * joint held still (pace, how far each goes), so wider than the 8° of the other joints.
 */
const CUSTOM_COUNTING_TOLERANCE_DEG = 15;

/**
 * The share of a `custom` reference's weight its held whole-body postures take (the body line of a
 * movement on the floor), of the half the counting joint leaves: what the push-up's definition
 * gives the body line (shared evenly with the joints that move, it told push-ups apart less
 * well: docs/movescore-tuning.md).
 */
const CUSTOM_POSTURE_WEIGHT = 0.4;

/** A joint of the reference under way: the definition's joint and its template row. */
type TKeptJoint = { feature: TFeatureName; weight: number; toleranceDeg: number; mode: TFormMode; row: number[] };

/** The definition's form with `counting` judged in the counting joint's place, or alone where the form already names it. */
function countedForm(form: readonly TFormJoint[], definitionCounting: TFeatureName | null, counting: TFeatureName | null): readonly TFormJoint[] {
  if (counting === definitionCounting) return form;
  const named = form.some((joint) => joint.feature === counting);
  return form.flatMap((joint) => (joint.feature !== definitionCounting ? [joint] : named ? [] : [{ ...joint, feature: counting! }]));
}

/** The joints a reference of this kind may compare: its definition's form, and the counting joint as a `depth` joint where the form does not name it. */
function candidateJoints(kind: TMovementKind, primary: TFeatureName, counting: TFeatureName | null): readonly TFormJoint[] {
  const definition = movementDefinition(kind);
  const form =
    kind === 'custom'
      ? definition.form.map((joint) => ({
          ...joint,
          toleranceDeg: joint.feature === primary ? CUSTOM_COUNTING_TOLERANCE_DEG : joint.toleranceDeg,
        }))
      : countedForm(definition.form, definition.counting, counting);
  if (form.some((joint) => joint.feature === primary)) return form;
  return [...form, { feature: primary, weight: form[0]!.weight, toleranceDeg: form[0]!.toleranceDeg, mode: 'depth' }];
}

/**
 * Each candidate with its template row, the mean of the reps' time-normalised rows. Each rep is
 * read as a take's rep is scored: a joint the pose model misreads in it (isUnsteady) is not taken
 * into the template from that rep, and a joint seen in fewer than half of the reps (arms out of
 * view, say) is left out.
 */
function templateJoints(candidates: readonly TFormJoint[], series: TFeatureSeries, reps: readonly TRep[], primary: TFeatureName): TKeptJoint[] {
  const features = candidates.map((joint) => joint.feature);
  const columns = features.map((feature) => series.values[FEATURE_INDEX[feature]]!);
  const matrices = reps.map((rep) => scoredRepMatrix(series.t, columns, rep, features, primary).rows);
  const kept: TKeptJoint[] = [];
  candidates.forEach((joint, row) => {
    const known = matrices.map((matrix) => matrix[row]!).filter((values) => !Number.isNaN(values[0]!));
    if (known.length * 2 < reps.length || known.length === 0) return;
    const template = Array.from({ length: TEMPLATE_SAMPLES }, (_, s) => round1(known.reduce((sum, values) => sum + values[s]!, 0) / known.length));
    kept.push({ feature: joint.feature, weight: joint.weight, toleranceDeg: joint.toleranceDeg, mode: joint.mode, row: template });
  });
  if (!kept.some((joint) => joint.feature === primary)) {
    throw new MovelabError(APP_ERRORS.badRequest, `Reference take: the ${primary} is out of view during the reps`, 400);
  }
  return kept;
}

/**
 * No definition: as in the definitions, the counting joint is half of the form, and the joints
 * that must stay still or move with it share the other half (weighted by how far each moves, a
 * swinging upper arm, still in the reference, hardly counted). A whole-body posture it holds
 * takes CUSTOM_POSTURE_WEIGHT of that half, as in the push-up's definition. In place.
 */
function weighCustomJoints(kept: TKeptJoint[], primary: TFeatureName): void {
  const held = kept.filter((joint) => joint.feature !== primary && isPostureFeature(joint.feature) && isHeld(joint.row));
  const moving = kept.length - 1 - held.length;
  const postureShare = held.length === 0 ? 0 : moving === 0 ? 0.5 : CUSTOM_POSTURE_WEIGHT;
  kept.forEach((joint) => {
    if (joint.feature === primary) joint.weight = kept.length > 1 ? 0.5 : 1;
    else joint.weight = held.includes(joint) ? postureShare / held.length : (0.5 - postureShare) / moving;
  });
}

/** Builds a reference from a take of the movement done well (at least one full rep; it may start mid-rep). */
export function buildReference(input: unknown, options: TBuildReferenceOptions = {}): TReference {
  const take = parseTake(input);
  const kind = ZMovementKind.parse(options.kind ?? 'custom');
  const { series, primary, counting, minRepMs, reps } = ownReps(take, kind, options);
  const rest = median(reps.map((rep) => rep.startValue));
  const extreme = median(reps.map((rep) => rep.peakValue));
  const kept = templateJoints(candidateJoints(kind, primary, counting), series, reps, primary);
  if (kind === 'custom') weighCustomJoints(kept, primary);
  const total = kept.reduce((sum, joint) => sum + joint.weight, 0);
  const durations = reps.map((rep) => rep.endMs - rep.startMs);
  return ZReference.parse({
    version: REFERENCE_VERSION,
    kind,
    primary,
    features: kept.map((joint) => joint.feature),
    weights: kept.map((joint) => Math.round((joint.weight / total) * 1000) / 1000),
    tolerances: kept.map((joint) => joint.toleranceDeg),
    template: kept.map((joint) => joint.row),
    rest: round1(rest),
    extreme: round1(extreme),
    thresholds: {
      enter: round1(rest + REP_LEVELS.enter * (extreme - rest)),
      exit: round1(extreme + REP_LEVELS.exit * (rest - extreme)),
    },
    minRepMs: Math.round(minRepMs),
    repMs: {
      mean: Math.round(durations.reduce((sum, value) => sum + value, 0) / durations.length),
      min: Math.round(Math.min(...durations)),
      max: Math.round(Math.max(...durations)),
    },
    repCount: reps.length,
  });
}
