/** Real reps against the demo catalogue's references, the same takes at half depth, and the engine's timings. */
import { LiveRepCounter, scoreTake, type TTake } from '@movelab/shared/movescore/index';
import { median } from '@movelab/shared/movescore/numbers';
import { demoReference } from '../../gateway/src/seed.js';
import { shallower } from './half-depth.js';
import type { TLabel } from './labels.js';
import { kindOf } from './names.js';
import { catalogueReference } from './references.js';
import { judgedScore, mean, pct, pctJudged } from './report.js';

/** Each counted squat and push-up against the catalogue reference of its kind, at full and at half depth. */
export function printHalfDepth(counted: readonly TLabel[], takes: Map<string, TTake>, verbose: boolean): void {
  for (const kind of ['squat', 'push-up'] as const) {
    const rows = counted
      .filter((label) => kindOf(label.movement) === kind)
      .map((label) => {
        const take = takes.get(label.take)!;
        const reference = catalogueReference(kind, take, label.view)!;
        const full = scoreTake(reference, take);
        const half = scoreTake(reference, shallower(take, kind, 0.5));
        const row = { full: judgedScore(full), half: judgedScore(half) };
        if (verbose)
          console.log(`  ${label.take}: ${pctJudged(row.full)} (${full.repCount} reps), half ${pctJudged(row.half)}: ${full.feedback.join(' | ')}`);
        return row;
      })
      // A take whose form is not judged at either depth is left out.
      .filter((row) => !Number.isNaN(row.full) && !Number.isNaN(row.half));
    if (rows.length === 0) continue;
    console.log(
      `${kind.padEnd(14)} takes ${rows.length}: full depth mean ${pct(mean(rows.map((r) => r.full)))} (min ${pct(Math.min(...rows.map((r) => r.full)))}), half depth mean ${pct(mean(rows.map((r) => r.half)))}, drop ${((mean(rows.map((r) => r.full)) - mean(rows.map((r) => r.half))) * 100).toFixed(0)} points`,
    );
  }
}

/** scoreTake on a minute of a real take, and the live counter a frame (the MIT squat where the set has it, else the first take with frames). */
export function printTimings(labels: readonly TLabel[], takes: Map<string, TTake>): void {
  console.log('\nTimings');
  const withFrames = labels.map((label) => ({ name: label.take, take: takes.get(label.take)! })).filter(({ take }) => take.frames.length > 0);
  const base = (withFrames.find(({ name }) => name.includes('squat_side')) ?? withFrames[0])?.take;
  if (!base) {
    console.log('no take with frames to time');
    return;
  }
  const step = 1000 / base.fps;
  const frames = Array.from({ length: Math.round(60_000 / step) }, (_, i) => ({
    ...base.frames[i % base.frames.length]!,
    t: i * step,
  }));
  const minute = { ...base, frames };
  const reference = demoReference('squat', 'side');
  const runs = Array.from({ length: 7 }, () => {
    const started = performance.now();
    scoreTake(reference, minute);
    return performance.now() - started;
  });
  console.log(`scoreTake on a 60 s take (${frames.length} frames): median ${median(runs).toFixed(1)} ms of 7 runs (target < 50 ms)`);
  const counter = new LiveRepCounter(reference, {
    width: minute.width,
    height: minute.height,
  });
  const started = performance.now();
  for (const frame of frames) counter.push(frame);
  console.log(`LiveRepCounter: ${((performance.now() - started) / frames.length).toFixed(4)} ms a frame (target < 0.1 ms)`);
}
