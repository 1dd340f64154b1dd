/**
 * Real people's reps against the demo catalogue's references, as a newcomer's first analysis
 * scores them. The MIT goblet-squat clip ships with the gateway and always runs; the other real
 * takes are read from ../shared/data/real-motion (or $MOVELAB_REAL_MOTION) and those tests
 * skip, visibly, when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildReference,
  parseTake,
  referenceViewError,
  scoreTake,
  takeCameraView,
  type TMovementKind,
  type TTake,
} from '@movelab/shared/movescore/index';
import { FEATURE_INDEX, takeFeatures } from '@movelab/shared/movescore/features';
import { median, robustRange } from '@movelab/shared/movescore/numbers';
import { shallower } from '../../scripts/eval-real/half-depth.js';
import { demoReference } from '../src/seed.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** A result's score where its form was judged (none of these real squats and good push-ups is left unjudged but where said). */
const judged = (result: { score: number | null; feedback: string[] }): number => {
  if (result.score === null) throw new Error(`not judged: ${result.feedback[0]}`);
  return result.score;
};

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

const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
const hasFolder = existsSync(join(FOLDER, 'labels.json'));

/** PushFit's labelled takes (takes/pushfit/labels.csv), a row each, its columns by name. */
function pushFitRows(): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(FOLDER, 'takes/pushfit/labels.csv'), 'utf8').trim().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i]!, value])));
}

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
type TLabel = { take: string; movement: string; view?: string; form?: string };

describe.skipIf(!hasFolder)('real reps against the catalogue (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];
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

describe.skipIf(!hasFolder)('a movement the engine has no definition for, as "Other" (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];

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

describe.skipIf(!hasFolder)("the shoulder press's counting signal on real arms (needs ../shared/data/real-motion)", () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];

  // A press is counted on the upper arm's raise read from the elbow's height over the trunk
  // (`arm_raise`), which a camera at any side sees alike. Pose Trainer's front raises, filmed from
  // the side, move the arm in the picture's plane, where its angle from hanging shows directly
  // (`upper_arm`): there the two must agree, on other people's real keypoints.
  it("reads the upper arm's raise from the elbow's height as Pose Trainer's real front raises show it in the picture", () => {
    const differences: number[] = [];
    const ranges: number[] = [];
    for (const label of labels.filter((row) => row.movement === 'front-raise' && row.form === 'good')) {
      const { values } = takeFeatures(readTake(join(FOLDER, label.take)));
      const [raise, inPicture] = [values[FEATURE_INDEX.arm_raise]!, values[FEATURE_INDEX.upper_arm]!];
      raise.forEach((value, i) => {
        if (Number.isFinite(value) && Number.isFinite(inPicture[i]!)) differences.push(Math.abs(value - inPicture[i]!));
      });
      ranges.push(robustRange(raise));
    }
    expect(ranges.length).toBe(15);
    // Today a median of 1.8° over every frame, and every take raises its arm 77° or more.
    expect(median(differences)).toBeLessThanOrEqual(5);
    expect(Math.min(...ranges)).toBeGreaterThanOrEqual(60);
  });
});

describe.skipIf(!hasFolder)("the shrug's counting signal on real shoulders (needs ../shared/data/real-motion)", () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];
  const good = (movement: string) => labels.filter((row) => row.movement === movement && row.form === 'good').map((row) => row.take);

  // A shrug is counted on the shoulders' rise towards the ears (`neck`). No real shrug is in the
  // data, but the pose model's shoulders rise in real front raises (the shoulder blades lift with
  // the arm) and hold still in real curls: the signal must show the one and not the other.
  it("holds still through Pose Trainer's good curls and rises in every good front raise, counted once under another person's", () => {
    const neck = (take: string) => takeFeatures(readTake(join(FOLDER, take))).values[FEATURE_INDEX.neck]!;
    const seenMostly = (column: Float64Array) => column.filter(Number.isFinite).length >= 0.6 * column.length;
    const still = good('bicep-curl').map(neck).filter(seenMostly).map(robustRange);
    expect(still.length).toBeGreaterThanOrEqual(2);
    // Today 1.8° and 2.9° over the whole take, the forearms curling.
    expect(Math.max(...still)).toBeLessThanOrEqual(5);
    const raises = good('front-raise');
    const rises = raises.map((take) => robustRange(neck(take)));
    // Today 15-29° (the curls' noise ten times over).
    expect(Math.min(...rises)).toBeGreaterThanOrEqual(12);
    // Each raise counted under a shrug reference from every other raise that yields one.
    const counts: number[] = [];
    for (const from of raises) {
      let reference;
      try {
        reference = buildReference(readTake(join(FOLDER, from)), { kind: 'shrug' });
      } catch {
        continue;
      }
      for (const take of raises.filter((other) => other !== from)) counts.push(scoreTake(reference, readTake(join(FOLDER, take))).repCount);
    }
    // Today 156 of 182 pairs count one, the rest none (two raises whose shoulders come down little); never more.
    expect(counts.filter((count) => count === 1).length).toBeGreaterThanOrEqual(0.8 * counts.length);
    expect(Math.max(...counts)).toBe(1);
  });
});
