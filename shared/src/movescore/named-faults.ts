/**
 * The faults a movement is known for, named in plain words with what to change, where the
 * form stage's numbers show them in a rep: a shoulder press not reaching lock-out, its elbows
 * drifting forward, its back arching. Each is told from one joint of the definition's form, which
 * way it differs and when (`deviations` of a rep, with their excess over the band); a joint the
 * camera did not show in a rep (out of view, misread, or seen from a side that does not show it:
 * `elbow_forward` and `back_lean` are read side-on only) has no excess there, so its fault is not
 * judged in that rep. The score is not changed here: each fault costs as its joint does (form.ts).
 */
import type { TMovePhase } from './align.js';
import type { TFeatureName } from './feature-names.js';
import { MENTION_DEG, type TDeviation, type TRepScore } from './form.js';
import type { TMovementKind } from './movement-kinds.js';

export type TNamedFault = {
  /** The joint that shows it. */
  feature: TFeatureName;
  /** Which way it differs from the reference (or the joint's ideal): 1, the rep's value above it; -1, below. */
  sign: 1 | -1;
  /** The moment it is judged at (the rep's far end: `bottom`), or null: where the joint differs most. */
  phase: TMovePhase | null;
  /** Its words: `amount` the difference ("about 20°"), `when` the moment and reps ("at the top of reps 2-3"). */
  words: (amount: string, when: string) => string;
};

/**
 * Per kind, its named faults. The shoulder press: the elbow held to straight at the top (its
 * `ideal`, so the difference there is how far short of straight it stops), the elbows forward of
 * the shoulders against the reference's, the trunk leaning back more than the reference's.
 */
export const NAMED_FAULTS: Partial<Record<TMovementKind, readonly TNamedFault[]>> = {
  'shoulder-press': [
    {
      feature: 'elbow',
      sign: -1,
      phase: 'bottom',
      words: (amount, when) => `Straighten your arms fully overhead: your elbows stay ${amount} bent ${when}`,
    },
    {
      feature: 'elbow_forward',
      sign: 1,
      phase: null,
      words: (_, when) => `Keep your elbows under your wrists, in line with your shoulders: they drift forward ${when}`,
    },
    {
      feature: 'back_lean',
      sign: 1,
      phase: null,
      words: (amount, when) => `Keep your back straight: don't lean back as you press (${amount} back ${when})`,
    },
  ],
};

/** The kind's named faults (none for most kinds). */
export const namedFaultsOf = (kind: TMovementKind | undefined): readonly TNamedFault[] => NAMED_FAULTS[kind ?? 'custom'] ?? [];

/**
 * The deviation that shows `fault` in a rep's deviations, or null where the rep does not have it:
 * its joint beyond its band by at least MENTION_DEG, the way the fault goes, at its moment.
 */
export function faultDeviation(fault: TNamedFault, deviations: readonly TDeviation[]): TDeviation | null {
  const own = deviations.filter((deviation) => deviation.feature === fault.feature);
  const at = fault.phase
    ? own.find((deviation) => deviation.phase === fault.phase)
    : [...own].sort((a, b) => Math.abs(b.deltaDeg) - Math.abs(a.deltaDeg))[0];
  if (!at || !((at.excessDeg ?? 0) >= MENTION_DEG) || Math.sign(at.deltaDeg) !== fault.sign) return null;
  return at;
}

/** The named fault a rep's worst deviation shows, or null. */
export function namedFaultOf(kind: TMovementKind | undefined, rep: Pick<TRepScore, 'worst' | 'deviations'>): TNamedFault | null {
  const { worst } = rep;
  if (!worst) return null;
  return namedFaultsOf(kind).find((fault) => fault.feature === worst.feature && faultDeviation(fault, rep.deviations) !== null) ?? null;
}
