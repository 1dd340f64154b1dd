/**
 * The camera's view told from real recordings of other people: the MIT goblet-squat clip (in the
 * repository, always runs) and, from ../shared/data/real-motion (or $MOVELAB_REAL_MOTION, skipped
 * visibly when absent), curls and push-ups their sources label side views and jumping jacks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cameraViewOf, FACING_SPREAD, referenceViewError, shoulderSpread, SIDE_ON_SPREAD, takeCameraView, viewAdvice } from './camera-view.js';
import { parseTake, type TFrame, type TKeypointName, type TTake } from './take.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));

const frame = (points: Partial<Record<TKeypointName, [number, number, number?]>>): TFrame => ({
  t: 0,
  keypoints: Object.entries(points).map(([name, [x, y, score]]) => ({ name: name as TKeypointName, x, y, score: score ?? 0.9 })),
});

describe('camera view', () => {
  it('measures the shoulders against the trunk, whatever the size in the picture, and not without confident points', () => {
    const facing = { left_shoulder: [260, 100], right_shoulder: [140, 100], left_hip: [240, 300], right_hip: [160, 300] } as const;
    expect(shoulderSpread(frame(facing))).toBeCloseTo(120 / 200, 6);
    const half = Object.fromEntries(Object.entries(facing).map(([name, [x, y]]) => [name, [x / 2, y / 2]])) as typeof facing;
    expect(shoulderSpread(frame(half))).toBeCloseTo(0.6, 6);
    expect(shoulderSpread(frame({ ...facing, right_hip: [160, 300, 0.1] }))).toBeNaN();
    expect(shoulderSpread(frame({ left_shoulder: [200, 100], right_shoulder: [205, 100], left_hip: [200, 300] }))).toBeNaN();
  });

  it('tells side-on from facing by the median, and says nothing in between or without a measure', () => {
    expect(cameraViewOf([0.1, 0.2, 3, Number.NaN, 0.3])).toBe('side');
    expect(cameraViewOf([0.9, 0.8, 0.1, 1.2])).toBe('facing');
    expect(cameraViewOf([(SIDE_ON_SPREAD + FACING_SPREAD) / 2])).toBeNull();
    expect(cameraViewOf([Number.NaN])).toBeNull();
    expect(cameraViewOf([])).toBeNull();
  });

  it("words the turn to make, while filming or about a take, only when the camera sees another side than the perspective's", () => {
    expect(viewAdvice('side', 'facing', 'live')).toBe('The camera sees you from the front: turn side-on to it, this movement is filmed from the side.');
    expect(viewAdvice('front', 'side', 'filmed')).toBe('Filmed side-on, where this movement is filmed from the front: film it facing the camera for a fair score.');
    expect(viewAdvice('back', 'side', 'filmed')).toBe('Filmed side-on, where this movement is filmed from behind: film it with your back to the camera for a fair score.');
    expect(viewAdvice('side', 'facing', 'filmed')).toBe('Filmed from the front, where this movement is filmed from the side: film it side-on for a fair score.');
    for (const [view, seen] of [
      ['side', 'side'],
      ['front', 'facing'],
      ['back', 'facing'],
      ['front', null],
      ['other', 'side'],
      ['other', 'facing'],
    ] as const) {
      expect(viewAdvice(view, seen, 'live'), `${view} seen ${seen}`).toBeNull();
      expect(viewAdvice(view, seen, 'filmed'), `${view} seen ${seen}`).toBeNull();
    }
  });

  it('sees the MIT goblet-squat clip (a real man filmed from the side) side-on', () => {
    expect(takeCameraView(readTake(join(ROOT, 'gateway/assets/motion/squat_side_goblet_2reps.json')))).toBe('side');
  });

  it("refuses the MIT clip as the reference of a front or back perspective and takes it for a side one or one of no named side", () => {
    const clip = readTake(join(ROOT, 'gateway/assets/motion/squat_side_goblet_2reps.json'));
    expect(referenceViewError('front', clip)).toBe(
      "This video is filmed side-on, where this perspective is filmed from the front: record it facing the camera, or change the perspective's view.",
    );
    expect(referenceViewError('back', clip)).toMatch(/^This video is filmed side-on, where this perspective is filmed from behind: record it with the back to the camera/);
    expect(referenceViewError('side', clip)).toBeNull();
    expect(referenceViewError('other', clip)).toBeNull();
  });
});

const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
const hasFolder = existsSync(join(FOLDER, 'labels.json')) && existsSync(join(FOLDER, 'takes/pushfit/labels.csv'));
type TLabel = { take: string; movement: string; view?: string };

describe.skipIf(!hasFolder)('camera view of other real people (needs ../shared/data/real-motion)', () => {
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];

  it("sees Pose Trainer's curls, labelled side views by their authors, side-on", () => {
    const curls = labels.filter((label) => label.movement === 'bicep-curl' && label.view === 'side');
    expect(curls.length).toBeGreaterThanOrEqual(10);
    const views = curls.map((label) => takeCameraView(readTake(join(FOLDER, label.take))));
    // OpenPose lost a shoulder or hip in every frame of a few takes: those have no view.
    expect(views.filter((view) => view !== null).length).toBeGreaterThanOrEqual(10);
    for (const view of views) expect([null, 'side']).toContain(view);
  });

  it('sees PushFit push-ups, labelled side views for the most part, side-on', () => {
    const rows = readFileSync(join(FOLDER, 'takes/pushfit/labels.csv'), 'utf8').trim().split('\n').slice(1);
    const views = rows.map((row) => takeCameraView(readTake(join(FOLDER, 'takes/pushfit', row.split(',')[0]!))));
    expect(views.filter((view) => view === 'side').length).toBeGreaterThanOrEqual(60);
  });

  it('refuses as the reference of a side perspective only the PushFit push-ups filmed head-on (one man, his trunk seen end-on)', () => {
    const rows = readFileSync(join(FOLDER, 'takes/pushfit/labels.csv'), 'utf8').trim().split('\n').slice(1).map((row) => row.split(','));
    const refused = rows.filter(([take]) => referenceViewError('side', readTake(join(FOLDER, 'takes/pushfit', take!))) !== null);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(5);
    // labels.csv: take, movement, form, view, fps, frames, width, height, person
    expect(new Set(refused.map((row) => row[8]))).toEqual(new Set(['hd_blue_mat_man']));
  });

  it('sees the RepCount jumping jacks, a movement across the front of the body, facing', () => {
    const jacks = labels.filter((label) => label.movement === 'jumping-jack');
    expect(jacks.length).toBeGreaterThanOrEqual(3);
    for (const label of jacks) expect(takeCameraView(readTake(join(FOLDER, label.take))), label.take).toBe('facing');
  });
});
