/**
 * What a take counted on its kind's fallback says (fallback-count.ts): which part it was counted
 * on and why, and that its form was not judged, the counting joint's range being unseen.
 */
import { andList } from '../format.js';
import type { TCountedOn } from './fallback-count.js';
import { featureParts, type TBodyPart } from './in-view.js';
import type { TNotJudged } from './judged.js';
import type { TReference } from './reference-schema.js';

/** The counting joint's parts out of view in most frames ("wrists"), or all its parts where none is listed. */
function unseenCountingParts(reference: TReference, outOfView: readonly TBodyPart[]): TBodyPart[] {
  const parts = featureParts([reference.primary]);
  const unseen = parts.filter((part) => outOfView.includes(part));
  return unseen.length > 0 ? unseen : parts.filter((part) => part !== 'shoulders' && part !== 'hips');
}

/** What each fallback counts on, after "your". */
const COUNTED_ON_WORDS: Readonly<Record<TCountedOn, string>> = {
  shoulders: 'shoulders',
  hips: 'hips',
  head: 'head against your hands',
  trunk: "trunk's angle",
};

/** "Counted on your shoulders: your wrists were out of the picture". */
export function countedOnLine(reference: TReference, countedOn: TCountedOn, outOfView: readonly TBodyPart[]): string {
  return `Counted on your ${COUNTED_ON_WORDS[countedOn]}: your ${andList(unseenCountingParts(reference, outOfView))} were out of the picture`;
}

/** Why the form of a take counted on its fallback was not judged: the counting joint's range was not seen in any rep. */
export function countedOnNotJudged(reference: TReference, repCount: number, outOfView: readonly TBodyPart[]): TNotJudged {
  const parts = andList(unseenCountingParts(reference, outOfView));
  return {
    reason: `Your ${parts} were out of the picture, so how far each rep went was not seen`,
    advice: `Put the camera further away or lower so your ${parts} are in the picture`,
    features: [reference.primary],
    reps: Array.from({ length: repCount }, (_, index) => index),
  };
}
