/** Rep counts against the labelled true counts: exact, within one (OBO) and mean absolute error. */
import type { TLabel } from './labels.js';
import { movementOf } from './names.js';
import { countColumns } from './report.js';

/** Exact, within-one and mean absolute error of the counts, per movement and for all (of the labels that give a count). */
export function printCounts(all: readonly TLabel[], count: (label: TLabel) => number, verbose: boolean): void {
  console.log('movement       takes  exact   OBO    MAE');
  const labels = all.filter((label) => Number.isFinite(label.reps));
  const row = (name: string, errors: number[]) =>
    console.log([name.padEnd(14), String(errors.length).padStart(5), ...countColumns(errors)].join(' '));
  const errorsOfAll: number[] = [];
  for (const movement of [...new Set(labels.map((label) => movementOf(label.movement)))]) {
    const errors = labels
      .filter((label) => movementOf(label.movement) === movement)
      .map((label) => {
        const found = count(label);
        if (verbose) console.log(`  ${label.take}: ${found} of ${label.reps}`);
        return found - label.reps;
      });
    errorsOfAll.push(...errors);
    row(movement, errors);
  }
  row('all', errorsOfAll);
}
