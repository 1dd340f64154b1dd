/**
 * Judging only what the camera saw, on recordings of real people (../shared/data/real-motion, or
 * $MOVELAB_REAL_MOTION; skipped, visibly, when the folder is absent): no take whose form-deciding
 * joints are out of view in most of its reps shows a score.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partsOutOfView } from './in-view.js';
import { generateTake } from './generate.js';
import { decidingJoints, missingParts, notJudgedLine } from './judged.js';
import { buildReference, type TReference } from './reference.js';
import { scoreTake, type TScoreResult } from './score.js';
import { parseTake, type TTake } from './take.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const FOLDER = resolve(process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
const hasFolder = existsSync(join(FOLDER, 'takes/pushfit/labels.csv'));
const readTake = (path: string): TTake => parseTake(JSON.parse(readFileSync(path, 'utf8')));

/** Whether a deciding joint's parts are out of view in most of a rep's frames, read from the take's own keypoints. */
function isDecidingUnseen(reference: TReference, take: TTake, rep: { startMs: number; endMs: number }): boolean {
  const frames = take.frames.filter((frame) => frame.t >= rep.startMs && frame.t <= rep.endMs);
  return decidingJoints(reference).some((feature) => {
    const hidden = frames.filter((frame) => missingParts([feature], partsOutOfView(frame, take)).length > 0);
    return hidden.length * 2 > frames.length;
  });
}

/** The result's verdict on what its take showed: reps whose deciding joints the camera did not see, and whether a score is shown. */
function verdict(reference: TReference, take: TTake, result: TScoreResult) {
  const unseenReps = result.reps.filter((rep) => isDecidingUnseen(reference, take, rep)).length;
  const isFullWithUnseen = (result.score ?? 0) >= 0.995 && missingParts(decidingJoints(reference), result.outOfView).length > 0;
  return { isMostlyUnseen: unseenReps * 2 > result.reps.length, isFullWithUnseen };
}

describe.skipIf(!hasFolder)('judging only what the camera saw, on real push-ups (needs ../shared/data/real-motion)', () => {
  const rows = hasFolder
    ? readFileSync(join(FOLDER, 'takes/pushfit/labels.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]!)
    : [];
  const takes = rows.map((name) => ({ name, take: readTake(join(FOLDER, 'takes/pushfit', name)) }));

  it('shows no score for a take whose body line is out of view in most reps, keeps its count, and never a full score with it out of view', () => {
    const references = [
      buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' }),
      buildReference(generateTake({ movement: 'knee-pushup', reps: 3, yaw: 0.2, seed: 41 }), { kind: 'knee-push-up' }),
      buildReference(readTake(join(FOLDER, 'takes/pushfit/pushfit-correct14.json')), { kind: 'push-up' }),
    ];
    const notJudged = new Set<string>();
    const mostlyUnseen = new Set<string>();
    for (const { name, take } of takes) {
      for (const reference of references) {
        const result = scoreTake(reference, take);
        const { isMostlyUnseen, isFullWithUnseen } = verdict(reference, take, result);
        expect(isFullWithUnseen, name).toBe(false);
        if (isMostlyUnseen) mostlyUnseen.add(name);
        if (isMostlyUnseen) expect(result.score, `${name} under ${reference.kind}`).toBeNull();
        if (result.score !== null) continue;
        notJudged.add(name);
        expect(result.repCount).toBeGreaterThan(0);
        expect(result.reps).toHaveLength(result.repCount);
        expect(result.feedback[0]).toBe(notJudgedLine(result.notJudged!));
      }
    }
    // The two whose knees and ankles are out of the picture (100% under every push-up before).
    expect([...mostlyUnseen].sort()).toEqual(['pushfit-correct132.json', 'pushfit-correct135.json']);
    expect([...notJudged]).toEqual(expect.arrayContaining(['pushfit-correct132.json', 'pushfit-correct135.json']));
    expect(scoreTake(references[0]!, takes.find((entry) => entry.name === 'pushfit-correct132.json')!.take).notJudged?.reason).toMatch(
      /^Your knees and ankles were out of the picture in (every rep|\d+ of \d+ reps)$/,
    );
  }, 60_000);
});
