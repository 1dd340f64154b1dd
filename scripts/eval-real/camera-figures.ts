/**
 * The engine on any camera: each real take filmed, in effect, by another
 * camera (cameras.ts: tilted, far away, mirrored, at 15 frames a second), and its answer against
 * the untouched take's. Per variant: the share of takes with every count the same, the share
 * with the score within 5 points (a take judged on one and not on the other is not), and the
 * mean |score difference| in points over the takes judged on both. The counting takes of
 * labels.json are counted and scored as the count table does (the catalogue's reference where
 * it has one, else counted with none); PushFit's push-ups, each split (validate first), are
 * counted against the catalogue's reference and scored against the good takes of other people
 * of its split (their counts compared too).
 */
import { countReps, scoreTake, type TMovementKind, type TReference, type TTake } from '@movelab/shared/movescore/index';
import { CAMERAS, keypointsOutside } from './cameras.js';
import type { TFormTake, TLabel } from './labels.js';
import { kindOf } from './names.js';
import { catalogueReference, goodReferences, type TBuilt } from './references.js';
import { judgedScore, mean, meanJudged, pct } from './report.js';
import { splitGroups } from './splits.js';

/** A take to put through the cameras: what it counts and scores against, and how. */
export type TCameraCase = { take: string; data: TTake; kind: TMovementKind; catalogue: TReference | null; others: readonly TReference[] };

/** What the engine answers on a take: every count (the catalogue's, then each other reference's) and the mean judged score (NaN: none). */
export function cameraAnswer(entry: TCameraCase, data: TTake): { counts: number[]; score: number } {
  const catalogue = entry.catalogue ? scoreTake(entry.catalogue, data) : null;
  const others = entry.others.map((reference) => scoreTake(reference, data));
  const counts = [catalogue ? catalogue.repCount : countReps(data, entry.kind).length, ...others.map((result) => result.repCount)];
  const scored = entry.others.length > 0 ? others : catalogue ? [catalogue] : [];
  return { counts, score: meanJudged(scored.map(judgedScore)) };
}

/** A variant's answer against the untouched take's: counts the same, score within 5 points, and the difference. */
export function compareAnswers(plain: { counts: number[]; score: number }, variant: { counts: number[]; score: number }) {
  const isSameCount = plain.counts.every((count, index) => variant.counts[index] === count);
  const difference = Math.abs(plain.score - variant.score);
  const isBothUnjudged = Number.isNaN(plain.score) && Number.isNaN(variant.score);
  return { isSameCount, isWithin: isBothUnjudged || difference <= 0.05, difference };
}

function printGroup(label: string, cases: readonly TCameraCase[], verbose: boolean): void {
  if (cases.length === 0) return;
  console.log(`${label}: ${cases.length} takes`);
  const plain = cases.map((entry) => cameraAnswer(entry, entry.data));
  for (const camera of CAMERAS) {
    const variants = cases.map((entry) => camera.apply(entry.data));
    const answers = cases.map((entry, index) => cameraAnswer(entry, variants[index]!));
    const rows = cases.map((_, index) => compareAnswers(plain[index]!, answers[index]!));
    rows.forEach((row, index) => {
      if (verbose && (!row.isSameCount || !row.isWithin))
        console.log(
          `  ${camera.name} ${cases[index]!.take}: counts ${plain[index]!.counts.join(' ')} -> ${answers[index]!.counts.join(' ')}, score ${pct(plain[index]!.score)} -> ${pct(answers[index]!.score)}`,
        );
    });
    const differences = rows.map((row) => row.difference).filter((value) => !Number.isNaN(value));
    const total = variants.reduce((sum, take) => sum + take.frames.reduce((n, frame) => n + frame.keypoints.length, 0), 0);
    const outside = variants.reduce((sum, take) => sum + keypointsOutside(take), 0);
    console.log(
      `  ${camera.name.padEnd(22)} same count ${pct(mean(rows.map((row) => +row.isSameCount))).padStart(4)}, score within 5 points ${pct(mean(rows.map((row) => +row.isWithin))).padStart(4)}, mean |difference| ${(mean(differences) * 100).toFixed(1)} points${outside > 0 ? ` (${((outside / total) * 100).toFixed(1)}% of keypoints out of the picture)` : ''}`,
    );
  }
}

/** The cases of PushFit's push-ups of one split: each against the catalogue's reference and the good takes of other people of its split. */
function pushUpCases(formTakes: readonly TFormTake[]): TCameraCase[] {
  const references: TBuilt[] = goodReferences(formTakes, 'push-up');
  return formTakes
    .filter((entry) => entry.movement === 'push-up')
    .map((entry) => ({
      take: entry.take,
      data: entry.data,
      kind: entry.kind,
      catalogue: catalogueReference(entry.kind, entry.data, entry.view ?? undefined),
      others: references.filter((built) => built.person !== entry.person).map((built) => built.reference),
    }));
}

export function printCameras(formTakes: readonly TFormTake[], counted: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): void {
  console.log(
    '\nAny camera: each take tilted, far away, mirrored, at 15 frames/s against itself (target: every count the same, every score within 5 points)',
  );
  const countingCases = counted.map((label) => {
    const data = takes.get(label.take)!;
    const kind = kindOf(label.movement);
    return { take: label.take, data, kind, catalogue: catalogueReference(kind, data, label.view), others: [] };
  });
  printGroup('counting takes (labels.json)', countingCases, verbose);
  for (const group of splitGroups(formTakes, 'push-up').filter((entry) => entry.split !== null))
    printGroup(`${group.label} (PushFit)`, pushUpCases(group.formTakes), verbose);
}
