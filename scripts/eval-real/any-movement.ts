/**
 * Any movement from one demonstration: movements the catalogue does not define (pull-ups,
 * sit-ups, bench presses in labels-any-movement.json), each counted the way an admin adds one.
 * Each take in turn is the demonstration: its reference built as "Other" (`custom`, as the
 * admin's reference capture builds it; one the capture refuses, with no full rep or showing a
 * fault, gives none), and every other take of its movement counted against it. MAE as the count
 * tables' (absolute reps), beside it divided by the true count (RepCount's MAE).
 */
import { referencePostureError, scoreTake, type TTake } from '@movelab/shared/movescore/index';
import type { TLabel } from './labels.js';
import { movementOf } from './names.js';
import { referenceFrom } from './references.js';
import { countColumns, mean } from './report.js';

/** A take counted against another's demonstration: the count error (found less true) and the true count. */
type TCounted = { error: number; reps: number };

/** One movement's takes, each as the demonstration the others are counted against; demos: how many the capture takes. */
function countFromEachDemo(own: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): { demos: number; counted: TCounted[] } {
  let demos = 0;
  const counted: TCounted[] = [];
  for (const demo of own) {
    const built = referenceFrom(demo.take, demo.take, takes.get(demo.take)!, 'custom');
    const refused = built ? referencePostureError(built.reference) : 'no full rep';
    if (!built || refused) {
      if (verbose) console.log(`  demonstration ${demo.take}: refused (${refused})`);
      continue;
    }
    demos += 1;
    const counts = own
      .filter((label) => label.take !== demo.take)
      .map((label) => ({ label, found: scoreTake(built.reference, takes.get(label.take)!).repCount }));
    if (verbose)
      console.log(
        `  demonstration ${demo.take} (counts the ${built.reference.primary}): ${counts.map(({ label, found }) => `${found} of ${label.reps}`).join(', ')}`,
      );
    counted.push(...counts.map(({ label, found }) => ({ error: found - label.reps, reps: label.reps })));
  }
  return { demos, counted };
}

/** A row: demonstrations the capture takes of those tried, takes counted, exact, OBO, MAE and MAE over the true count. */
function printRow(name: string, demos: string, counted: readonly TCounted[]): void {
  const errors = counted.map((entry) => entry.error);
  const relative = mean(counted.map((entry) => Math.abs(entry.error) / entry.reps));
  console.log(
    [name.padEnd(14), demos.padStart(5), String(counted.length).padStart(5), ...countColumns(errors), relative.toFixed(2).padStart(9)].join(' '),
  );
}

/** Prints the figures of each movement of `labels` (null: the folder has no such file) and of all. */
export function printAnyMovement(labels: readonly TLabel[] | null, takes: Map<string, TTake>, verbose: boolean): void {
  console.log(
    '\nAny movement from one demonstration: each take as the "Other" reference an admin records, the other takes of its movement counted against it',
  );
  if (labels === null) {
    console.log('no labels-any-movement.json in the folder: nothing to count');
    return;
  }
  console.log('movement       demos  takes  exact   OBO    MAE  MAE/true');
  const counted = labels.filter((label) => Number.isFinite(label.reps) && label.reps > 0 && takes.has(label.take));
  const all: TCounted[] = [];
  let [demosOfAll, triedOfAll] = [0, 0];
  for (const movement of [...new Set(counted.map((label) => movementOf(label.movement)))]) {
    const own = counted.filter((label) => movementOf(label.movement) === movement);
    const { demos, counted: rows } = countFromEachDemo(own, takes, verbose);
    printRow(movement, `${demos}/${own.length}`, rows);
    all.push(...rows);
    demosOfAll += demos;
    triedOfAll += own.length;
  }
  printRow('all', `${demosOfAll}/${triedOfAll}`, all);
}
