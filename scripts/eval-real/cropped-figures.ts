/**
 * Counting what is seen: real push-ups and squats cropped as a camera aimed too high crops them
 * (crops.ts: the hands just below the picture's edge, the legs cut off), each counted against the
 * catalogue's reference, saved and live, against its true count (labels.json) or, for PushFit's
 * push-ups (no count labelled), against the count of the same take uncropped; each PushFit split
 * apart, validate first. Counted on the shoulders or the hips (fallback-count.ts).
 */
import { LiveRepCounter, scoreTake, type TReference, type TTake } from '@movelab/shared/movescore/index';
import { legsCut, wristsCut } from './crops.js';
import { customCropCases } from './custom-crops.js';
import type { TFormTake, TLabel } from './labels.js';
import { kindOf } from './names.js';
import { catalogueReference } from './references.js';
import { countColumns } from './report.js';
import { splitGroups } from './splits.js';

/** A cropped take with the count it should give. */
export type TCropCase = { take: string; data: TTake; reference: TReference; reps: number };

const liveCount = (reference: TReference, take: TTake) => {
  const counter = new LiveRepCounter(reference, take);
  for (const frame of take.frames) counter.push(frame);
  return counter.count;
};

/** The crop of a take that leaves its counting joint out of the picture (push-up: the wrists; squat: the legs), or null. */
export function cropOf(kind: string, take: TTake): TTake | null {
  if (kind === 'push-up') return wristsCut(take);
  return kind === 'squat' ? legsCut(take) : null;
}

/** The labelled counting takes of push-ups and squats, cropped, with their true counts. */
export function labelledCropCases(counted: readonly TLabel[], takes: Map<string, TTake>): TCropCase[] {
  return counted.flatMap((label) => {
    const kind = kindOf(label.movement);
    const data = takes.get(label.take)!;
    const cropped = cropOf(kind, data);
    const reference = catalogueReference(kind, data, label.view);
    return cropped && reference ? [{ take: label.take, data: cropped, reference, reps: label.reps }] : [];
  });
}

/** PushFit's push-ups cropped below the wrists, each against its own uncropped count. */
export function pushFitCropCases(formTakes: readonly TFormTake[]): TCropCase[] {
  return formTakes.flatMap((entry) => {
    const cropped = cropOf(entry.kind, entry.data);
    const reference = catalogueReference(entry.kind, entry.data, entry.view ?? undefined);
    if (!cropped || !reference) return [];
    return [{ take: entry.take, data: cropped, reference, reps: scoreTake(reference, entry.data).repCount }];
  });
}

function printCases(label: string, cases: readonly TCropCase[], verbose: boolean): void {
  if (cases.length === 0) return;
  const results = cases.map((entry) => ({ entry, result: scoreTake(entry.reference, entry.data), live: liveCount(entry.reference, entry.data) }));
  const errors = results.map(({ entry, result }) => result.repCount - entry.reps);
  const onFallback = results.filter(({ result }) => result.countedOn).length;
  const liveSame = results.filter(({ result, live }) => result.repCount === live).length;
  console.log(
    `${label.padEnd(30)} ${String(cases.length).padStart(5)} ${countColumns(errors).join(' ')}  counted on a fallback ${onFallback}, live = saved ${liveSame}`,
  );
  if (verbose)
    for (const { entry, result, live } of results)
      console.log(`  ${entry.take}: ${result.repCount} (live ${live}) of ${entry.reps}${result.countedOn ? `, on the ${result.countedOn}` : ''}`);
}

export function printCropped(
  formTakes: readonly TFormTake[],
  counted: readonly TLabel[],
  takes: Map<string, TTake>,
  anyMovement: { labels: readonly TLabel[] | null; takes: Map<string, TTake> },
  verbose: boolean,
): void {
  console.log('\nCounting what is seen: takes cropped below the wrists (push-ups) or above the knees (squats), catalogue reference');
  console.log('cropped takes                  takes  exact   OBO    MAE');
  printCases('labelled counts (labels.json)', labelledCropCases(counted, takes), verbose);
  for (const group of splitGroups(formTakes, 'push-up').filter((entry) => entry.split !== null))
    printCases(`${group.label} vs uncropped`, pushFitCropCases(group.formTakes.filter((entry) => entry.movement === 'push-up')), verbose);
  console.log("One demonstration's reference (labels-any-movement.json), the other takes cut away from its counting joint (custom-crops.ts)");
  for (const { movement, cases, uncut } of customCropCases(anyMovement.labels, anyMovement.takes)) {
    printCases(`${movement}, true counts`, cases, verbose);
    if (uncut > 0) console.log(`  ${uncut} take(s) no edge of the picture cuts away from the counting joint`);
  }
}
