/**
 * What the form stage needs of a reference, computed once per reference: its template from its
 * rest posture, the phases of its rep, and how each joint is judged.
 */
import { templatePhases, fromRest, type TMovePhase } from './align.js';
import { robustRange } from './numbers.js';
import { formJoints, referenceTolerances, type TJudgedJoint, type TReference } from './reference.js';
import { movementDefinition } from './definitions.js';

export type TScoringContext = {
  reference: TReference;
  /** The reference's template, each row measured from its value at the start of the rep (its rest posture). */
  template: Float64Array[];
  phases: TMovePhase[];
  tolerances: number[];
  /** Per feature, how it is judged: its weight, which way a difference is a fault, and the definition's options (formJoints). */
  joints: TJudgedJoint[];
  /** Per feature, its weight as scored (the joints' weights, as the alignment takes them). */
  weights: number[];
  /** Whether a rep's range counts only from the reference's rest on (see TMovementDefinition). */
  rangeFromReferenceRest: boolean;
  /** Per feature, the range of motion of the reference's rep (robustRange), degrees. */
  excursions: number[];
  /** The feature (index) that tells the movement apart (TMovementDefinition `toldBy`), -1 where the definition names none. */
  toldBy: number;
};

/** What the form stage needs of a reference, computed once per reference (the live counter keeps it). */
export function scoringContext(reference: TReference): TScoringContext {
  const joints = formJoints(reference);
  const { toldBy, rangeFromReferenceRest = false } = movementDefinition(reference.kind ?? 'custom');
  const template = fromRest(reference.template);
  return {
    reference,
    tolerances: referenceTolerances(reference),
    joints,
    weights: joints.map((joint) => joint.weight),
    rangeFromReferenceRest,
    toldBy: toldBy ? reference.features.indexOf(toldBy) : -1,
    template,
    excursions: template.map(robustRange),
    phases: templatePhases(reference.template[reference.features.indexOf(reference.primary)]!, reference.rest, reference.extreme),
  };
}
