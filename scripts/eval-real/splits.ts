/**
 * Tune, then validate: a set that splits its people (PushFit's `split` column) is designed and
 * tuned on its `tune` people and judged on its `validate` people. Every figure of such a movement
 * is printed for each split, validate first, each split judged by references of its own people
 * only (leave one person out, as for all), then for all together as before.
 */
import type { TFormTake } from './labels.js';

/** Splits in the order they are reported: validate (people the engine was not tuned on) first, then tune, then any other. */
const FIRST = ['validate', 'tune'];
const rank = (split: string) => (FIRST.includes(split) ? FIRST.indexOf(split) : FIRST.length);

/** The splits a movement's takes are labelled with, in report order (none where the source gives none). */
export function splitsOf(formTakes: readonly TFormTake[], movement: string): string[] {
  const splits = new Set(formTakes.filter((entry) => entry.movement === movement).flatMap((entry) => entry.split ?? []));
  return [...splits].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Some takes to figure apart, with the label their lines carry; `split` null: all of them. */
export type TGroup = { label: string; split: string | null; formTakes: readonly TFormTake[] };

/**
 * A movement's takes split by person, one group a split (its own takes only), then all of them
 * (every take, as before there were splits); where the source gives no split, all of them
 * under `name` alone.
 */
export function splitGroups(formTakes: readonly TFormTake[], movement: string, name = movement): TGroup[] {
  const splits = splitsOf(formTakes, movement);
  if (splits.length === 0) return [{ label: name, split: null, formTakes }];
  return [
    ...splits.map((split) => ({
      label: `${name} [${split}]`,
      split,
      formTakes: formTakes.filter((entry) => entry.movement === movement && entry.split === split),
    })),
    { label: `${name} [all]`, split: null, formTakes },
  ];
}

/** Which people each split of each movement holds, and how many good and bad takes. */
export function printSplits(formTakes: readonly TFormTake[], movements: readonly string[]): void {
  const split = movements.filter((movement) => splitsOf(formTakes, movement).length > 0);
  if (split.length === 0) return;
  console.log('Split by person: validate first (people the engine is not tuned on), then tune, then all; each split judged by its own people');
  for (const movement of split) {
    for (const group of splitGroups(formTakes, movement).filter((entry) => entry.split !== null)) {
      const people = [...new Set(group.formTakes.map((entry) => entry.person))];
      const count = (form: string) => group.formTakes.filter((entry) => entry.form === form).length;
      console.log(`${group.label.padEnd(18)} ${people.length} people, ${count('good')} good, ${count('bad')} bad: ${people.join(', ')}`);
    }
  }
  console.log('');
}
