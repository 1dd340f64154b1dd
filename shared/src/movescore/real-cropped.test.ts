/**
 * Counting from what is seen (fallback-count.ts) on real takes cropped as a camera aimed too high
 * crops them: the picture's bottom edge moved up (the keypoints kept where the pose model put
 * them, so those below it are out of view) a few pixels above the wrists of a push-up, or just
 * above the knees of a squat. The MIT goblet-squat clip lives in the repository and always runs;
 * the RepCount and PushFit takes are read from ../shared/data/real-motion (or
 * $MOVELAB_REAL_MOTION) and those tests skip, visibly, when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fallbackOf } from './fallback-count.js';
import { buildReference, LiveRepCounter, parseTake, scoreTake, type TReference, type TTake } from './index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
const hasFolder = existsSync(join(FOLDER, 'labels.json')) && existsSync(join(FOLDER, 'takes/pushfit/labels.csv'));
const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));
const goblet = readTake(join(ROOT, 'gateway/assets/motion/squat_side_goblet_2reps.json'));

/** Per frame, the highest (smallest y) of the named keypoints (NaN where none). */
const highest = (take: TTake, names: readonly string[]) =>
  take.frames.flatMap((frame) => {
    const ys = frame.keypoints.filter((keypoint) => names.includes(keypoint.name)).map((keypoint) => keypoint.y);
    return ys.length > 0 ? [Math.min(...ys)] : [];
  });

/** The picture's bottom edge 5 px above the wrists' median height (push-up) or 2% above the knees' highest point (squat). */
function cropped(take: TTake, kind: 'push-up' | 'squat'): TTake {
  const ys = highest(take, kind === 'push-up' ? ['left_wrist', 'right_wrist'] : ['left_knee', 'right_knee']).sort((a, b) => a - b);
  const edge = kind === 'push-up' ? ys[Math.floor(ys.length / 2)]! - 5 : ys[0]! - 0.02 * take.height;
  return { ...take, height: Math.round(edge) };
}

function liveCount(reference: TReference, take: TTake): number {
  const counter = new LiveRepCounter(reference, take);
  for (const frame of take.frames) counter.push(frame);
  return counter.count;
}

describe('counting what is seen: the goblet squats cropped above the knees (MIT clip, in the repository)', () => {
  it('counts its 2 reps within one on the hips, live as saved, says so, and judges no form', () => {
    const reference = buildReference(goblet, { kind: 'squat' });
    expect(scoreTake(reference, goblet).countedOn).toBeUndefined();
    const take = cropped(goblet, 'squat');
    const result = scoreTake(reference, take);
    expect(Math.abs(result.repCount - 2)).toBeLessThanOrEqual(1);
    expect(liveCount(reference, take)).toBe(result.repCount);
    expect(result.countedOn).toBe('hips');
    expect(result.score).toBeNull();
    expect(result.feedback).toContain('Counted on your hips: your knees and ankles were out of the picture');
    expect(result.feedback.join(' ')).not.toMatch(/Nothing to count/);
  });
});

type TLabel = { take: string; movement: string; reps: number; form?: string };

describe.skipIf(!hasFolder)('counting what is seen: real takes cropped (needs ../shared/data/real-motion)', () => {
  const pushUpReference = hasFolder ? buildReference(readTake(join(FOLDER, 'takes/pushfit/pushfit-correct131.json')), { kind: 'push-up' }) : null;
  const squatReference = buildReference(goblet, { kind: 'squat' });
  const labels = hasFolder ? (JSON.parse(readFileSync(join(FOLDER, 'labels.json'), 'utf8')) as TLabel[]) : [];
  const counted = labels.filter((label) => label.form === undefined && (label.movement === 'squat' || label.movement === 'pushup'));

  it.each(counted.map((label) => [label.take, label.reps] as const))(
    '%s cropped: squats within one of their %i reps, push-ups of the take uncropped; live as saved',
    (name, reps) => {
      const kind = counted.find((label) => label.take === name)!.movement === 'squat' ? 'squat' : 'push-up';
      const reference = kind === 'squat' ? squatReference : pushUpReference!;
      const whole = readTake(join(FOLDER, name));
      const take = cropped(whole, kind);
      const result = scoreTake(reference, take);
      expect(Math.abs(result.repCount - (kind === 'squat' ? reps : scoreTake(reference, whole).repCount))).toBeLessThanOrEqual(1);
      expect(liveCount(reference, take)).toBe(result.repCount);
    },
  );

  it("PushFit's validate people's push-ups cropped below the wrists: each counted on the shoulders within one of the take uncropped, live as saved", () => {
    const [header, ...lines] = readFileSync(join(FOLDER, 'takes/pushfit/labels.csv'), 'utf8').trim().split('\n');
    const columns = header!.split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index]!, value])));
    const validate = rows.filter((row) => row.split === 'validate').map((row) => readTake(join(FOLDER, 'takes/pushfit', row.take!)));
    expect(validate.length).toBeGreaterThan(20);
    for (const take of validate) {
      const whole = scoreTake(pushUpReference!, take);
      const result = scoreTake(pushUpReference!, cropped(take, 'push-up'));
      expect(whole.countedOn).toBeUndefined();
      expect(result.countedOn).toBe('shoulders');
      expect(Math.abs(result.repCount - whole.repCount)).toBeLessThanOrEqual(1);
      expect(liveCount(pushUpReference!, cropped(take, 'push-up'))).toBe(result.repCount);
    }
  }, 60_000);
});

