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
