/**
 * Real people's reps against the demo catalogue's references, as a newcomer's first analysis
 * scores them. The MIT goblet-squat clip ships with the gateway and always runs; the other real
 * takes are read from ../shared/data/real-motion (or $MOVELAB_REAL_MOTION) and those tests
 * skip, visibly, when the folder is absent (real-motion.ts). Movements scored as "Other" and the
 * counting signals have files of their own (real-motion-other, real-motion-counting).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReference, scoreTake, takeCameraView, type TMovementKind, type TTake } from '@movelab/shared/movescore/index';
import { shallower } from '../../scripts/eval-real/half-depth.js';
import { demoReference } from '../src/seed.js';
import { FOLDER, hasFolder, judged, mean, pushFitRows, readTake, realLabels, ROOT } from './real-motion.js';

describe('the MIT goblet-squat clip against the catalogue squat', () => {
  it('scores its full-depth reps at least 70% and the same reps at half depth at least 25 points lower, saying to go deeper', () => {
    const take = readTake(join(ROOT, 'gateway/assets/motion/squat_side_goblet_2reps.json'));
    const reference = demoReference('squat', 'side');
    const full = scoreTake(reference, take);
    const half = scoreTake(reference, shallower(take, 'squat', 0.5));
    expect(full.repCount).toBe(2);
    expect(full.score).toBeGreaterThanOrEqual(0.7);
    expect(half.score).toBeLessThanOrEqual(judged(full) - 0.25);
    expect(half.feedback.join(' ')).toMatch(/Go about \d+° deeper/);
  });

  it('scores the squat at least 30 points lower under the catalogue forward lunge, saying the legs stay together', () => {
    const take = readTake(join(ROOT, 'gateway/assets/motion/squat_side_goblet_2reps.json'));
    const own = scoreTake(demoReference('squat', 'side'), take);
    const lunge = scoreTake(demoReference('lunge', 'side'), take);
    expect(lunge.score).toBeLessThanOrEqual(judged(own) - 0.3);
    expect(lunge.feedback.join(' ')).toMatch(/Legs together at the bottom where the reference splits them .*another movement\?/);
  });
});

describe.skipIf(!hasFolder)('real reps against the catalogue (needs ../shared/data/real-motion)', () => {
  const labels = realLabels();
  /** The catalogue perspective a person filming this take picks: the front one for a take seen facing (the push-ups have only the side). */
  const filmedFrom = (take: TTake) => (takeCameraView(take) === 'facing' ? 'front' : 'side');
  const scores = (movement: string, kind: TMovementKind) =>
    labels
      .filter((label) => label.movement === movement && !label.form)
      .map((label) => {
        const take = readTake(join(FOLDER, label.take));
        const reference = kind === 'squat' ? demoReference('squat', filmedFrom(take)) : demoReference('pushup', 'side');
        return { take: label.take, full: scoreTake(reference, take), half: scoreTake(reference, shallower(take, kind, 0.5)) };
      });

  it('scores real squats of other people and cameras 70% or more on average, half depth at least 25 points lower', () => {
    const rows = scores('squat', 'squat');
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(mean(rows.map((row) => judged(row.full)))).toBeGreaterThanOrEqual(0.7);
    expect(mean(rows.map((row) => judged(row.full) - judged(row.half)))).toBeGreaterThanOrEqual(0.25);
  });

  it("scores real squats 75% or more on average against a reference from another person's real squats filmed from the same side, the trunk's lean free within how differently real people lean", () => {
    // RepCount's squats and the MIT clip: each take against references built from the others seen
    // from its side, as a perspective's takes are. The trunk's band (25°) comes from these people:
    // the 90th percentile over pairs of them of how much further one leans than the other is 29°.
    // With 15° they scored 73% (stu4_63 42% against the one facing reference, "leans about 30° more").
    const takes = labels.filter((label) => label.movement === 'squat' && !label.form).map((label) => readTake(join(FOLDER, label.take)));
    expect(takes.length).toBeGreaterThanOrEqual(5);
    const built = takes.map((take) => ({ take, view: takeCameraView(take), reference: buildReference(take, { kind: 'squat' }) }));
    const perTake = built.flatMap(({ take, view }) => {
      const others = built.filter((other) => other.take !== take && other.view === view);
      return others.length === 0 ? [] : [mean(others.map((other) => judged(scoreTake(other.reference, take))))];
    });
    expect(perTake.length).toBeGreaterThanOrEqual(5);
    expect(mean(perTake)).toBeGreaterThanOrEqual(0.75);
  });

  it('scores each real squat of other people and cameras at least 30 points lower under the catalogue forward lunge, in the perspective it is filmed from', () => {
    const drops = labels
      .filter((label) => label.movement === 'squat' && !label.form)
      .map((label) => {
        const take = readTake(join(FOLDER, label.take));
        const view = filmedFrom(take);
        return judged(scoreTake(demoReference('squat', view), take)) - judged(scoreTake(demoReference('lunge', view), take));
      });
    expect(drops.length).toBeGreaterThanOrEqual(4);
    // Today 64 points on average, the least 34: a take of shallow squats filmed facing, 64% as a
    // squat. Against the side clip, which the front perspective used before, it scored 56% and
    // the least drop was 26.
    expect(mean(drops)).toBeGreaterThanOrEqual(0.5);
    expect(Math.min(...drops)).toBeGreaterThanOrEqual(0.3);
  });

  it('scores real push-ups against the generated catalogue push-up 70% or more on average, half depth at least 25 points lower', () => {
    const rows = scores('pushup', 'push-up');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Today 78%: 88% and 69%. The second student is small and far, filmed from above, and the pose
    // model misreads his legs: his body line reads -98 to +25° and jumps from frame to frame. While
    // those misread joints were judged he scored 41% ("Hips pike about 30°"), the mean 65%; now a
    // joint read that unsteadily in a rep is left out of it and named. At half depth (every frame
    // moved halfway to his rest frame), his body line is lost or misread in most reps: not judged, and said so.
    expect(mean(rows.map((row) => judged(row.full)))).toBeGreaterThanOrEqual(0.7);
    const halves = rows.filter((row) => row.half.score !== null);
    expect(halves.length).toBeGreaterThanOrEqual(1);
    expect(mean(halves.map((row) => judged(row.full) - judged(row.half)))).toBeGreaterThanOrEqual(0.25);
    for (const row of rows.filter((each) => each.half.score === null)) {
      expect(row.take).toBe('takes/repcount-stu8_45.json');
      expect(row.half.feedback[0]).toMatch(/^Form not judged: your [a-z, ]+ were out of the picture or hard to make out in \d+ of \d+ reps: /);
    }
  });

  it("leaves out only misread joints: no bad PushFit push-up escapes a fault that way, and a student's misread legs are named", () => {
    const bad = pushFitRows().filter((row) => row.form === 'bad');
    expect(bad.length).toBeGreaterThanOrEqual(30);
    // Sagging and piked hips, knees dropping to the floor mid-rep: real faults read steadily, so every
    // joint of every rep is judged, under either push-up.
    for (const row of bad) {
      const take = readTake(join(FOLDER, 'takes/pushfit', row.take!));
      for (const motion of ['pushup', 'knee-pushup'] as const) {
        const unsteady = scoreTake(demoReference(motion, 'side'), take).reps.flatMap((rep) => rep.unsteady ?? []);
        expect(unsteady, `${row.take} under ${motion}`).toEqual([]);
      }
    }
    const student = scoreTake(demoReference('pushup', 'side'), readTake(join(FOLDER, 'takes/repcount-stu8_45.json')));
    expect(student.feedback[0]).toMatch(/^Your hips and knees were hard to make out in reps [\d, -]+ and were not judged there: film closer/);
  });

  it("scores real push-ups on the toes (PushFit's good ones) at least 30 points lower under the catalogue knee push-up, saying they are off the floor, or that what tells them apart was not seen", () => {
    const good = pushFitRows().filter((row) => row.form === 'good');
    expect(good.length).toBeGreaterThanOrEqual(30);
    const rows = good.map((row) => {
      const pushUp = readTake(join(FOLDER, 'takes/pushfit', row.take!));
      const own = scoreTake(demoReference('pushup', 'side'), pushUp);
      const wrong = scoreTake(demoReference('knee-pushup', 'side'), pushUp);
      return { take: row.take!, own, wrong };
    });
    // Today 49 points on average, each of the 30 judged under both 31 or more. Two show neither
    // knees nor ankles: their body line is not seen, and neither push-up judges them (they scored
    // 100% under both before the knees told the variants apart, then 100% and 50%). Two more are
    // misread where the knee push-up is decided, the line to the knees jumping from frame to frame.
    const both = rows.filter((row) => row.own.score !== null && row.wrong.score !== null);
    const drops = both.map((row) => judged(row.own) - judged(row.wrong));
    expect(both.length).toBeGreaterThanOrEqual(28);
    expect(mean(drops)).toBeGreaterThanOrEqual(0.45);
    expect(Math.min(...drops)).toBeGreaterThanOrEqual(0.3);
    const unseen = rows.filter((row) => row.own.score === null);
    expect(unseen.map((row) => row.take)).toEqual(['pushfit-correct132.json', 'pushfit-correct135.json']);
    for (const row of unseen) {
      expect(row.own.feedback[0]).toMatch(/^Form not judged: your knees and ankles were out of the picture in/);
      expect(row.wrong.score, row.take).toBeNull();
    }
    const onToes = scoreTake(demoReference('knee-pushup', 'side'), readTake(join(FOLDER, 'takes/pushfit/pushfit-correct14.json')));
    expect(onToes.feedback.join(' ')).toMatch(/Knees about \d+° higher than the reference's .*, off the floor: this movement is done on the knees/);
  });
});