/**
 * The picture's `side` edge 2% of its height past the named keypoints' median place (nearest the
 * inside of the picture each frame), so they are out of it in about half the frames or more, as
 * scripts/eval-real/crops.ts cuts them (cutAway: a pull-up's hips below the bottom edge, a sit-up's knees off one side).
 */
function cutAt(take: TTake, side: 'bottom' | 'left' | 'right', names: readonly string[]): TTake {
  const axis = side === 'bottom' ? 'y' : 'x';
  const nearest = take.frames
    .flatMap((frame) => {
      const values = frame.keypoints.filter((keypoint) => names.includes(keypoint.name)).map((keypoint) => keypoint[axis]);
      return values.length > 0 ? [side === 'left' ? Math.max(...values) : Math.min(...values)] : [];
    })
    .sort((a, b) => a - b);
  const median = nearest[Math.round((nearest.length - 1) / 2)]!;
  const margin = 0.02 * take.height;
  if (side === 'bottom') return { ...take, height: Math.round(median - margin) };
  if (side === 'right') return { ...take, width: Math.round(median - margin) };
  const edge = median + margin;
  const frames = take.frames.map((frame) => ({ ...frame, keypoints: frame.keypoints.map((keypoint) => ({ ...keypoint, x: keypoint.x - edge })) }));
  return { ...take, frames, width: Math.round(take.width - edge) };
}

const anyMovementFile = join(FOLDER, 'labels-any-movement.json');
const hasAnyMovement = existsSync(anyMovementFile);

describe.skipIf(!hasAnyMovement)(
  'counting what is seen from one demonstration: real pull-ups and sit-ups cut (needs ../shared/data/real-motion)',
  () => {
    const labels = hasAnyMovement ? (JSON.parse(readFileSync(anyMovementFile, 'utf8')) as TLabel[]) : [];
    const take = (name: string) => readTake(join(FOLDER, name));
    const reference = (name: string) => buildReference(take(name), { kind: 'custom' });
    const repsOf = (name: string) => labels.find((label) => label.take === name)!.reps;

    it('decides from the demonstration: the head against the hands for pull-ups counted on the shoulder, the trunk for sit-ups on the hip, none for bench presses', () => {
      const byMovement = (movement: string) => labels.filter((label) => label.movement === movement).map((label) => reference(label.take));
      const pullUps = byMovement('pull-up').filter((built) => built.primary === 'shoulder');
      expect(pullUps.length).toBe(3);
      expect(pullUps.map((built) => fallbackOf(built)?.part)).toEqual(['head', 'head', 'head']);
      expect(fallbackOf(reference('takes/repcount-stu8_57.json'))?.part).toBe('trunk');
      expect(byMovement('bench press').map(fallbackOf)).toEqual([null, null, null, null]);
    });

    it("pull-ups with the hips below the picture's edge, against another take's demonstration counted on the shoulder: on the head, 5 of 9 exact, 6 within one (0 and 2 on the shoulder), live as saved", () => {
      const pullUps = labels.filter((label) => label.movement === 'pull-up').map((label) => label.take);
      const errors: number[] = [];
      for (const demo of pullUps) {
        const built = reference(demo);
        if (built.primary !== 'shoulder') continue;
        for (const name of pullUps.filter((other) => other !== demo)) {
          const cut = cutAt(take(name), 'bottom', ['left_hip', 'right_hip']);
          const result = scoreTake(built, cut);
          expect(result.countedOn).toBe('head');
          expect(result.score).toBeNull();
          expect(result.feedback).toContain('Counted on your head against your hands: your hips were out of the picture');
          expect(liveCount(built, cut)).toBe(result.repCount);
          errors.push(result.repCount - repsOf(name));
        }
      }
      expect(errors.length).toBe(9);
      expect(errors.filter((error) => error === 0).length).toBeGreaterThanOrEqual(5);
      expect(errors.filter((error) => Math.abs(error) <= 1).length).toBeGreaterThanOrEqual(6);
    }, 60_000);

    it('sit-ups with the knees off the picture, against a demonstration counted on the hip: within one on the trunk, live as saved', () => {
      const built = reference('takes/repcount-stu8_57.json');
      expect(built.primary).toBe('hip');
      for (const [name, side] of [
        ['takes/repcount-stu1_60.json', 'left'],
        ['takes/repcount-stu3_53.json', 'right'],
      ] as const) {
        const cut = cutAt(take(name), side, ['left_knee', 'right_knee']);
        const result = scoreTake(built, cut);
        expect(result.countedOn).toBe('trunk');
        expect(result.feedback.join('\n')).toMatch(/^Counted on your trunk's angle: your knees/m);
        expect(Math.abs(result.repCount - repsOf(name))).toBeLessThanOrEqual(1);
        expect(liveCount(built, cut)).toBe(result.repCount);
      }
    }, 60_000);
  },
);
