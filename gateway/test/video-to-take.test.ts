/**
 * `npm run video-to-take` end to end: the CLI as a child process on a real video (a man doing
 * two goblet squats, MIT), its take compared with the take a browser made of the same video with
 * the same model. The CLI imports @movelab/shared's build, so the build runs first.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { median } from '@movelab/shared/movescore/numbers';
import { KEYPOINT_INDEX, parseTake, type TFrame, type TKeypoint, type TTake } from '@movelab/shared/movescore/index';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const data = join(root, 'shared', 'test-data', 'real');
const video = join(data, 'squat_side_goblet_2reps.mp4');

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasFfmpeg) console.warn('video-to-take tests skipped: ffmpeg is not installed (apt-get install ffmpeg)');

type TOutcome = { code: number; stdout: string; stderr: string };

async function videoToTake(...args: string[]): Promise<TOutcome> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules', '.bin', 'tsx'), ['gateway/src/cli/video-to-take.ts', ...args], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Keypoints confident enough to compare (the engine's and the skeleton's threshold is 0.3). */
const CONFIDENT = 0.3;

/** Height of the confident keypoints' box: the scale of distances in a frame. */
function bodyHeight(frame: TFrame): number {
  const ys = frame.keypoints.filter((keypoint) => keypoint.score >= CONFIDENT).map((keypoint) => keypoint.y);
  return Math.max(...ys) - Math.min(...ys);
}

/** The browser's frame nearest in time. */
function nearest(take: TTake, t: number): TFrame {
  let best = take.frames[0]!;
  for (const frame of take.frames) if (Math.abs(frame.t - t) < Math.abs(best.t - t)) best = frame;
  return best;
}

/** Distances between the two takes' confident keypoints, each over the browser frame's body height. */
function relativeDistances(take: TTake, browser: TTake): number[] {
  return take.frames.flatMap((frame) => {
    const other = nearest(browser, frame.t);
    const height = bodyHeight(other);
    return frame.keypoints.flatMap((keypoint) => {
      const match = other.keypoints[KEYPOINT_INDEX[keypoint.name]]!;
      if (keypoint.score < CONFIDENT || match.score < CONFIDENT) return [];
      return [Math.hypot(keypoint.x - match.x, keypoint.y - match.y) / height];
    });
  });
}


/** Knee angle in degrees (180 = straight) of the side the model sees best. */
function kneeAngle(frame: TFrame): number {
  const angle = (side: 'left' | 'right') => {
    const [hip, knee, ankle] = (['hip', 'knee', 'ankle'] as const).map((joint) => frame.keypoints[KEYPOINT_INDEX[`${side}_${joint}`]]!) as [
      TKeypoint,
      TKeypoint,
      TKeypoint,
    ];
    const cosine =
      ((hip.x - knee.x) * (ankle.x - knee.x) + (hip.y - knee.y) * (ankle.y - knee.y)) /
      (Math.hypot(hip.x - knee.x, hip.y - knee.y) * Math.hypot(ankle.x - knee.x, ankle.y - knee.y));
    return { degrees: (Math.acos(Math.max(-1, Math.min(1, cosine))) * 180) / Math.PI, score: Math.min(hip.score, knee.score, ankle.score) };
  };
  const [left, right] = [angle('left'), angle('right')];
  return left.score >= right.score ? left.degrees : right.degrees;
}

/** The deepest knee angle of each squat: down past 110 degrees, then back up past 150. */
function squatBottoms(take: TTake): number[] {
  const bottoms: number[] = [];
  let deepest: number | null = null;
  for (const frame of take.frames) {
    const degrees = kneeAngle(frame);
    if (deepest === null && degrees < 110) deepest = degrees;
    else if (deepest !== null && degrees < deepest) deepest = degrees;
    else if (deepest !== null && degrees > 150) {
      bottoms.push(deepest);
      deepest = null;
    }
  }
  return bottoms;
}

let dir = '';
let browser: TTake;
beforeAll(async () => {
  await run(join(root, 'node_modules', '.bin', 'tsc'), ['-b', 'shared'], { cwd: root }).catch(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'video-to-take-'));
  browser = parseTake(JSON.parse(await readFile(join(import.meta.dirname, '../assets/motion/squat_side_goblet_2reps.json'), 'utf8')));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasFfmpeg)('video-to-take CLI', () => {
  it('turns the whole video into a take at 10 fps whose keypoints match the browser take and whose knee bends twice', async () => {
    const out = join(dir, 'squat.json');
    const outcome = await videoToTake(video, '--fps', '10', '--out', out);
    expect(outcome.stderr).not.toMatch(/video-to-take:/);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/^205 frames \(608x1080, 10 fps\) in [\d.]+ s: [\d.]+ frames\/s on TF\.js wasm; take written to /);

    const take = parseTake(JSON.parse(await readFile(out, 'utf8')));
    expect(take).toMatchObject({ width: browser.width, height: browser.height, fps: 10 });
    const duration = browser.frames.length / browser.fps;
    expect(Math.abs(take.frames.length - duration * 10)).toBeLessThanOrEqual(2);
    expect(take.frames.slice(0, 3).map((frame) => frame.t)).toEqual([0, 100, 200]);
    expect(take.frames.every((frame) => frame.keypoints.length === 17)).toBe(true);

    const distances = relativeDistances(take, browser);
    expect(distances.length).toBeGreaterThan(take.frames.length * 12);
    expect(median(distances)).toBeLessThan(0.02);

    const bottoms = squatBottoms(take);
    expect(bottoms).toHaveLength(2);
    for (const degrees of bottoms) expect(degrees).toBeLessThan(100);
    // The browser's take of the same video bends the same way.
    expect(squatBottoms(browser)).toHaveLength(2);
  }, 240_000);

  it('keeps the video frame rate and times by default: the first second frame by frame like the browser', async () => {
    const outcome = await videoToTake(video, '--seconds', '1');
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toMatch(/^30 frames \(608x1080, 29\.97 fps\) in [\d.]+ s: [\d.]+ frames\/s/);
    const take = parseTake(JSON.parse(outcome.stdout));
    expect(take.fps).toBe(29.97);
    expect(take.frames).toHaveLength(30);
    take.frames.forEach((frame, index) => expect(Math.abs(frame.t - browser.frames[index]!.t)).toBeLessThan(1));
    const window = { ...browser, frames: browser.frames.slice(0, 30) };
    expect(median(relativeDistances(take, window))).toBeLessThan(0.02);
  }, 120_000);

  it('analyses a video whose frame rate is implausibly high at 30 frames a second, and says so', async () => {
    const fast = join(dir, 'fast.mkv');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=100', '-t', '1', '-c:v', 'mpeg4', fast]);
    const outcome = await videoToTake(fast);
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toMatch(/video-to-take: note: the video reports 100 frames\/s: analysed at 30 \(choose with --fps\)/);
    const take = parseTake(JSON.parse(outcome.stdout));
    expect(take).toMatchObject({ width: 96, height: 64, fps: 30 });
    expect(take.frames).toHaveLength(30);
  }, 120_000);

  it('refuses a file that is not a video with a clear message and exit code 1', async () => {
    const notVideo = join(dir, 'notes.mp4');
    await writeFile(notVideo, 'these are not video frames');
    const outcome = await videoToTake(notVideo);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(/^video-to-take: ffmpeg could not read .*notes\.mp4/);
  }, 120_000);

  it('answers a wrong command line with the usage and exit code 2', async () => {
    for (const args of [[], [video, '--fps', 'fast']]) {
      const outcome = await videoToTake(...args);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toMatch(/usage: video-to-take <video>/);
    }
  }, 120_000);
});
