/**
 * `npm run eval:real` on a folder laid out as the real-motion data set is, built from the
 * MIT-licensed real squat the app ships (so it always runs): the evaluation a held-back set is
 * judged with must read movement names however a source spells them, keep movements it has no
 * definition for apart, and say plainly what it cannot judge instead of printing NaN.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const clip = join(root, 'gateway/assets/motion/squat_side_goblet_2reps.json');

let folder = '';
beforeAll(async () => {
  // The script imports the engine from @movelab/shared's build, as `npm run eval:real` does (which builds it first).
  await run(join(root, 'node_modules/.bin/tsc'), ['-b', 'shared'], { cwd: root });
  folder = await mkdtemp(join(tmpdir(), 'movelab-eval-'));
  await mkdir(join(folder, 'takes'));
  await copyFile(clip, join(folder, 'takes/clip.json'));
  await copyFile(clip, join(folder, 'takes/clip-again.json'));
  const labels = [
    { take: 'takes/clip.json', movement: 'Squats', view: 'side', reps: 2 },
    { take: 'takes/clip-again.json', movement: 'squat', view: 'side', reps: 2 },
    { take: 'takes/clip.json', movement: 'Barbell back squats', view: 'side', reps: 2 },
    { take: 'takes/clip.json', movement: 'Arm_Circle', form: 'bad', reps: 2 },
    { take: 'takes/clip.json', movement: 'wall sit', form: 'bad', reps: 2 },
    // A form label without a count: judged for form, left out of the counts.
    { take: 'takes/clip.json', movement: 'Side plank', form: 'good' },
  ];
  await writeFile(join(folder, 'labels.json'), JSON.stringify(labels));
  // Movements the catalogue lacks, each counted against a demonstration of another take.
  const anyMovement = ['takes/clip.json', 'takes/clip-again.json', 'takes/extra/clip.json'].map((take) => ({
    take,
    movement: 'Kettlebell swing',
    reps: 2,
  }));
  await writeFile(join(folder, 'labels-any-movement.json'), JSON.stringify(anyMovement));
  // A set laid out as PushFit's: its own labels.csv (Windows line ends), with who does each take.
  await mkdir(join(folder, 'takes/extra'));
  await copyFile(clip, join(folder, 'takes/extra/clip.json'));
  await writeFile(
    join(folder, 'takes/extra/labels.csv'),
    'take,movement,form,person\r\nclip.json,Goblet squat,good,anna\r\nclip.json,Goblet squat,good,carl\r\nclip.json,Goblet squat,bad,ben\r\nclip.json,Sumo squat,good,dana\r\nclip.json,Sumo squat,good,erik\r\nclip.json,Push-up,good,anna\r\n',
  );
  // A set that splits its people, as PushFit's: tuned on some, validated on the others.
  await mkdir(join(folder, 'takes/split'));
  await copyFile(clip, join(folder, 'takes/split/clip.json'));
  const rows = [
    ['Front squat', 'good', 'gina', 'validate'],
    ['Front squat', 'good', 'hana', 'validate'],
    ['Front squat', 'bad', 'ivan', 'validate'],
    ['Front squat', 'good', 'jon', 'tune'],
    ['Front squat', 'good', 'kim', 'tune'],
    ['Front squat', 'bad', 'lea', 'tune'],
    ['Front squat', 'bad', 'max', 'tune'],
    ['Push-up', 'good', 'gina', 'validate'],
    ['Push-up', 'bad', 'ivan', 'validate'],
    ['Push-up', 'good', 'jon', 'tune'],
  ];
  await writeFile(
    join(folder, 'takes/split/labels.csv'),
    ['take,movement,form,person,split', ...rows.map((row) => ['clip.json', ...row].join(','))].join('\n'),
  );
}, 120_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('eval:real on a folder of real takes', () => {
  it('counts a squat spelled "Squats" as a squat, judges a variant named for its kind as that kind, reads every labelled set, keeps movements apart and says what it cannot judge', async () => {
    const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['scripts/eval-real/index.ts', folder], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout).toMatch(/^squat\s+2\s+100%\s+100%\s+0\.00$/m);
    // Every labelled take counted again as "Other", with no definition, the form-labelled ones too.
    const asOther = stdout.slice(stdout.indexOf('counted as "Other"'));
    expect(asOther).toMatch(/^arm-circle\s+1\s+100%\s+100%\s+0\.00$/m);
    expect(asOther).toMatch(/^all\s+5\s+100%\s+100%\s+0\.00$/m);
    // A variant named for its kind ("Barbell back squats") is counted as that kind (against the
    // catalogue squat), in a row of its own; so are the extra set's goblet and sumo squats.
    expect(stdout).toMatch(/^barbell-back-squats\s+1\s+100%\s+100%\s+0\.00$/m);
    expect(stdout).toMatch(
      /^Judged as the kind their name ends in: barbell-back-squats as squat, goblet-squat as squat, sumo-squat as squat, front-squat as squat$/m,
    );
    expect(stdout).toMatch(/^squat\s+counted takes 2, references 2: mean \d+% against those filmed from the same side/m);
    expect(stdout).toMatch(/^arm-circle\s+1 takes: no good take gives a reference/m);
    expect(stdout).toMatch(/^wall-sit\s+1 takes: no good take gives a reference/m);
    // The extra set's takes, each person's take by the others' references.
    expect(stdout).toMatch(/^goblet-squat\s+good 2 \(mean \d+%\), bad 1 \(mean \d+%\), 3 people, 2 references/m);
    expect(stdout).toMatch(/^squat under the catalogue lunge\s+takes\s+3: own \d+%, wrong \d+%, drop \d+ points/m);
    // Every labelled movement with good takes under every other's references, not only the two it was written for.
    expect(stdout).toMatch(/^goblet-squat under sumo-squat references\s+takes\s+2: own \d+%, wrong \d+%/m);
    expect(stdout).toMatch(/^sumo-squat under goblet-squat references\s+takes\s+2: own \d+%, wrong \d+%/m);
    // Each of the three takes as the demonstration of a movement the catalogue lacks, the two others counted against it.
    expect(stdout).toMatch(/^kettlebell-swing\s+3\/3\s+6\s+100%\s+100%\s+0\.00\s+0\.00$/m);
    expect(stdout).toMatch(/^scoreTake on a 60 s take/m);
    // Good push-ups only (the split set's tune people): nothing to rank them by, said so.
    expect(stdout).toMatch(
      /^push-up \[tune\]\s+takes labelled for form: good 1 mean \d+% \(min \d+%\), bad 0 mean 0%, no bad take: nothing to rank$/m,
    );
    expect(stdout).not.toMatch(/NaN|Infinity/);
  }, 60_000);

  it('prints every figure of a set that splits its people for the validate people first, then the tune people, then all, and names who each split holds', async () => {
    const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['scripts/eval-real/index.ts', folder], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout).toMatch(/^front-squat \[validate\]\s+3 people, 2 good, 1 bad: gina, hana, ivan$/m);
    expect(stdout).toMatch(/^front-squat \[tune\]\s+4 people, 2 good, 2 bad: jon, kim, lea, max$/m);
    expect(stdout).toMatch(/^push-up \[validate\]\s+2 people, 1 good, 1 bad: gina, ivan$/m);
    /** The lines of a figure, in the order printed: each split's, then all's. */
    const inOrder = (...patterns: RegExp[]) => {
      const at = patterns.map((pattern) => stdout.search(pattern));
      expect(at.every((index) => index >= 0) && at.every((index, i) => i === 0 || index > at[i - 1]!), patterns.join(' then ')).toBe(true);
    };
    // How many takes are not judged for form, split by split, and that none shows a full score with a deciding joint out of view.
    inOrder(
      /^Form not judged: /m,
      /^front-squat \[validate\]\s+3 takes, 0 not judged \(0 by some reference\), 0 of \d+ scorings; full score with a deciding joint out of view: 0 \(0 before\); AUC over the takes judged /m,
    );
    // Each split's takes judged by references from its own people only, leave one person out.
    inOrder(
      /^front-squat \[validate\] good 2 \(mean \d+%\), bad 1 \(mean \d+%\), 3 people, 2 references/m,
      /^front-squat \[tune\] good 2 \(mean \d+%\), bad 2 \(mean \d+%\), 4 people, 2 references/m,
      /^front-squat \[all\]\s+good 4 \(mean \d+%\), bad 3 \(mean \d+%\), 7 people, 4 references/m,
    );
    inOrder(/^front-squat \[validate\] as Other: good mean/m, /^front-squat \[tune\] as Other/m, /^front-squat \[all\]\s+as Other/m);
    inOrder(/^front-squat \[validate\] bands learned/m, /^front-squat \[tune\] bands learned/m, /^front-squat \[all\]\s+bands learned/m);
    inOrder(/^front-squat \[validate\] good takes 2: mean/m, /^front-squat \[tune\] good takes 2/m, /^front-squat \[all\]\s+good takes 4/m);
    // The catalogue's knee push-up and catalogue reference: a split's own good takes; all, every good one as before.
    inOrder(
      /^push-up under the catalogue knee push-up \[validate\] takes\s+1: own \d+%/m,
      /^push-up under the catalogue knee push-up \[tune\] takes\s+1: own/m,
      /^push-up under the catalogue knee push-up \[all\] takes\s+3: own/m,
    );
    inOrder(
      /^push-up \[validate\] takes labelled for form: good 1 mean \d+% \(min \d+%\), bad 1 mean \d+%, AUC \d\.\d\d$/m,
      /^push-up \[tune\]\s+takes labelled for form: good 1/m,
      /^push-up \[all\]\s+takes labelled for form: good 3 mean \d+% \(min \d+%\), bad 1 mean \d+%, AUC/m,
    );
    // A set without a split (the extra set's goblet squats) is figured once, unlabelled, as before.
    expect(stdout).toMatch(/^goblet-squat\s+good 2 \(mean \d+%\), bad 1/m);
    expect(stdout).not.toMatch(/^goblet-squat \[/m);
  }, 60_000);

  it('goes through takes in which the pose model found no frame, counting none of their reps, and leaves out a take missing or broken, saying so', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'movelab-eval-empty-'));
    try {
      await mkdir(join(empty, 'takes'));
      await writeFile(join(empty, 'takes/empty.json'), JSON.stringify({ ...JSON.parse(await readFile(clip, 'utf8')), frames: [] }));
      await writeFile(join(empty, 'takes/broken.json'), '{"frames": "none"}');
      const labels = [
        { take: 'takes/missing.json', movement: 'squat', reps: 2 },
        { take: 'takes/broken.json', movement: 'curl', form: 'bad', reps: 1 },
        { take: 'takes/empty.json', movement: 'squat', reps: 3 },
        { take: 'takes/empty.json', movement: 'push-up', reps: 2 },
        { take: 'takes/empty.json', movement: 'curl', form: 'good', reps: 1 },
      ];
      await writeFile(join(empty, 'labels.json'), JSON.stringify(labels));
      const { stdout } = await run(join(root, 'node_modules/.bin/tsx'), ['scripts/eval-real/index.ts', empty], { cwd: root });
      // A take missing or not a take is left out, said so, and the rest evaluated.
      expect(stdout).toMatch(/^Left out, not read as a take: takes\/missing\.json \(ENOENT/m);
      expect(stdout).toMatch(/^Left out, not read as a take: takes\/broken\.json \(Invalid take/m);
      expect(stdout).toMatch(/^squat\s+1\s+0%\s+0%\s+3\.00$/m);
      expect(stdout).toMatch(/^no take with frames to time$/m);
      expect(stdout).toMatch(/^no labels-any-movement\.json in the folder: nothing to count$/m);
      expect(stdout).not.toMatch(/NaN|Infinity/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('refuses a folder without labels.json, saying what to pass', async () => {
    const failed = await run(join(root, 'node_modules/.bin/tsx'), ['scripts/eval-real/index.ts', join(folder, 'takes')], { cwd: root }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failed && failed.code).toBe(2);
    expect('stderr' in failed && failed.stderr).toMatch(/^No labels\.json in .*: pass the real-motion folder or set MOVELAB_REAL_MOTION/);
  }, 60_000);
});
