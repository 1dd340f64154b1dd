/**
 * Form, leave one person out: every take labelled good or bad scored against references built
 * from the good takes of other people (never the person judged), with the movement's definition
 * and as "Other"; and the same takes against the demo catalogue's reference of their kind. A set
 * that splits its people is figured for each split, validate first, then for all (splits.ts).
 */
import { scoreTake } from '@movelab/shared/movescore/index';
import { movements, type TFormTake } from './labels.js';
import { catalogueReference, goodReferences, leaveOnePersonOut, postureRefused, referenceFrom, refusedForView, viewRefused } from './references.js';
import { auc, leastPct, mean, oneReference, pct, unranked } from './report.js';
import { splitGroups } from './splits.js';

/**
 * The pooled AUC scores each take by its mean over those references; per reference, the AUC one
 * real good demonstration gives on the other people's takes.
 */
export function printForm(formTakes: readonly TFormTake[], verbose: boolean): void {
  console.log('\nForm, leave one person out: AUC of good over bad, references from good takes of other people');
  console.log('(Pose Trainer does not tell people apart: there each take is left out on its own)');
  for (const movement of movements(formTakes)) {
    for (const group of splitGroups(formTakes, movement)) printFormOf(group.formTakes, movement, group.label, verbose);
  }
}

/** The form figures of one movement's takes (of a split, or all), on a line labelled `label`. */
function printFormOf(formTakes: readonly TFormTake[], movement: string, label: string, verbose: boolean): void {
  const labelled = formTakes.filter((entry) => entry.movement === movement);
  const references = goodReferences(formTakes, movement);
  if (references.length === 0) {
    console.log(
      `${label.padEnd(14)} ${labelled.length} takes: no good take gives a reference (none labelled good, or none with a full rep): nothing to judge them by`,
    );
    return;
  }
  const { pooled, good, bad, single } = leaveOnePersonOut(labelled, references);
  const people = new Set(labelled.map((entry) => entry.person)).size;
  const why = unranked(good, bad);
  if (why) {
    console.log(`${label.padEnd(14)} ${labelled.length} takes, ${people} people, ${references.length} references: ${why}`);
    return;
  }
  console.log(
    `${label.padEnd(14)} good ${good.length} (mean ${pct(mean(good))}), bad ${bad.length} (mean ${pct(mean(bad))}), ${people} people, ${references.length} references (refused: ${viewRefused(formTakes, movement)} for their camera view, ${postureRefused(formTakes, movement)} for their posture): AUC ${auc(good, bad).toFixed(2)} pooled, one reference: ${oneReference(single)} (target >= 0.85)`,
  );
  if (verbose) labelled.forEach((entry, i) => console.log(`  ${entry.form} ${entry.take} (${entry.person}): ${pct(pooled[i]!)}`));
  if (verbose)
    references.forEach((built, r) => console.log(`  reference ${built.take} (${built.person}): AUC ${single[r]!.toFixed(2)} on the others`));
}

/**
 * The same labelled takes as an exercise the catalogue has no definition for: references built
 * as "Other" (`custom`: the counting joint chosen from the video, each joint judged by what it
 * does in the reference, reference.ts customMode), leave one person out. What an admin gets for a movement of a kind the engine does not know.
 */
export function printCustom(formTakes: readonly TFormTake[], verbose: boolean): void {
  console.log('\nThe same takes as "Other" (custom kind): references of other people built without a movement definition');
  for (const movement of movements(formTakes)) {
    for (const group of splitGroups(formTakes, movement)) printCustomOf(group.formTakes, movement, group.label, verbose);
  }
}

/** One movement's takes (of a split, or all) against references built as "Other", on a line labelled `label`. */
function printCustomOf(formTakes: readonly TFormTake[], movement: string, label: string, verbose: boolean): void {
  const labelled = formTakes.filter((entry) => entry.movement === movement);
  const references = formTakes
    .filter((entry) => entry.movement === movement && entry.form === 'good' && !refusedForView(entry))
    .flatMap((entry) => referenceFrom(entry.take, entry.person, entry.data, 'custom') ?? []);
  if (references.length === 0) return;
  const { good, bad, single } = leaveOnePersonOut(labelled, references);
  if (unranked(good, bad)) return;
  console.log(
    `${label.padEnd(14)} as Other: good mean ${pct(mean(good))}, bad mean ${pct(mean(bad))}, ${references.length} references: AUC ${auc(good, bad).toFixed(2)} pooled, one reference: ${oneReference(single)}`,
  );
  if (verbose)
    references.forEach((built, r) =>
      console.log(`  reference ${built.take} as Other (${built.reference.primary}): AUC ${single[r]!.toFixed(2)} on the others`),
    );
}

/** The takes labelled for form against the catalogue reference of their kind (side view): good and bad means, AUC (each split, then all). */
export function printCatalogueForm(formTakes: readonly TFormTake[]): void {
  for (const kind of ['squat', 'push-up'] as const) {
    for (const group of splitGroups(formTakes, kind)) {
      const labelled = group.formTakes.filter((entry) => entry.movement === kind);
      if (labelled.length === 0) continue;
      const scored = labelled
        .map((entry) => ({ form: entry.form, score: scoreTake(catalogueReference(kind, entry.data, 'side')!, entry.data).score }))
        .flatMap((entry) => (entry.score === null ? [] : [{ ...entry, score: entry.score }]));
      const good = scored.filter((entry) => entry.form === 'good').map((entry) => entry.score);
      const bad = scored.filter((entry) => entry.form === 'bad').map((entry) => entry.score);
      console.log(
        `${group.label.padEnd(14)} takes labelled for form: good ${good.length} mean ${pct(mean(good))} (min ${leastPct(good)}), bad ${bad.length} mean ${pct(mean(bad))}, ${good.length > 0 && bad.length > 0 ? `AUC ${auc(good, bad).toFixed(2)}` : `no ${good.length === 0 ? 'good' : 'bad'} take: nothing to rank`}`,
      );
    }
  }
}
