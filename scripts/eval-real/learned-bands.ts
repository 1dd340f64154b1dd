/**
 * Tolerance bands learned from real people: for each `posture` and `limit` joint of the
 * movement, the BAND_QUANTILE of how far good takes differ from good references of other people
 * (a posture's mean absolute difference at the aligned moments, a limit joint's range of motion
 * beyond the reference's: jointDifferences; one figure per person pair so a person with many
 * takes does not outweigh the others). Learned leave one person out: the person judged is in
 * neither the references nor the takes the bands are learned from.
 */
import { movementDefinition, referenceDifferences, scoreTake, type TFeatureName, type TReference } from '@movelab/shared/movescore/index';
import { finiteSorted, median, quantile } from '@movelab/shared/movescore/numbers';
import { movements, type TFormTake } from './labels.js';
import { kindOf } from './names.js';
import { goodReferences, type TBuilt } from './references.js';
import { auc, judgedScore, mean, meanJudged, pct, unranked } from './report.js';
import { splitGroups } from './splits.js';

/** Share of pairs of good people a learned tolerance band lets through. */
const BAND_QUANTILE = 0.9;

const quantileOf = (values: number[], q: number) => quantile(finiteSorted(values), q);

/** Each good take's differences from each reference of another person, by joint. */
function personPairs(references: readonly TBuilt[], goodTakes: readonly TFormTake[]) {
  return references.flatMap((built) =>
    goodTakes
      .filter((entry) => entry.person !== built.person)
      .map((entry) => {
        const differences = referenceDifferences(built.reference, entry.data);
        return {
          refPerson: built.person,
          takePerson: entry.person,
          byFeature: new Map(built.reference.features.map((feature, f) => [feature, differences[f]!])),
        };
      }),
  );
}

/** The bands of `postures` learned from the pairs, leaving out every pair `without` is in (null: none). */
function learnBands(pairs: ReturnType<typeof personPairs>, postures: readonly TFeatureName[], without: string | null): Map<string, number> {
  return new Map(
    postures.map((feature) => {
      const perPeople = new Map<string, number[]>();
      for (const pair of pairs) {
        if (pair.refPerson === without || pair.takePerson === without) continue;
        const value = pair.byFeature.get(feature) ?? Number.NaN;
        if (!Number.isFinite(value)) continue;
        const key = `${pair.refPerson}/${pair.takePerson}`;
        perPeople.set(key, [...(perPeople.get(key) ?? []), value]);
      }
      // A limit joint's difference is signed (moving less than the reference is no fault): no band below 0.
      return [
        feature,
        Math.max(
          0,
          quantileOf(
            [...perPeople.values()].map((values) => median(values)),
            BAND_QUANTILE,
          ),
        ),
      ];
    }),
  );
}

const withBands = (reference: TReference, learned: Map<string, number>): TReference => ({
  ...reference,
  tolerances: reference.features.map((feature, f) => {
    const band = learned.get(feature);
    return band !== undefined && Number.isFinite(band) ? Math.round(band * 10) / 10 : reference.tolerances![f]!;
  }),
});

/** Prints the bands learned from everyone and the AUC with bands learned without each person (each split, then all). */
export function printLearnedForm(formTakes: readonly TFormTake[], verbose: boolean): void {
  for (const movement of movements(formTakes)) {
    // Other's joints take their modes from each reference: there is no fixed band to learn.
    if (kindOf(movement) === 'custom') continue;
    const postures = movementDefinition(kindOf(movement))
      .form.filter((joint) => joint.mode === 'posture' || joint.mode === 'limit')
      .map((joint) => joint.feature);
    if (postures.length === 0) continue;
    for (const group of splitGroups(formTakes, movement)) printLearnedOf(group.formTakes, movement, postures, group.label, verbose);
  }
}

/** The bands of one movement's takes (of a split, or all) and the AUC they give, on a line labelled `label`. */
function printLearnedOf(formTakes: readonly TFormTake[], movement: string, postures: readonly TFeatureName[], label: string, verbose: boolean): void {
  const references = goodReferences(formTakes, movement);
  if (references.length === 0) return;
  const pairs = personPairs(
    references,
    formTakes.filter((entry) => entry.movement === movement && entry.form === 'good'),
  );
  const labelled = formTakes.filter((entry) => entry.movement === movement);
  const folds = new Map([...new Set(labelled.map((entry) => entry.person))].map((person) => [person, learnBands(pairs, postures, person)]));
  if (verbose)
    for (const [person, learned] of folds) console.log(`  without ${person}: ${[...learned].map(([f, b]) => `${f} ${b.toFixed(1)}`).join(', ')}`);
  const pooled = labelled.map((entry) => {
    const others = references.filter((built) => built.person !== entry.person);
    return others.length > 0
      ? meanJudged(others.map((built) => judgedScore(scoreTake(withBands(built.reference, folds.get(entry.person)!), entry.data))))
      : Number.NaN;
  });
  const good = pooled.filter((score, i) => labelled[i]!.form === 'good' && !Number.isNaN(score));
  const bad = pooled.filter((score, i) => labelled[i]!.form === 'bad' && !Number.isNaN(score));
  if (pairs.length === 0 || unranked(good, bad)) return;
  const everyone = [...learnBands(pairs, postures, null)].map(([feature, band]) => `${feature} ${band.toFixed(1)}°`).join(', ');
  console.log(
    `${label.padEnd(14)} bands learned from real people (${BAND_QUANTILE * 100}th percentile over pairs of people): ${everyone}; leave one person out: good mean ${pct(mean(good))}, bad mean ${pct(mean(bad))}, AUC ${auc(good, bad).toFixed(2)}`,
  );
}
