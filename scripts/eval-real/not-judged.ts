/**
 * Takes whose form is not judged (judged.ts: the joints that decide it out of view or misread in
 * most reps): how many, each labelled take against the good references of other people (each
 * split, validate first, then all) and each counted take against the catalogue's; that none shows
 * a full score while its own result says a deciding joint's parts are out of view (and how many
 * did when every take was scored: the mean of its reps); and the AUC over the takes judged.
 */
import { decidingJoints, missingParts, scoreTake, type TReference, type TScoreResult, type TTake } from '@movelab/shared/movescore/index';
import { movements, type TFormTake, type TLabel } from './labels.js';
import { kindOf } from './names.js';
import { catalogueReference, goodReferences, leaveOnePersonOut } from './references.js';
import { auc, unranked } from './report.js';
import { splitGroups } from './splits.js';

/** A full score, as the app rounds it: 100%. */
const FULL = 0.995;

/** One take scored against one reference; `take` names the labelled take (a file may be labelled for several people). */
type TScored = { take: string; reference: TReference; result: TScoreResult };

/** Whether the result says a part out of view that leaves a deciding joint of its reference unread. */
const isDecidingOutOfView = ({ reference, result }: TScored) => missingParts(decidingJoints(reference), result.outOfView).length > 0;
/** What the take showed before takes were left unjudged: the mean of its reps. */
const repMean = ({ reps }: TScoreResult) => (reps.length === 0 ? 0 : reps.reduce((sum, rep) => sum + rep.score, 0) / reps.length);

/** The counts of one set of scorings, in words. */
function scoringWords(scored: readonly TScored[]): string {
  const takes = [...new Set(scored.map((entry) => entry.take))];
  const isNot = (entry: TScored) => entry.result.notJudged !== null;
  const everywhere = takes.filter((take) => scored.filter((entry) => entry.take === take).every(isNot)).length;
  const somewhere = takes.filter((take) => scored.some((entry) => entry.take === take && isNot(entry))).length;
  const fullUnseen = scored.filter((entry) => isDecidingOutOfView(entry) && (entry.result.score ?? 0) >= FULL).length;
  const fullBefore = scored.filter((entry) => isDecidingOutOfView(entry) && repMean(entry.result) >= FULL).length;
  return `${takes.length} takes, ${everywhere} not judged (${somewhere} by some reference), ${scored.filter(isNot).length} of ${scored.length} scorings; full score with a deciding joint out of view: ${fullUnseen} (${fullBefore} before)`;
}

export function printNotJudged(formTakes: readonly TFormTake[], counted: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): void {
  console.log('\nForm not judged: the joints that decide it out of view or misread in most reps (target: no full score with one out of view)');
  for (const movement of movements(formTakes)) {
    for (const group of splitGroups(formTakes, movement)) {
      const labelled = group.formTakes.filter((entry) => entry.movement === movement);
      const references = goodReferences(group.formTakes, movement);
      const scored = labelled.flatMap((entry) =>
        references
          .filter((built) => built.person !== entry.person)
          .map((built) => ({ take: `${entry.take} (${entry.person})`, reference: built.reference, result: scoreTake(built.reference, entry.data) })),
      );
      if (scored.length === 0) continue;
      const { good, bad } = leaveOnePersonOut(labelled, references);
      const ranked = unranked(good, bad) ?? `AUC over the takes judged ${auc(good, bad).toFixed(2)} (good ${good.length}, bad ${bad.length})`;
      console.log(`${group.label.padEnd(18)} ${scoringWords(scored)}; ${ranked}`);
      if (verbose) for (const entry of scored.filter((each) => each.result.notJudged)) console.log(`  ${entry.take}: ${entry.result.feedback[0]}`);
    }
  }
  const catalogue = counted.flatMap((label) => {
    const take = takes.get(label.take)!;
    const reference = catalogueReference(kindOf(label.movement), take, label.view);
    return reference ? [{ take: label.take, reference, result: scoreTake(reference, take) }] : [];
  });
  if (catalogue.length > 0) console.log(`${'counted takes'.padEnd(18)} under the catalogue: ${scoringWords(catalogue)}`);
}
