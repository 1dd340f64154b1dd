/**
 * The real-motion benchmark: how movescore counts and scores recordings of real people.
 *
 *   npm run eval:real -- [folder]
 *
 * The folder (default: $MOVELAB_REAL_MOTION, else ../shared/data/real-motion from the project
 * root) holds labels.json and takes/ (see its README). Prints, per movement: exact count rate,
 * within-one rate (OBO) and mean absolute error; for takes labelled good/bad form the AUC of
 * good over bad (each take scored against references built from the other good takes); the
 * score of real reps against the demo catalogue's references, and of half-depth versions of
 * the same takes (every frame's keypoints moved halfway towards the take's rest frame); and
 * timings. It prints figures, it is not a test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildReference,
  countReps,
  LiveRepCounter,
  parseTake,
  scoreTake,
  type TMovementKind,
  type TReference,
} from '@movelab/shared/movescore/index';
import { demoReference } from '../seed.js';
import { shallower } from './half-depth.js';

type TLabel = {
  take: string;
  movement: string;
  view?: string;
  reps: number;
  form?: 'good' | 'bad';
};

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export function realMotionFolder(argument?: string): string {
  return resolve(argument ?? process.env.MOVELAB_REAL_MOTION ?? join(ROOT, '../shared/data/real-motion'));
}

const KINDS: Readonly<Record<string, TMovementKind>> = {
  squat: 'squat',
  pushup: 'push-up',
  'push-up': 'push-up',
  'jumping-jack': 'jumping-jack',
  'front-raise': 'front-raise',
  frontraise: 'front-raise',
  curl: 'curl',
  bicep: 'curl',
  'bicep-curl': 'curl',
  'shoulder-press': 'shoulder-press',
  lunge: 'lunge',
};
const kindOf = (movement: string): TMovementKind => KINDS[movement] ?? 'custom';

/** The catalogue reference a real take of this kind is scored against (none for kinds the demo catalogue lacks). */
function catalogueReference(kind: TMovementKind, view: string | undefined): TReference | null {
  if (kind === 'squat') return demoReference('squat', view === 'front' ? 'front' : 'side');
  if (kind === 'push-up') return demoReference('pushup', 'side');
  return null;
}

/** Probability that a random good take scores above a random bad one (ties count half). */
function auc(good: number[], bad: number[]): number {
  let wins = 0;
  for (const g of good) for (const b of bad) wins += g > b ? 1 : g === b ? 0.5 : 0;
  return wins / (good.length * bad.length);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function main(): void {
  const folder = realMotionFolder(process.argv.slice(2).find((arg) => !arg.startsWith('-')));
  if (!existsSync(join(folder, 'labels.json'))) {
    console.error(`No labels.json in ${folder}: pass the real-motion folder or set MOVELAB_REAL_MOTION`);
    process.exit(2);
  }
  const labels = JSON.parse(readFileSync(join(folder, 'labels.json'), 'utf8')) as TLabel[];
  const takes = new Map(labels.map((label) => [label.take, parseTake(JSON.parse(readFileSync(join(folder, label.take), 'utf8')))]));
  const verbose = process.argv.includes('--verbose');

  console.log(`Real-motion benchmark: ${folder}\n`);
  console.log("Rep counts (catalogue reference where the demo catalogue has one, else the take's own range)");
  console.log('movement       takes  exact   OBO    MAE');
  const counted = labels.filter((label) => label.form === undefined);
  const all: number[] = [];
  for (const kind of [...new Set(counted.map((label) => kindOf(label.movement)))]) {
    const errors = counted
      .filter((label) => kindOf(label.movement) === kind)
      .map((label) => {
        const take = takes.get(label.take)!;
        const reference = catalogueReference(kind, label.view);
        const count = reference ? scoreTake(reference, take).repCount : countReps(take, kind).length;
        if (verbose) console.log(`  ${label.take}: ${count} of ${label.reps}`);
        return count - label.reps;
      });
    all.push(...errors);
    const row = [kind.padEnd(14), String(errors.length).padStart(5), pct(mean(errors.map((e) => +(e === 0)))).padStart(6)];
    row.push(pct(mean(errors.map((e) => +(Math.abs(e) <= 1)))).padStart(6), mean(errors.map(Math.abs)).toFixed(2).padStart(6));
    console.log(row.join(' '));
  }
  console.log(
    `${'all'.padEnd(14)} ${String(all.length).padStart(5)} ${pct(mean(all.map((e) => +(e === 0)))).padStart(6)} ${pct(mean(all.map((e) => +(Math.abs(e) <= 1)))).padStart(6)} ${mean(all.map(Math.abs)).toFixed(2).padStart(6)}`,
  );

  console.log('\nForm: AUC of good over bad (each take against references built from the other good takes)');
  for (const kind of [...new Set(labels.filter((label) => label.form).map((label) => kindOf(label.movement)))]) {
    const labelled = labels.filter((label) => label.form && kindOf(label.movement) === kind);
    const references = labelled
      .filter((label) => label.form === 'good')
      .flatMap((label) => {
        try {
          return [
            {
              take: label.take,
              reference: buildReference(takes.get(label.take), { kind }),
            },
          ];
        } catch {
          return [];
        }
      });
    const scoreOf = (label: TLabel) =>
      mean(references.filter((r) => r.take !== label.take).map((r) => scoreTake(r.reference, takes.get(label.take)).score));
    const good = labelled.filter((label) => label.form === 'good').map(scoreOf);
    const bad = labelled.filter((label) => label.form === 'bad').map(scoreOf);
    console.log(
      `${kind.padEnd(14)} good ${good.length} (mean ${pct(mean(good))}), bad ${bad.length} (mean ${pct(mean(bad))}), references ${references.length}: AUC ${auc(good, bad).toFixed(2)}`,
    );
  }

  console.log('\nReal reps against the demo catalogue references, and the same takes at half depth');
  for (const kind of ['squat', 'push-up'] as const) {
    const rows = counted
      .filter((label) => kindOf(label.movement) === kind)
      .map((label) => {
        const reference = catalogueReference(kind, label.view)!;
        const take = takes.get(label.take)!;
        const full = scoreTake(reference, take);
        const half = scoreTake(reference, shallower(take, kind, 0.5));
        if (verbose)
          console.log(`  ${label.take}: ${pct(full.score)} (${full.repCount} reps), half ${pct(half.score)}: ${full.feedback.join(' | ')}`);
        return { full: full.score, half: half.score };
      });
    console.log(
      `${kind.padEnd(14)} takes ${rows.length}: full depth mean ${pct(mean(rows.map((r) => r.full)))} (min ${pct(Math.min(...rows.map((r) => r.full)))}), half depth mean ${pct(mean(rows.map((r) => r.half)))}, drop ${((mean(rows.map((r) => r.full)) - mean(rows.map((r) => r.half))) * 100).toFixed(0)} points`,
    );
  }

  console.log('\nTimings');
  const base = takes.get(labels.find((label) => label.take.includes('squat_side'))?.take ?? labels[0]!.take)!;
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

main();
