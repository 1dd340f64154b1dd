/**
 * Whether a take's form was judged at all. A rep leaves out a joint it does not show (out of view
 * in most of its frames, or read unsteadily: align.ts), and is scored on what is left; where the
 * joints that decide the movement's form (the definition's `decidingJoints`: a push-up's body
 * line) are left out of most reps, what is left is no verdict on the form: a push-up whose knees
 * and ankles are out of the picture scored 99.5-100% on its elbows alone, sagging or not. Such a
 * take keeps its count and is "not judged", with the reason and what to change, never a score.
 *
 * The deciding joints: the body line of a push-up (to the knees for the knee push-up, and the
 * knees' height, which tells it apart); the upper body of a squat, a lunge and a front raise
 * (collapsing or swinging); the upper arms of a curl and a shrug (swinging); the elbows of a
 * shoulder press (straightening overhead). None for a jumping jack (its form is the arms' range,
 * which counts it) and for "Other" (nothing says which of its joints decide).
 */
import { andList } from '../format.js';
import { movementDefinition } from './definitions.js';
import type { TFeatureName } from './feature-names.js';
import { FEATURE_WORDS } from './feature-words.js';
import { BODY_PARTS, featureParts, type TBodyPart } from './in-view.js';
import type { TRepScore } from './form.js';
import type { TReference } from './reference-schema.js';

/** Why a take's form was not judged: which deciding joints, in which reps (indexes), and the words for it. */
export type TNotJudged = {
  /** "Your knees and ankles were out of the picture in 4 of 5 reps". */
  reason: string;
  /** "Put the camera further away so they are in the picture". */
  advice: string;
  /** The deciding joints not judged in those reps. */
  features: TFeatureName[];
  /** The reps (indexes) in which a deciding joint was not judged. */
  reps: number[];
};

/** The deciding joints a reference compares (its kind's `decidingJoints` it holds with a weight, less the counting one). */
export function decidingJoints(reference: TReference): TFeatureName[] {
  const { decidingJoints: named } = movementDefinition(reference.kind ?? 'custom');
  return reference.features.filter((feature, f) => feature !== reference.primary && reference.weights[f]! > 0 && named.includes(feature));
}

/**
 * The joints a rep leaves out for being out of view: weighted ones besides the counting joint that
 * are unknown throughout it (rows in the reference's feature order, as scoredRepMatrix gives
 * them) while a body part they read is out of view in most of its frames (`hidden`). A joint
 * unknown with its parts in view is not unseen: the body line of someone standing is not read,
 * and a standing movement under a push-up's reference is judged on the rest, and scores low.
 */
export function unseenJoints(
  reference: TReference,
  weights: readonly number[],
  rows: readonly Float64Array[],
  hidden: readonly TBodyPart[],
): TFeatureName[] {
  if (hidden.length === 0) return [];
  return reference.features.filter(
    (feature, f) => feature !== reference.primary && weights[f]! > 0 && rows[f]!.every(Number.isNaN) && missingParts([feature], hidden).length > 0,
  );
}

/** The deciding joints not judged in a rep: out of view (`unseen`) or read unsteadily (`unsteady`). */
export function unjudgedIn(deciding: readonly TFeatureName[], rep: Pick<TRepScore, 'unseen' | 'unsteady'>): TFeatureName[] {
  return deciding.filter((feature) => rep.unseen?.includes(feature) || rep.unsteady?.includes(feature));
}

/** Parts a joint reads either of (featureParts names the first): the body line runs to the ankles, or to the knees where those are unseen. */
const EITHER: Partial<Record<TFeatureName, Partial<Record<TBodyPart, readonly TBodyPart[]>>>> = { hip_sag: { knees: ['knees', 'ankles'] } };

/**
 * The parts out of view (of `outOfView`) that leave some of these joints unread: a part a joint
 * needs, or both of a pair it reads either of (the body line's knees and ankles); in BODY_PARTS order.
 */
