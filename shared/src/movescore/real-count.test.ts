/**
 * Rep counting on recordings of real people. The MIT goblet-squat clip lives in the repository
 * and always runs; the labelled RepCount takes are read from ../shared/data/real-motion (or
 * $MOVELAB_REAL_MOTION: labels.json, and labels-any-movement.json for movements the catalogue
 * lacks) and those tests skip, visibly, when the folder is absent.
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
  scoreTake,
  type TMovementKind,
  type TReference,
  type TTake,
} from './index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));

/** The count of a take frame by frame through the live counter. */
function liveCount(reference: TReference, take: TTake): number {
  const counter = new LiveRepCounter(reference, take);
  for (const frame of take.frames) counter.push(frame);
  return counter.count;
}

describe('real counting: side-view goblet squats (MIT clip, in the repository)', () => {
  const goblet = readTake(join(ROOT, 'gateway/assets/motion/squat_side_goblet_2reps.json'));

  it('counts its 2 reps after 9 s of standing, with its own range and against a reference, live as offline', () => {
    expect(countReps(goblet, 'squat')).toHaveLength(2);
    const reference = buildReference(goblet, { kind: 'squat' });
    expect(scoreTake(reference, goblet).repCount).toBe(2);
    expect(liveCount(reference, goblet)).toBe(2);
  });

  it('counts the reps of the clip cut to start mid-rep and to end mid-rep', () => {
    const reps = countReps(goblet, 'squat');
    const [first, second] = reps;
    // From the bottom of the first rep: that rep's way up is not a rep, the second one is.
    const fromBottom = { ...goblet, frames: goblet.frames.filter((frame) => frame.t >= first!.peakMs) };
    expect(countReps(fromBottom, 'squat')).toHaveLength(1);
    // Ending on the second rep's way up, before it is mostly back: only the first rep.
    const cutMs = second!.peakMs + (second!.endMs - second!.peakMs) / 3;
    const toMidRep = { ...goblet, frames: goblet.frames.filter((frame) => frame.t <= cutMs) };
    expect(countReps(toMidRep, 'squat')).toHaveLength(1);
  });

  it('counts on the hips, says so and what is out of view, and judges no form, when the legs are not seen', () => {
    const legs = new Set(['left_knee', 'right_knee', 'left_ankle', 'right_ankle']);
    const noLegs = { ...goblet, frames: goblet.frames.map((frame) => ({ ...frame, keypoints: frame.keypoints.filter((k) => !legs.has(k.name)) })) };
    const reference = buildReference(goblet, { kind: 'squat' });
    const result = scoreTake(reference, noLegs);
    expect([result.repCount, liveCount(reference, noLegs)]).toEqual([2, 2]);
    expect(result.countedOn).toBe('hips');
    expect(result.score).toBeNull();
    expect(result.outOfView).toEqual(['knees', 'ankles']);
    expect(result.feedback).toContain('Counted on your hips: your knees and ankles were out of the picture');
  });
});

const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
const hasFolder = existsSync(join(FOLDER, 'labels.json'));
type TLabel = { take: string; movement: string; reps: number; form?: 'good' | 'bad' };
const KINDS: Readonly<Record<string, TMovementKind>> = { squat: 'squat', pushup: 'push-up', 'jumping-jack': 'jumping-jack' };

describe.skipIf(!hasFolder)('real counting: labelled RepCount takes (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];
  const counted = labels.filter((label) => label.form === undefined && KINDS[label.movement]);
  const takes = new Map(counted.map((label) => [label.take, readTake(join(FOLDER, label.take))]));
  const errors = new Map(counted.map((label) => [label.take, countReps(takes.get(label.take)!, KINDS[label.movement]!).length - label.reps]));

  it.each(counted.map((label) => [label.take, label.reps] as const))('%s: counts its %i reps within one, from its own range', (take) => {
    expect(Math.abs(errors.get(take)!)).toBeLessThanOrEqual(1);
  });

  it('counts most takes exactly, with a small mean error', () => {
    expect(counted.length).toBeGreaterThanOrEqual(10);
    const values = [...errors.values()];
    const exact = values.filter((error) => error === 0).length / values.length;
    const withinOne = values.filter((error) => Math.abs(error) <= 1).length / values.length;
    const mae = values.reduce((sum, error) => sum + Math.abs(error), 0) / values.length;
    // The targets are 90% exact, all within one and MAE 0.15; these guard the figures reached (README).
    expect(exact).toBeGreaterThanOrEqual(0.9);
    expect(withinOne).toBe(1);
    expect(mae).toBeLessThanOrEqual(0.1);
  });

  it('counts the same live, frame by frame, as offline against a reference built from the take', () => {
    for (const label of counted) {
      const take = takes.get(label.take)!;
      const reference = buildReference(take, { kind: KINDS[label.movement]! });
      expect(liveCount(reference, take), label.take).toBe(scoreTake(reference, take).repCount);
    }
  });
});

