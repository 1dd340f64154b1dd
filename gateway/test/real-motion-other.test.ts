/**
 * Real takes of movements the engine has no definition for, scored as "Other" against
 * references built from other people's good takes (needs ../shared/data/real-motion).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReference, referenceViewError, scoreTake, type TTake } from '@movelab/shared/movescore/index';
import { FOLDER, hasFolder, judged, mean, pushFitRows, readTake, realLabels } from './real-motion.js';

/** Probability that a random good score beats a random bad one (ties count half). */
function auc(good: readonly number[], bad: readonly number[]): number {
  let wins = 0;
  for (const g of good) for (const b of bad) wins += g > b ? 1 : g === b ? 0.5 : 0;
  return wins / (good.length * bad.length);
}

/**
 * Labelled takes as Other: a reference built from each good take (`canBuild` ones; a take with no
 * full rep yields none), each take scored by its mean against the references of other people.
 */
function asOther(takes: readonly { who: string; good: boolean; take: TTake }[], canBuild: (take: TTake) => boolean = () => true) {
  const references = takes
    .filter(({ good, take }) => good && canBuild(take))
    .flatMap(({ who, take }) => {
      try {
        return [{ who, reference: buildReference(take) }];
      } catch {
        return [];
      }
    });
  const pooled = takes.map(({ who, good, take }) => ({
    good,
    score: mean(references.filter((built) => built.who !== who).map(({ reference }) => judged(scoreTake(reference, take)))),
  }));
  const goodScores = pooled.filter((row) => row.good).map((row) => row.score);
  const badScores = pooled.filter((row) => !row.good).map((row) => row.score);
  return { references, goodScores, auc: auc(goodScores, badScores) };
}
describe.skipIf(!hasFolder)('a movement the engine has no definition for, as "Other" (needs ../shared/data/real-motion)', () => {
  const labels = realLabels();

  // Pose Trainer's curls and front raises, labelled good or bad by their authors; each take is
  // its own person there, so a take is never judged by its own reference.
  it.each(['bicep-curl', 'front-raise'])(
    "tells Pose Trainer's good %s takes from bad ones with references built as Other from each good one",
    (movement) => {
      const takes = labels
        .filter((label) => label.movement === movement && label.form)
        .map((label) => ({ who: label.take, good: label.form === 'good', take: readTake(join(FOLDER, label.take)) }));
      const { references, goodScores, auc: ranked } = asOther(takes);
      // A take of one slow rep that holds the far end builds too (it did not before for three of six curls).
      expect(references.length).toBeGreaterThanOrEqual(takes.filter(({ good }) => good).length - 1);
      expect(references.every(({ reference }) => reference.kind === 'custom')).toBe(true);
      // Today 0.92 for curls and 1.00 for raises (0.62 and 0.95 when every joint was matched by its
      // path, weighted by how far it moves, and the upper arm's hang was not compared).
      expect(ranked).toBeGreaterThanOrEqual(0.85);
      expect(mean(goodScores)).toBeGreaterThanOrEqual(0.7);
    },
  );

  // PushFit's push-ups (good, or sagging, piked, half or on the knees), references of other
  // people as the side perspective's capture keeps them: the faults are postures held through the
  // rep, which Other sees only in the body line it holds as the reference does.
  it("tells PushFit's good push-ups from bad ones as Other, each take against references of other people", () => {
    const takes = pushFitRows().map((row) => ({
      who: row.person!,
      good: row.form === 'good',
      take: readTake(join(FOLDER, 'takes/pushfit', row.take!)),
    }));
    const { references, goodScores, auc: ranked } = asOther(takes, (take) => referenceViewError('side', take) === null);
    expect(references.length).toBeGreaterThanOrEqual(25);
    // Counted on a joint's angle, never on the arm's raise read as a height, which means little with the body level.
    expect(references.filter(({ reference }) => reference.primary === 'arm_raise')).toEqual([]);
    // Today 0.85 and good takes 75% (0.73 before the body line was held, 0.78 and 67% while it
    // weighed as little as any joint that moves).
    expect(ranked).toBeGreaterThanOrEqual(0.83);
    expect(mean(goodScores)).toBeGreaterThanOrEqual(0.7);
  });
});