export function missingParts(features: readonly TFeatureName[], outOfView: readonly TBodyPart[]): TBodyPart[] {
  const missing = new Set<TBodyPart>();
  for (const feature of features) {
    for (const part of featureParts([feature])) {
      const group = EITHER[feature]?.[part] ?? [part];
      if (group.every((each) => outOfView.includes(each))) group.forEach((each) => missing.add(each));
    }
  }
  return BODY_PARTS.filter((part) => missing.has(part));
}

/** What a not-judged take says, given the deciding joints left out, in which reps (indexes), and each rep's parts out of view. */
function notJudgedWords(
  reps: readonly TRepScore[],
  features: readonly TFeatureName[],
  where: readonly number[],
  hidden: readonly (readonly TBodyPart[])[],
) {
  const inReps = where.length === reps.length ? 'in every rep' : `in ${where.length} of ${reps.length} reps`;
  const isIn = (field: 'unseen' | 'unsteady') => where.some((index) => features.some((feature) => reps[index]![field]?.includes(feature)));
  const missing = new Set(
    where.flatMap((index) =>
      reps[index]!.unseen
        ? missingParts(
            features.filter((feature) => reps[index]!.unseen!.includes(feature)),
            hidden[index] ?? [],
          )
        : [],
    ),
  );
  const parts = BODY_PARTS.filter((part) => missing.has(part));
  const words = [...new Set(features.map((feature) => FEATURE_WORDS[feature].part))];
  if (!isIn('unseen'))
    return { reason: `Your ${andList(words)} were hard to make out ${inReps}`, advice: 'Film closer, in good light, with your whole body in view' };
  const names = parts.length > 0 ? parts : words;
  const verb = names.length > 1 || names[0] !== 'head' ? 'were' : 'was';
  const how = isIn('unsteady') ? 'out of the picture or hard to make out' : 'out of the picture';
  return { reason: `Your ${andList(names)} ${verb} ${how} ${inReps}`, advice: 'Put the camera further away so your whole body is in the picture' };
}

/**
 * Why the take's form was not judged, or null where it was: a deciding joint not judged in more
 * than half its reps. `hidden`: per rep, the body parts out of view in most of its frames, named
 * where they are why.
 */
export function formNotJudged(reference: TReference, reps: readonly TRepScore[], hidden: readonly (readonly TBodyPart[])[]): TNotJudged | null {
  const deciding = decidingJoints(reference);
  const unjudged = reps.map((rep) => unjudgedIn(deciding, rep));
  const where = unjudged.flatMap((features, index) => (features.length > 0 ? [index] : []));
  if (where.length * 2 <= reps.length) return null;
  const features = deciding.filter((feature) => unjudged.some((row) => row.includes(feature)));
  return { ...notJudgedWords(reps, features, where, hidden), features, reps: where };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The feedback line a take not judged opens with: "Form not judged: your knees and ankles were out of the picture in every rep: put the camera ...". */
export const notJudgedLine = (notJudged: TNotJudged) => `Form not judged: ${lowerFirst(notJudged.reason)}: ${lowerFirst(notJudged.advice)}`;

/**
 * A take's feedback, not judged: the reason first, and no word saying its reps are close to the
 * reference (takeFeedback's last resort), which nothing showed.
 */
export function notJudgedFeedback<T extends { text: string }>(feedback: readonly T[], notJudged: TNotJudged, line: (text: string) => T): T[] {
  return [line(notJudgedLine(notJudged)), ...feedback.filter((entry) => !/close to the reference/i.test(entry.text))];
}

/**
 * The parts out of view in one frame (partsOutOfView) that leave a joint deciding the reference's
 * form unread: what a live check asks the person to bring into the picture (none while all are seen).
 */
export const formPartsOutOfView = (reference: TReference, outOfView: readonly TBodyPart[]): TBodyPart[] =>
  missingParts(decidingJoints(reference), outOfView);

/**
 * A rep's score as the live screens may show it: null (not judged) when the rep was counted on
 * another part than its counting joint (the fallback: how far it went was not seen) or when a joint
 * that decides its form was unseen or unsteady in it; its score otherwise.
 */
export function liveRepScore(reference: TReference, rep: TRepScore, countedOn: string | null): number | null {
  if (countedOn !== null) return null;
  return unjudgedIn(decidingJoints(reference), rep).length > 0 ? null : rep.score;
}
