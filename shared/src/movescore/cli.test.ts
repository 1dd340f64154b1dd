/**
 * The movescore CLI end to end: a child process on temp files, as `npm run movescore` runs it.
 * The CLI imports the engine from @movelab/shared's build, so the build runs first.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import type { TKeypointName } from './take.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

type TOutcome = { code: number; stdout: string; stderr: string };

async function movescore(...args: string[]): Promise<TOutcome> {
  try {
    const { stdout, stderr } = await run(bin('tsx'), ['gateway/src/cli/movescore.ts', ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let dir = '';
beforeAll(async () => {
  // A failed build fails the suite with tsc's report, rather than scoring with an older build or none.
  await run(bin('tsc'), ['-b', 'shared'], { cwd: root }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`tsc -b shared failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  dir = await mkdtemp(join(tmpdir(), 'movescore-cli-'));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('movescore CLI', () => {
  it('generates a take, builds a reference from it and scores another take', async () => {
    const generated = await movescore('generate', '--movement', 'squat', '--reps', '3', '--noise', '0.005', '--seed', '5');
    expect(generated.code).toBe(0);
    const take = JSON.parse(generated.stdout);
    expect(take).toMatchObject({ width: 640, height: 480, fps: 30 });
    await writeFile(join(dir, 'ref-take.json'), generated.stdout);

    const built = await movescore('reference', join(dir, 'ref-take.json'));
    expect(built.code).toBe(0);
    const reference = JSON.parse(built.stdout);
    expect(reference).toMatchObject({
      version: 2,
      primary: 'knee',
      repCount: 3,
    });
    await writeFile(join(dir, 'ref.json'), built.stdout);

    const shallow = await movescore('generate', '--reps', '4', '--depth', '0.7', '--seed', '6');
    await writeFile(join(dir, 'take.json'), shallow.stdout);
    const scored = await movescore('score', '--reference', join(dir, 'ref.json'), '--take', join(dir, 'take.json'));
    expect(scored.code).toBe(0);
    const result = JSON.parse(scored.stdout);
    expect(result.repCount).toBe(4);
    expect(result.reps).toHaveLength(4);
    expect(result.score).toBeGreaterThan(0.2);
    expect(result.score).toBeLessThan(0.8);
    expect(result.reps[0].score).toBeGreaterThan(0);
    expect(result.feedback.join(' ')).toMatch(/Go about \d+° deeper/);
  }, 60_000);

  it('answers a null score and why, beside what is out of view, for push-ups whose knees and ankles are out of the picture', async () => {
    const pushUps = (hidden: TKeypointName[]) =>
      JSON.stringify(generateTake({ movement: 'pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 45, hidden }));
    await writeFile(join(dir, 'pushup-ref-take.json'), JSON.stringify(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 })));
    const built = await movescore('reference', join(dir, 'pushup-ref-take.json'), '--kind', 'push-up');
    await writeFile(join(dir, 'pushup-ref.json'), built.stdout);
    await writeFile(join(dir, 'cut.json'), pushUps(['left_knee', 'right_knee', 'left_ankle', 'right_ankle']));
    const cut = await movescore('score', '--reference', join(dir, 'pushup-ref.json'), '--take', join(dir, 'cut.json'));
    expect(cut.code).toBe(0);
    const result = JSON.parse(cut.stdout);
    expect(Object.keys(result)).toEqual(['score', 'repCount', 'reps', 'feedback', 'outOfView', 'notJudged', 'durationMs']);
    expect(result).toMatchObject({ score: null, repCount: 4, outOfView: ['knees', 'ankles'] });
    expect(result.notJudged).toMatchObject({ reason: 'Your knees and ankles were out of the picture in every rep', features: ['hip_sag'] });
    await writeFile(join(dir, 'seen.json'), pushUps([]));
    const seen = JSON.parse((await movescore('score', '--reference', join(dir, 'pushup-ref.json'), '--take', join(dir, 'seen.json'))).stdout);
    expect(seen).toMatchObject({ repCount: 4, notJudged: null, outOfView: [] });
    expect(seen.score).toBeGreaterThan(0.85);
  }, 60_000);

  it('refuses bad files with a clear message and a non-zero exit', async () => {
    await writeFile(join(dir, 'broken.json'), '{"width": 640,');
    await writeFile(
      join(dir, 'bad-take.json'),
      JSON.stringify({
        width: 640,
        height: 480,
        fps: 30,
        frames: [{ t: 0, keypoints: [{ name: 'tail', x: 1, y: 1, score: 1 }] }],
      }),
    );
    const broken = await movescore('reference', join(dir, 'broken.json'));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('is not valid JSON');
    const missing = await movescore('score', '--reference', join(dir, 'nope.json'), '--take', join(dir, 'broken.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read the reference file');
    const invalid = await movescore('reference', join(dir, 'bad-take.json'));
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('take.frames[0].keypoints[0].name');
    expect(invalid.stdout).toBe('');
    const usage = await movescore('generate', '--movement', 'cartwheel');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--movement must be one of squat, pushup, lunge');
    const badKind = await movescore('reference', join(dir, 'bad-take.json'), '--kind', 'cartwheel');
    expect(badKind.code).toBe(2);
    expect(badKind.stderr).toContain('--kind must be one of squat, lunge, push-up');
  }, 60_000);

  it('builds a reference of the kind --kind names, as the admin form records it', async () => {
    const generated = await movescore('generate', '--movement', 'pushup', '--reps', '3', '--seed', '8');
    await writeFile(join(dir, 'pushup-take.json'), generated.stdout);
    const built = await movescore('reference', join(dir, 'pushup-take.json'), '--kind', 'push-up');
    expect(built.code).toBe(0);
    const reference = JSON.parse(built.stdout);
    expect(reference).toMatchObject({ kind: 'push-up', primary: 'elbow', repCount: 3 });
    // Without --kind the counting joint is chosen from the take and the kind is custom.
    const custom = JSON.parse((await movescore('reference', join(dir, 'pushup-take.json'))).stdout);
    expect(custom.kind).toBe('custom');
    expect(built.stderr).not.toContain('warning');
  }, 60_000);

  it("writes a reference the admin's capture would refuse, saying why on stderr: a knee push-up built as a push-up", async () => {
    const generated = await movescore('generate', '--movement', 'knee-pushup', '--reps', '3', '--seed', '8');
    await writeFile(join(dir, 'knee-take.json'), generated.stdout);
    // As a push-up, the body line runs to the raised feet: bent 45° or more at the hips.
    const asPushUp = await movescore('reference', join(dir, 'knee-take.json'), '--kind', 'push-up');
    expect(asPushUp.code).toBe(0);
    expect(JSON.parse(asPushUp.stdout)).toMatchObject({ kind: 'push-up' });
    expect(asPushUp.stderr).toMatch(/^warning: In this video the hips sag about \d+° below a straight body line/m);
    const asKneePushUp = await movescore('reference', join(dir, 'knee-take.json'), '--kind', 'knee-push-up');
    expect(JSON.parse(asKneePushUp.stdout)).toMatchObject({ kind: 'knee-push-up', primary: 'elbow', repCount: 3 });
    expect(asKneePushUp.stderr).not.toContain('warning');
  }, 60_000);
});