describe.skipIf(!hasFolder)('real counting as "Other": every labelled take, with no definition (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];

  it('counts squats, push-ups, jumping jacks, curls and front raises on the joint each take moves most, as a movement the catalogue lacks is counted: 90% exactly, 95% within one', () => {
    // Pose Trainer's curls, one rep each, are filmed from the chest up (no hips, the elbow seen
    // in about half the frames) and some hold the top longer than the bottom.
    const errors = labels.map((label) => countReps(readTake(join(FOLDER, label.take)), 'custom').length - label.reps);
    expect(errors.length).toBeGreaterThanOrEqual(50);
    expect(errors.filter((error) => error === 0).length / errors.length).toBeGreaterThanOrEqual(0.9);
    expect(errors.filter((error) => Math.abs(error) <= 1).length / errors.length).toBeGreaterThanOrEqual(0.95);
  });
});

const ANY_MOVEMENT = join(FOLDER, 'labels-any-movement.json');
const hasAnyMovement = existsSync(ANY_MOVEMENT);
if (!hasAnyMovement)
  console.warn(`real counting from one demonstration skipped: no ${ANY_MOVEMENT} (the real-motion folder; set MOVELAB_REAL_MOTION)`);

/**
 * The figures `npm run eval:real` reached counting each movement from one demonstration: an
 * admin's "Other" reference from each take, the movement's other takes counted against it. MAE is
 * the mean absolute count error over the true count; OBO the share of takes within one rep.
 * Guards against a regression (today's figure and a small margin), not targets (MAE at most 0.20
 * and OBO at least 70% each: not reached).
 */
const FROM_ONE_DEMONSTRATION = [
  { movement: 'pull-up', mae: 0.23, obo: 0.5 },
  { movement: 'sit-up', mae: 0.09, obo: 0.92 },
  { movement: 'bench press', mae: 0.71, obo: 0.67 },
  { movement: 'all', mae: 0.34, obo: 0.69 },
];

describe.skipIf(!hasAnyMovement)(
  'real counting from one demonstration: movements the catalogue lacks, as "Other" (needs ../shared/data/real-motion)',
  () => {
    const labels = hasAnyMovement ? (JSON.parse(readFileSync(ANY_MOVEMENT, 'utf8')) as TLabel[]) : [];
    const takes = new Map(labels.map((label) => [label.take, readTake(join(FOLDER, label.take))]));
    /** Each take of the movement as the demonstration (one the admin's capture refuses gives none), every other take counted against it. */
    const counted = (movement: string) => {
      const own = labels.filter((label) => label.movement === movement);
      return own.flatMap((demo) => {
        const reference = buildReference(takes.get(demo.take)!, { kind: 'custom' });
        if (referencePostureError(reference)) return [];
        return own
          .filter((label) => label !== demo)
          .map((label) => {
            const take = takes.get(label.take)!;
            const found = scoreTake(reference, take).repCount;
            return { error: found - label.reps, reps: label.reps, live: liveCount(reference, take), found };
          });
      });
    };
    const byMovement = new Map(['pull-up', 'sit-up', 'bench press'].map((movement) => [movement, counted(movement)]));
    byMovement.set('all', [...byMovement.values()].flat());

    it('counts the same live, frame by frame, as offline against each demonstration', () => {
      const rows = [...byMovement.get('all')!];
      expect(rows.filter((row) => row.live !== row.found)).toEqual([]);
    });

    it.each(FROM_ONE_DEMONSTRATION)(
      '$movement from one demonstration: MAE at most $mae + 0.05, OBO at least $obo less one take',
      ({ movement, mae, obo }) => {
        const rows = byMovement.get(movement)!;
        // Four takes each: every one a demonstration the other three are counted against.
        expect(rows.length).toBe(movement === 'all' ? 36 : 12);
        expect(rows.reduce((sum, row) => sum + Math.abs(row.error) / row.reps, 0) / rows.length).toBeLessThanOrEqual(mae + 0.05);
        // One take either way is within the pose model's and the features' small changes (a
        // camera's roll turned back moves one sit-up take off by more than one).
        const withinOne = rows.filter((row) => Math.abs(row.error) <= 1).length;
        expect(withinOne).toBeGreaterThanOrEqual(Math.round(obo * rows.length) - 1);
      },
    );
  },
);
