/**
 * Movescore engine benchmark (prints figures; not a test):
 *   npx tsx scripts/bench-engine.ts [runs]
 *
 * 1. Time to score a 60 s take at 30 fps against a reference: median of N runs (target < 50 ms),
 *    with the share spent validating the take.
 * 2. Live counting cost per frame.
 * 3. Rep counting accuracy on generated takes with known reps, depths, tempos, noise and
 *    dropped keypoints: the exact-count rate and the off-by-one rate.
 * 4. Where practice stops as the live count reaches a rep, how often the saved result counts
 *    otherwise (generated squats at low, irregular analysis rates with unsure frames).
 */
import { performance } from 'node:perf_hooks';
import {
  buildReference,
  generateTake,
  LiveRepCounter,
  MOTION_KINDS,
  MOVEMENTS,
  parseTake,
  scoreTake,
  irregularFrames,
  seededRandom,
  type TReference,
} from '../shared/src/movescore/index.js';

const runs = Number(process.argv[2] ?? 30);
/** Figures go to stdout: this script's whole output. */
const print = (line: string) => process.stdout.write(`${line}\n`);

function timeIt(call: () => unknown, count: number): number[] {
  for (let i = 0; i < 3; i += 1) call(); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    call();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const references = new Map<string, TReference>(
  MOVEMENTS.map((movement) => [
    movement,
    buildReference(generateTake({ movement, reps: 3, noise: 0.005, seed: 1000 }), { kind: MOTION_KINDS[movement] }),
  ]),
);

// ---------------------------------------------------------------- 1. speed
const take = generateTake({ movement: 'squat', reps: 22, fps: 30, durationMs: 60_000, noise: 0.01, missingRate: 0.05, seed: 7 });
const reference = references.get('squat')!;
const bytes = JSON.stringify(take).length;
const total = timeIt(() => scoreTake(reference, take), runs);
const validation = timeIt(() => parseTake(take), runs);
const result = scoreTake(reference, take);
print(`Scoring a 60 s take at 30 fps (${take.frames.length} frames, ${(bytes / 1024).toFixed(0)} KB JSON, ${result.repCount} reps), ${runs} runs:`);
print(`  scoreTake (validation included): median ${ms(quantile(total, 0.5))}, p90 ${ms(quantile(total, 0.9))}  (target < 50 ms)`);
print(`  of which validating the take:    median ${ms(quantile(validation, 0.5))}`);
print(`  reference size: ${JSON.stringify(reference).length} bytes of JSON`);

// ---------------------------------------------------------------- 2. live
const live = timeIt(
  () => {
    const counter = new LiveRepCounter(reference, take);
    for (const frame of take.frames) counter.push(frame);
  },
  Math.max(5, Math.floor(runs / 3)),
);
print(`Live counter: ${((quantile(live, 0.5) * 1000) / take.frames.length).toFixed(1)} µs per frame (median over the same take)`);

// ---------------------------------------------------------------- 3. accuracy
const random = seededRandom(42);
const between = (low: number, high: number) => low + (high - low) * random();
const trialsPerMovement = 60;
print(`Rep counting accuracy, ${trialsPerMovement} generated takes per movement`);
print('  (1-12 reps, depth 0.5-1, tempo 0.4-2.5, noise 0.5-3% of body height, 0-30% keypoints dropped):');
let allExact = 0;
let allOffByOne = 0;
let allTrials = 0;
for (const movement of MOVEMENTS) {
  let exact = 0;
  let offByOne = 0;
  const misses: string[] = [];
  for (let trial = 0; trial < trialsPerMovement; trial += 1) {
    const reps = 1 + Math.floor(random() * 12);
    const options = {
      movement,
      reps,
      depth: between(0.5, 1),
      tempo: between(0.4, 2.5),
      noise: between(0.005, 0.03),
      missingRate: between(0, 0.3),
      idleMs: between(800, 3000),
      seed: 5000 + trial,
    };
    const counted = scoreTake(references.get(movement), generateTake(options)).repCount;
    if (counted === reps) exact += 1;
    else if (Math.abs(counted - reps) === 1) offByOne += 1;
    if (counted !== reps && misses.length < 3) {
      misses.push(`${reps}->${counted} (depth ${options.depth.toFixed(2)}, tempo ${options.tempo.toFixed(2)}, noise ${options.noise.toFixed(3)})`);
    }
  }
  allExact += exact;
  allOffByOne += offByOne;
  allTrials += trialsPerMovement;
  const rate = (count: number) => `${((100 * count) / trialsPerMovement).toFixed(1)}%`;
  print(
    `  ${movement.padEnd(7)} exact ${rate(exact)}, off by one ${rate(offByOne)}, worse ${rate(trialsPerMovement - exact - offByOne)}${misses.length ? `; e.g. ${misses.join(', ')}` : ''}`,
  );
}
print(`  all     exact ${((100 * allExact) / allTrials).toFixed(1)}%, off by one ${((100 * allOffByOne) / allTrials).toFixed(1)}%`);

// 4. The saved count against the live one where practice stops as a rep is counted: generated
// squats analysed at 3-12 frames a second (irregular), one frame in seven with keypoints the
// model is unsure of, cut on the frame the live count reached 1 and up to 4 frames later.
print('Live and saved counts where practice stops as a rep is counted (generated squats, 3-12 analysed frames/s, 1 frame in 7 unsure):');
{
  const random = seededRandom(12_345);
  const reference = buildReference(generateTake({ movement: 'squat', reps: 3, seed: 999, yaw: 0.3 }), { kind: 'squat' });
  let cuts = 0;
  let lower = 0;
  let higher = 0;
  for (let seed = 1; seed <= 60; seed += 1) {
    const take = generateTake({ movement: 'squat', reps: 3, seed, noise: 0.008, yaw: 0.3 });
    for (const fps of [3, 4, 5, 6, 8, 12]) {
      const frames = irregularFrames(take, fps, random);
      const live = new LiveRepCounter(reference, take);
      const first = frames.findIndex((frame) => live.push(frame).count === 1);
      if (first < 0) continue;
      for (const extra of [0, 1, 2, 4]) {
        const stopped = { ...take, frames: frames.slice(0, first + 1 + extra) };
        const counter = new LiveRepCounter(reference, take);
        const shown = stopped.frames.map((frame) => counter.push(frame).count).at(-1)!;
        const saved = scoreTake(reference, stopped).repCount;
        cuts += 1;
        if (saved < shown) lower += 1;
        if (saved > shown) higher += 1;
      }
    }
  }
  print(`  ${cuts} stops: the saved count lower than the live one in ${lower}, higher in ${higher}`);
}
