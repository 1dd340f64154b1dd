/**
 * Counting what is seen for movements defined by one demonstration (labels-any-movement.json):
 * each pull-up and sit-up take in turn is the demonstration (its "Other" reference, as in
 * any-movement.ts), and every other take of its movement is cut at a picture's edge so the
 * demonstration's counting joint leaves it (crops.ts, cutAway): a pull-up's hips (the shoulder's
 * angle unseen: a camera aimed at the bar), a sit-up's knees (the hip's angle unseen: a camera
 * too close) or its wrists (the elbow's); what the fallback reads stays in view. Where the counting
 * joint cannot be cut away so (a pull-up counted on the elbow, a sit-up on the trunk), the legs or
 * hips are cut anyway and the count stays on the counting joint.
 */
import { referencePostureError, type TTake } from '@movelab/shared/movescore/index';
import { cutAway } from './crops.js';
import type { TCropCase } from './cropped-figures.js';
import type { TLabel } from './labels.js';
import { movementOf } from './names.js';
import { referenceFrom } from './references.js';

const pair = (part: string) => [`left_${part}`, `right_${part}`];
const HEAD = ['nose', ...pair('ear')];

/** Per movement: the keypoints cut away for a counting joint (`default` otherwise), and the groups kept in view. */
const CUTS: Readonly<Record<string, { hidden: Readonly<Record<string, string[]>>; kept: string[][] }>> = {
  'pull-up': { hidden: { default: pair('hip') }, kept: [HEAD, pair('wrist'), pair('elbow'), pair('shoulder')] },
  'sit-up': { hidden: { elbow: [...pair('elbow'), ...pair('wrist')], default: pair('knee') }, kept: [pair('shoulder'), pair('hip')] },
};

/** Each demonstration's reference, and every other take of its movement cut away from its counting joint, with its true count. */
export function customCropCases(
  labels: readonly TLabel[] | null,
  takes: Map<string, TTake>,
): { movement: string; cases: TCropCase[]; uncut: number }[] {
  return Object.entries(CUTS).map(([movement, cut]) => {
    const own = (labels ?? []).filter((label) => movementOf(label.movement) === movement && label.reps > 0 && takes.has(label.take));
    const cases: TCropCase[] = [];
    let uncut = 0;
    for (const demo of own) {
      const built = referenceFrom(demo.take, demo.take, takes.get(demo.take)!, 'custom');
      if (!built || referencePostureError(built.reference)) continue;
      const hidden = cut.hidden[built.reference.primary] ?? cut.hidden.default!;
      for (const label of own.filter((other) => other.take !== demo.take)) {
        const data = cutAway(takes.get(label.take)!, hidden, cut.kept);
        if (data)
          cases.push({ take: `${label.take} vs ${demo.take} (${built.reference.primary})`, data, reference: built.reference, reps: label.reps });
        else uncut += 1;
      }
    }
    return { movement, cases, uncut };
  });
}
