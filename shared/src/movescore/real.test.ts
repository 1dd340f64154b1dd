/**
 * Movescore on recordings of real people. The MIT squat clip lives in the repository and always
 * runs; the other real takes are read from ../shared/data/real-motion (or $MOVELAB_REAL_MOTION)
 * and those tests skip, visibly, when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReference, countReps, LiveRepCounter, parseTake, scoreTake, type TTake } from './index.js';

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
});

const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
const hasFolder = existsSync(join(FOLDER, 'labels.json'));
type TLabel = {
  take: string;
  movement: string;
  reps: number;
  form?: 'good' | 'bad';
};

describe.skipIf(!hasFolder)('real-motion (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];

  it('ranks good front raises above bad ones against a reference of a good one', () => {
    const raises = labels.filter((label) => label.movement.includes('raise') && label.form);
    const [first, ...rest] = raises.filter((label) => label.form === 'good');
    const reference = buildReference(readTake(join(FOLDER, first!.take)), {
      kind: 'front-raise',
    });
    const score = (label: TLabel) => scoreTake(reference, readTake(join(FOLDER, label.take))).score;
    const good = rest.map(score);
    const bad = raises.filter((label) => label.form === 'bad').map(score);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(good)).toBeGreaterThan(mean(bad) + 0.2);
  });
});
