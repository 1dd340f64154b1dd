/**
 * Movescore on recordings of real people. The MIT squat clip lives in the repository and always
 * runs; the other real takes are read from ../shared/data/real-motion (or $MOVELAB_REAL_MOTION)
 * and those tests skip, visibly, when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildReference,
  countReps,
  LiveRepCounter,
  parseTake,
  referencePostureError,
  referenceViewError,
  scoreTake,
  type TMovementKind,
  type TTake,
} from './index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));
const goblet = readTake(join(ROOT, 'gateway/assets/motion/squat_side_goblet_2reps.json'));

describe('real motion: side-view goblet squats (MIT clip, in the repository)', () => {
  it('builds a squat reference from it although the arms move more than the knees, and counts its 2 reps', () => {
    const reference = buildReference(goblet, { kind: 'squat' });
    expect(reference.primary).toBe('knee');
    expect(reference.features).not.toContain('elbow');
    expect(reference.features).not.toContain('shoulder');
    expect(scoreTake(reference, goblet).repCount).toBe(2);
    expect(countReps(goblet, 'squat')).toHaveLength(2);
  });

  it('counts the same reps live, frame by frame, as offline, and scores them high', () => {
    const reference = buildReference(goblet, { kind: 'squat' });
    const counter = new LiveRepCounter(reference, goblet);
    const scores: number[] = [];
    for (const frame of goblet.frames) {
      const update = counter.push(frame);
      if (update.rep) scores.push(update.rep.score);
    }
    expect(counter.count).toBe(scoreTake(reference, goblet).repCount);
    expect(scores).toHaveLength(2);
    for (const score of scores) expect(score).toBeGreaterThan(0.7);
  });

  it('counts its 2 squats as "Other" too, with no definition, though each is held 8 s at the bottom (more time there than standing)', () => {
    expect(countReps(goblet, 'custom')).toHaveLength(2);
    const bottoms = countReps(goblet, 'squat').map((rep) => rep.peakMs);
    const step = 1000 / goblet.fps;
    const frames: TTake['frames'] = [];
    let shift = 0;
    for (const frame of goblet.frames) {
      frames.push({ ...frame, t: frame.t + shift });
      if (!bottoms.some((bottom) => frame.t <= bottom && bottom < frame.t + step)) continue;
      for (let held = step; held <= 8000; held += step) frames.push({ ...frame, t: frame.t + shift + held });
      shift += 8000;
    }
    const heldAtBottom = { ...goblet, frames };
    // Which end is rest is not known to "Other": the end the reps go out from and come back to.
    expect(countReps(heldAtBottom, 'custom')).toHaveLength(2);
    expect(scoreTake(buildReference(heldAtBottom), heldAtBottom).repCount).toBe(2);
  });
});

const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
const hasFolder = existsSync(join(FOLDER, 'labels.json'));
type TLabel = {
  take: string;
  movement: string;
  form?: 'good' | 'bad';
};

describe.skipIf(!hasFolder)('real-motion (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];

  /** The mean of the scores of the results that judge the form (a take not judged is not ranked; NaN: none judged). */
  const judgedMean = (scores: readonly (number | null)[]) => {
    const judged = scores.filter((score) => score !== null);
    return judged.length > 0 ? judged.reduce((sum, score) => sum + score, 0) / judged.length : Number.NaN;
  };
  /** Probability that a good take scores above a bad one (ties count half), over the takes judged. */
  const aucOf = (goodScores: (number | null)[], badScores: (number | null)[]) => {
    const [good, bad] = [goodScores, badScores].map((scores) => scores.filter((score) => score !== null && !Number.isNaN(score)) as number[]);
    let wins = 0;
    for (const g of good) for (const b of bad) wins += g > b ? 1 : g === b ? 0.5 : 0;
    return wins / (good.length * bad.length);
  };

  /** AUC of good over bad form: each labelled take scored against references built from the other good takes. */
  const formAuc = (movement: string, kind: TMovementKind) => {
    const labelled = labels.filter((label) => label.movement === movement && label.form);
    const takes = new Map(labelled.map((label) => [label.take, readTake(join(FOLDER, label.take))]));
    const references = labelled
      .filter((label) => label.form === 'good')
      .map((label) => ({ take: label.take, reference: buildReference(takes.get(label.take), { kind }) }));
    const score = (label: TLabel) => {
      const others = references.filter((entry) => entry.take !== label.take);
      return judgedMean(others.map((entry) => scoreTake(entry.reference, takes.get(label.take)).score));
    };
    const good = labelled.filter((label) => label.form === 'good').map(score);
    const bad = labelled.filter((label) => label.form === 'bad').map(score);
    expect([...good, ...bad].every((value) => !Number.isNaN(value))).toBe(true);
    // One reference alone, as an admin records it, on every other take.
    const single = references.map((entry) => {
      const scored = (form: string) =>
        labelled
          .filter((label) => label.form === form && label.take !== entry.take)
          .map((label) => scoreTake(entry.reference, takes.get(label.take)).score);
      return aucOf(scored('good'), scored('bad'));
    });
    return { auc: aucOf(good, bad), pairs: good.length * bad.length, leastSingle: Math.min(...single) };
  };

  it('ranks good front raises above bad ones (back swinging, not raised to shoulder height): AUC at least 0.85, and at least 0.85 with any one reference', () => {
    const { auc, pairs, leastSingle } = formAuc('front-raise', 'front-raise');
    expect(pairs).toBeGreaterThan(50);
    expect(auc).toBeGreaterThanOrEqual(0.85);
    // 0.77 when a raise's range counted from where the person started: a reference raised to
    // 86° let raises that stopped at 73-77° through; 0.846 with the trunk's and the elbow's bands
    // at 8° and 15°, which let a swinging back through (learned from real people: 3.3° and 3.4°).
    expect(leastSingle).toBeGreaterThanOrEqual(0.85);
    // Every take scored against every reference: room for a loaded machine, not a timing assertion.
  }, 60_000);

  it('ranks good curls above bad ones (upper arm swinging, partial curl): AUC at least 0.85, and at least 0.9 with any one reference', () => {
    const { auc, pairs, leastSingle } = formAuc('bicep-curl', 'curl');
    expect(pairs).toBeGreaterThan(30);
    expect(auc).toBeGreaterThanOrEqual(0.85);
    // 0.75 when a curl's range counted from where the person started: a reference that curls
    // from 125° let a partial curl from a straight arm through; 0.80 with the upper arm's band
    // at 10°, where real people's good curls differ by 4° at most in nine pairs of ten.
    expect(leastSingle).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  /** PushFit's push-ups: take, form and the person doing it (labels.csv). */
  const pushFit = () => {
    const [header, ...lines] = readFileSync(join(FOLDER, 'takes/pushfit/labels.csv'), 'utf8').trim().split('\n');
    const columns = header!.split(',');
    return lines.map((line) => {
      const row = Object.fromEntries(line.split(',').map((value, index) => [columns[index]!, value]));
      return { form: row.form!, person: row.person!, take: readTake(join(FOLDER, 'takes/pushfit', row.take!)) };
    });
  };

  it('ranks good push-ups above bad ones (sagging or piked hips, half reps, knees down), each against references of other people: AUC at least 0.70', () => {
    const takes = pushFit();
    const references = takes
      .filter((entry) => entry.form === 'good')
      .flatMap((entry) => {
        try {
          return [{ person: entry.person, reference: buildReference(entry.take, { kind: 'push-up' }) }];
        } catch {
          return [];
        }
      });
    const score = (entry: (typeof takes)[number]) => {
      const others = references.filter((built) => built.person !== entry.person);
      return judgedMean(others.map((built) => scoreTake(built.reference, entry.take).score));
    };
    // Two good takes whose legs are out of the picture are not judged, and not ranked.
    const good = takes
      .filter((entry) => entry.form === 'good')
      .map(score)
      .filter((value) => !Number.isNaN(value));
    const bad = takes
      .filter((entry) => entry.form === 'bad')
      .map(score)
      .filter((value) => !Number.isNaN(value));
    expect(good.length * bad.length).toBeGreaterThan(1000);
    // 0.66 when only the elbow's range and the hip's and knee's movement counted; the target is 0.85.
    expect(aucOf(good, bad)).toBeGreaterThanOrEqual(0.7);
    expect(good.reduce((sum, value) => sum + value, 0) / good.length).toBeGreaterThanOrEqual(0.7);
  }, 60_000);

  it("refuses as references the push-ups whose body line reads bent or whose held posture changes within a rep (most bad ones, two good ones misread), and every good one it keeps ranks other people's good push-ups above their bad ones", () => {
    const takes = pushFit().map((entry) => ({ ...entry, reference: buildReference(entry.take, { kind: 'push-up' }) }));
    // As the admin's capture does for a side perspective: first the camera's view, then the posture.
    const sideOn = takes.filter((entry) => referenceViewError('side', entry.take) === null);
    const refused = (form: string) => sideOn.filter((entry) => entry.form === form && referencePostureError(entry.reference) !== null);
    expect(refused('bad').length / sideOn.filter((entry) => entry.form === 'bad').length).toBeGreaterThanOrEqual(0.7);
    // PushFit 38 (read piked 20°, knees at 90°) and 16 (its knees read 96-176° within its one rep).
    expect(refused('good').length).toBeLessThanOrEqual(2);
    const kept = sideOn.filter((entry) => entry.form === 'good' && referencePostureError(entry.reference) === null);
    expect(kept.length).toBeGreaterThanOrEqual(25);
    const single = kept.map((built) => {
      const scored = (form: string) =>
        takes.filter((entry) => entry.form === form && entry.person !== built.person).map((entry) => scoreTake(built.reference, entry.take).score);
      return aucOf(scored('good'), scored('bad'));
    });
    // 0.66 with the good push-up whose pose reads piked 20° (its knees at 90°) as a reference,
    // 0.80 with the one whose knees read 96-176° in its rep; 0.85 (rounded) today, the target.
    expect(Math.min(...single)).toBeGreaterThanOrEqual(0.84);
  }, 120_000);

  it("judges the body line against a straight one too: one real good push-up whose own hips sag a little (about 7°) ranks other people's good push-ups above their bad ones, AUC at least 0.8", () => {
    const takes = pushFit();
    const reference = buildReference(readTake(join(FOLDER, 'takes/pushfit/pushfit-correct131.json')), { kind: 'push-up' });
    const others = takes.filter((entry) => entry.person !== 'hd_blue_mat_man');
    const good = others.filter((entry) => entry.form === 'good').map((entry) => scoreTake(reference, entry.take).score);
    const bad = others.filter((entry) => entry.form === 'bad').map((entry) => scoreTake(reference, entry.take).score);
    // 0.59 when the body line was compared with this reference's alone: sagging hips a little
    // further down than its own went free.
    expect(aucOf(good, bad)).toBeGreaterThanOrEqual(0.8);
    // And the sag is told from straight: "about 10°" when told from this reference's own sag.
    const sagging = scoreTake(reference, readTake(join(FOLDER, 'takes/pushfit/pushfit-wrong30.json')));
    const said = /^Hips sag about (\d+)° (?:at the bottom|on the way (?:down|up)): keep your body in a straight line$/m.exec(
      sagging.feedback.join('\n'),
    );
    expect(Number(said?.[1])).toBeGreaterThanOrEqual(15);
  }, 60_000);

  it("names sagging and piked hips of other people's push-ups against one real good push-up", () => {
    const reference = buildReference(readTake(join(FOLDER, 'takes/pushfit/pushfit-correct36.json')), { kind: 'push-up' });
    const sagging = scoreTake(reference, readTake(join(FOLDER, 'takes/pushfit/pushfit-wrong33.json')));
    expect(sagging.feedback.join('\n')).toMatch(/^Hips sag about \d+° (at the bottom|on the way (down|up)): keep your body in a straight line$/m);
    const piked = scoreTake(reference, readTake(join(FOLDER, 'takes/pushfit/pushfit-wrong24.json')));
    expect(piked.feedback.join('\n')).toMatch(/^Hips pike about \d+° (at the bottom|on the way (down|up)): keep your body in a straight line$/m);
    const good = scoreTake(reference, readTake(join(FOLDER, 'takes/pushfit/pushfit-correct14.json')));
    expect(good.feedback).toEqual(['Close to the reference: keep it up']);
    expect(sagging.score).toBeLessThan(good.score);
    expect(piked.score).toBeLessThan(sagging.score);
  });

  it('names the fault of a curl with a swinging upper arm in plain words, and of a partial curl', () => {
    const reference = buildReference(readTake(join(FOLDER, 'takes/posetrainer-bicep_good_1.json')), { kind: 'curl' });
    const swinging = scoreTake(reference, readTake(join(FOLDER, 'takes/posetrainer-bicep_bad_6.json')));
    expect(swinging.feedback.join(' ')).toMatch(/Keep your upper arms still: they swing about \d+° more than the reference/);
    expect(swinging.reps[0]!.fault).toMatch(
      /^Keep your upper arms still: they swing about \d+° more than the reference (at the top|on the way (down|up))$/,
    );
    const partial = scoreTake(reference, readTake(join(FOLDER, 'takes/posetrainer-bicep_bad_10.json')));
    expect(partial.feedback.join(' ')).toMatch(/Go about \d+° further/);
    expect(partial.score).toBeLessThan(0.6);
  });
});
