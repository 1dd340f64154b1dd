/**
 * How far each joint of a rep is outside its tolerance band, in degrees: what the form score
 * is made from and what a band is learned from.
 */
import type { TAlignment } from './align.js';
import { robustRange } from './numbers.js';
import type { TScoringContext } from './scoring-context.js';

/** Per joint, its excess over the band (see jointExcess), and whether it was measured from the joint's ideal rather than the reference. */
type TJointExcess = { excess: number[]; fromIdeal: boolean[] };

/**
 * Per joint, how far it is outside its tolerance band in the direction of a fault (degrees,
 * NaN when unknown). A `depth` joint costs when its range of motion in the rep falls short of
 * the reference's, a `limit` joint when it moves more than the reference's (ranges within the
 * rep, so neither the person's build nor the posture the rep happens to start from counts); a
 * `match` joint by its mean difference along the DTW path; a `posture` joint by its angle as it
 * is, from the reference's and, where the definition names one, from its ideal, whichever is
 * further. The counting joint's range is scored apart (`rangeRatio`) and costs nothing here.
 */
export function jointExcess(context: TScoringContext, alignment: TAlignment): TJointExcess {
  const { reference, template, tolerances, joints, excursions } = context;
  const { moved, path } = alignment;
  const fromIdeal = reference.features.map(() => false);
  const excess = reference.features.map((feature, f) => {
    const { mode, ideal, onlyLower, atFarEnd } = joints[f]!;
    if (mode === 'posture') {
      const farEnd = () => path.filter(([i]) => context.phases[i] === 'bottom');
      if (atFarEnd && ideal !== null) {
        // Held to its ideal at the far end, whoever the reference is (a squat's knees level at the bottom).
        fromIdeal[f] = true;
        return meanExcess(farEnd(), alignment.absolute[f]!, ideal, tolerances[f]!);
      }
      const fromReference = meanExcess(path, alignment.absolute[f]!, reference.template[f]!, tolerances[f]!, onlyLower);
      const fromItsIdeal = ideal === null ? Number.NaN : meanExcess(path, alignment.absolute[f]!, ideal, tolerances[f]!);
      fromIdeal[f] = fromItsIdeal > fromReference;
      const whole = fromIdeal[f] ? fromItsIdeal : fromReference;
      if (!atFarEnd) return whole;
      const far = meanExcess(farEnd(), alignment.absolute[f]!, reference.template[f]!, tolerances[f]!);
      if (Number.isNaN(far) || far <= whole) return whole;
      fromIdeal[f] = false;
      return far;
    }
    if (mode !== 'match') {
      if (feature === reference.primary) return 0;
      const range = robustRange(moved[f]!);
      return Math.max(0, (mode === 'depth' ? excursions[f]! - range : range - excursions[f]!) - tolerances[f]!);
    }
    return meanExcess(path, moved[f]!, template[f]!, tolerances[f]!);
  });
  return { excess, fromIdeal };
}

/**
 * Mean difference beyond the band along the DTW path from the template, or from one value
 * throughout, either way or, `onlyLower`, where the take is below it (NaN: never both seen).
 */
function meanExcess(
  path: readonly [number, number][],
  take: ArrayLike<number>,
  template: ArrayLike<number> | number,
  tolerance: number,
  onlyLower = false,
): number {
  let sum = 0;
  let count = 0;
  for (const [i, j] of path) {
    const signed = take[j]! - (typeof template === 'number' ? template : template[i]!);
    const delta = onlyLower ? Math.max(0, -signed) : Math.abs(signed);
    if (Number.isNaN(delta)) continue;
    sum += Math.max(0, delta - tolerance);
    count += 1;
  }
  return count > 0 ? sum / count : Number.NaN;
}

/** Weighted mean of the joints' excess over their bands, over the joints seen in the rep (NaN: none). */
export function weightedExcess(weights: readonly number[], excess: readonly number[]): number {
  let sum = 0;
  let weight = 0;
  excess.forEach((value, f) => {
    if (Number.isNaN(value) || weights[f] === 0) return;
    sum += weights[f]! * value;
    weight += weights[f]!;
  });
  return weight > 0 ? sum / weight : Number.NaN;
}

/**
 * Per feature of the reference, the rep's difference from the reference that its band is
 * measured against (degrees, before the band; NaN when never both seen): a `posture` joint's
 * mean absolute difference along the DTW path, as it is; a `limit` joint's range of motion less
 * the reference's (negative: it moved less); a `depth` joint's shortfall of range; a `match`
 * joint's mean absolute difference from its rest posture. What a tolerance band is learned
 * from, over good reps of other people.
 */
export function jointDifferences(context: TScoringContext, alignment: TAlignment): number[] {
  return context.reference.features.map((_, f) => {
    const { mode } = context.joints[f]!;
    if (mode === 'posture') return meanExcess(alignment.path, alignment.absolute[f]!, context.reference.template[f]!, 0);
    if (mode === 'match') return meanExcess(alignment.path, alignment.moved[f]!, context.template[f]!, 0);
    const range = robustRange(alignment.moved[f]!);
    return mode === 'limit' ? range - context.excursions[f]! : context.excursions[f]! - range;
  });
}
