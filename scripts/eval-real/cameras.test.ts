/**
 * The engine on any camera, on recordings of real people: each take tilted,
 * far away, mirrored and at 15 frames a second (cameras.ts) must give the counts the untouched
 * take gives, and scores within 5 points. The MIT goblet squat lives in the repository and
 * always runs; the other real takes are read from ../shared/data/real-motion (or
 * $MOVELAB_REAL_MOTION) and those tests skip, visibly, when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildReference, FEATURE_INDEX, LiveRepCounter, parseTake, scoreTake, takeFeatures, type TTake } from '@movelab/shared/movescore/index';
import { median } from '@movelab/shared/movescore/numbers';
import { CAMERAS, farAway, mirrored, tilted } from './cameras.js';
import { cameraAnswer, compareAnswers, type TCameraCase } from './camera-figures.js';
import { readLabels, realMotionFolder } from './labels.js';
import { kindOf } from './names.js';
import { catalogueReference } from './references.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));
const goblet = readTake(join(root, 'gateway/assets/motion/squat_side_goblet_2reps.json'));

/** Every camera's answer on a case against the untouched take's, as eval:real figures it: a failure names the camera and the take. */
function expectSameOnEveryCamera(entry: TCameraCase): void {
  const plain = cameraAnswer(entry, entry.data);
  for (const camera of CAMERAS) {
    const variant = cameraAnswer(entry, camera.apply(entry.data));
    const { isSameCount, isWithin } = compareAnswers(plain, variant);
    const what = `${entry.take} ${camera.name}: counts ${plain.counts.join(' ')} -> ${variant.counts.join(' ')}, score ${plain.score} -> ${variant.score}`;
    expect(isSameCount, what).toBe(true);
    expect(isWithin, what).toBe(true);
  }
}

describe('camera variants of a take', () => {
  const frame = goblet.frames.find((candidate) => candidate.keypoints.length === 17)!;
  const point = (take: TTake, name: string) => take.frames[goblet.frames.indexOf(frame)]!.keypoints.find((keypoint) => keypoint.name === name)!;

  it('turns the picture about its centre and back, mirrors with the sides renamed, and shrinks the person to a third of the height', () => {
    const back = tilted(tilted(goblet, 10), -10);
    expect(point(back, 'left_knee').x).toBeCloseTo(point(goblet, 'left_knee').x, 6);
    expect(point(back, 'left_knee').y).toBeCloseTo(point(goblet, 'left_knee').y, 6);
    const mirror = mirrored(goblet);
    expect(point(mirror, 'right_knee').x).toBeCloseTo(goblet.width - point(goblet, 'left_knee').x, 6);
    expect(point(mirror, 'nose').x).toBeCloseTo(goblet.width - point(goblet, 'nose').x, 6);
    expect(point(mirrored(goblet, false), 'left_knee').x).toBeCloseTo(goblet.width - point(goblet, 'left_knee').x, 6);
    const far = farAway(goblet);
    const ys = far.frames[goblet.frames.indexOf(frame)]!.keypoints.map((keypoint) => keypoint.y);
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(goblet.height / 3 + 1);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(goblet.height / 4);
  });
});

describe('real motion on any camera: the MIT goblet squat (in the repository)', () => {
  const reference = buildReference(goblet, { kind: 'squat' });

  it('counts the same reps and scores within 5 points tilted ±5° and ±10°, far away, mirrored and at 15 frames/s', () => {
    expectSameOnEveryCamera({ take: 'goblet', data: goblet, kind: 'squat', catalogue: null, others: [reference] });
  });

  it("reads the trunk's lean and the knees' heights as on a level camera, the camera's roll told from the standing body", () => {
    const medianOf = (take: TTake, feature: 'trunk' | 'knee_gap') =>
      median([...takeFeatures(take).values[FEATURE_INDEX[feature]]!].filter((value) => !Number.isNaN(value)));
    for (const degrees of [-10, -5, 5, 10]) {
      expect(medianOf(tilted(goblet, degrees), 'trunk')).toBeCloseTo(medianOf(goblet, 'trunk'), 0);
      expect(medianOf(tilted(goblet, degrees), 'knee_gap')).toBeCloseTo(medianOf(goblet, 'knee_gap'), 0);
    }
  });

  it('counts live, frame by frame, as the saved result does on a tilted camera', () => {
    for (const degrees of [-10, 10]) {
      const take = tilted(goblet, degrees);
      const counter = new LiveRepCounter(reference, take);
      for (const frame of take.frames) counter.push(frame);
      expect(counter.count).toBe(scoreTake(reference, take).repCount);
      expect(counter.count).toBe(2);
    }
  });
});

const folder = realMotionFolder();
const hasFolder = existsSync(join(folder, 'labels.json'));

describe.skipIf(!hasFolder)('real motion on any camera (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? readLabels(folder, 'labels.json')! : [];

  it('counts every squat take of labels.json the same and scores it within 5 points against the catalogue on every camera', () => {
    const squats = labels.filter((label) => label.form === undefined && kindOf(label.movement) === 'squat');
    expect(squats.length).toBeGreaterThanOrEqual(5);
    for (const label of squats) {
      const data = readTake(join(folder, label.take));
      expectSameOnEveryCamera({ take: label.take, data, kind: 'squat', catalogue: catalogueReference('squat', data, label.view), others: [] });
    }
  }, 120_000);

  it('scores every PushFit validate push-up the same mirrored, its sides renamed or not, against the catalogue', () => {
    const csv = readFileSync(join(folder, 'takes/pushfit/labels.csv'), 'utf8').trim().split(/\r?\n/);
    const validate = csv.filter((line) => line.endsWith(',validate')).map((line) => `takes/pushfit/${line.split(',')[0]}`);
    expect(validate.length).toBeGreaterThanOrEqual(20);
    for (const take of validate) {
      const data = readTake(join(folder, take));
      const entry = { take, data, kind: 'push-up' as const, catalogue: catalogueReference('push-up', data, 'side'), others: [] };
      const plain = cameraAnswer(entry, data);
      for (const variant of [mirrored(data), mirrored(data, false)]) expect(cameraAnswer(entry, variant), take).toEqual(plain);
    }
  }, 120_000);

  // Not yet: tilted, a push-up's knee_lift reads the tilt (10° costs up to 30 points), and the
  // floor told from the body turns real push-ups against the generated catalogue's (camera-roll.ts).
  it.todo('scores PushFit push-ups within 5 points on a camera tilted ±5° and ±10°');
});
