/**
 * Good real reps against a reference recorded from another real person, and the counts they
 * get that way next to the counts against the catalogue's references. The good labelled takes of
 * a set that splits its people are figured for each split, then for all; the counted takes,
 * which no split holds, against every good labelled take's reference, as before.
 */
import { scoreTake, type TMovementKind, type TTake } from '@movelab/shared/movescore/index';
import { takeCameraView } from '@movelab/shared/movescore/camera-view';
import { movements, type TFormTake, type TLabel } from './labels.js';
import { kindOf, movementOf } from './names.js';
import { catalogueReference, goodReferences, otherPeopleScore, referenceFrom, sameSide, type TBuilt } from './references.js';
import { judgedScore, leastPct, mean, meanJudged, pct, pctJudged } from './report.js';
import { splitGroups } from './splits.js';

export function printOtherPerson(formTakes: readonly TFormTake[], counted: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): void {
  console.log("\nGood real reps against a reference from another real person (target: mean >= 70%, counts as good as the catalogue's)");
  for (const movement of movements(formTakes)) {
    for (const group of splitGroups(formTakes, movement)) {
      const references = goodReferences(group.formTakes, movement);
      const scores = group.formTakes
        .filter((entry) => entry.movement === movement && entry.form === 'good')
        .map((entry) => otherPeopleScore(references, entry))
        .filter((score) => !Number.isNaN(score));
      if (scores.length === 0) continue;
      console.log(`${group.label.padEnd(14)} good takes ${scores.length}: mean ${pct(mean(scores))} (min ${leastPct(scores)})`);
    }
  }
  // Counted takes: each a different person; a reference from each of the others, and from the labelled good takes.
  for (const movement of [...new Set(counted.map((label) => movementOf(label.movement)))]) {
    const kind = kindOf(movement);
    const own = counted.filter((label) => movementOf(label.movement) === movement);
    const references: TBuilt[] = [
      ...own.flatMap((label) => referenceFrom(label.take, label.take, takes.get(label.take)!, kind) ?? []),
      ...goodReferences(formTakes, movement, false),
    ];
    const rows = own.flatMap((label) => countedRow(label, kind, takes.get(label.take)!, references, verbose));
    const catalogueRows = rows.filter((row) => !Number.isNaN(row.catalogueExact));
    if (rows.length === 0) {
      console.log(`${movement.padEnd(14)} counted takes ${own.length}: none has a reference from another person filmed from its side`);
      continue;
    }
    console.log(
      `${movement.padEnd(14)} counted takes ${rows.length}, references ${references.length}: mean ${pct(mean(rows.map((row) => row.score)))} against those filmed from the same side (${pct(mean(rows.map((row) => row.scoreAll)))} against all), counts exact ${pct(mean(rows.map((row) => row.exact)))}${catalogueRows.length > 0 ? ` (catalogue references: ${pct(mean(catalogueRows.map((row) => row.catalogueExact)))})` : ''}`,
    );
  }
}

/** A counted take against the references of other people: filmed from its side, and all; none when no other person's reference is filmed from its side. */
function countedRow(label: TLabel, kind: TMovementKind, take: TTake, references: readonly TBuilt[], verbose: boolean) {
  const seen = takeCameraView(take);
  const others = references.filter((reference) => reference.person !== label.take);
  const results = others.map((reference) => ({ same: sameSide(reference, seen), result: scoreTake(reference.reference, take) }));
  const same = results.filter((row) => row.same).map((row) => row.result);
  const all = results.map((row) => row.result);
  const catalogue = catalogueReference(kind, take, label.view);
  const catalogueExact = catalogue ? +(scoreTake(catalogue, take).repCount === label.reps) : Number.NaN;
  if (verbose)
    console.log(
      `  ${label.take} (seen ${seen ?? 'at an angle'}): ${pctJudged(meanJudged(same.map(judgedScore)))} against ${same.length} references filmed from the same side (${pctJudged(meanJudged(all.map(judgedScore)))} against all ${all.length}), counts ${same.map((r) => r.repCount).join(' ')} of ${label.reps}`,
    );
  // A take no other person's reference filmed from its side judges is left out of the means.
  const score = meanJudged(same.map(judgedScore));
  if (Number.isNaN(score)) return [];
  return [
    {
      score,
      scoreAll: meanJudged(all.map(judgedScore)),
      exact: same.filter((result) => result.repCount === label.reps).length / same.length,
      catalogueExact,
    },
  ];
}
