import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_INDEX, takeFeatures } from './features.js';
import { generateTake, irregularFrames, type TMovement } from './generate.js';
import { LiveRepCounter } from './live.js';
import { buildReference, repConfig, type TReference } from './reference.js';
import { RepTracker, segmentReps, type TRepPhase } from './reps.js';
import { scoreTake } from './score.js';

const references = new Map<TMovement, TReference>();
beforeAll(() => {
  for (const movement of ['squat', 'pushup', 'lunge'] as const) {
    references.set(movement, buildReference(generateTake({ movement, reps: 3, noise: 0.005, seed: 100 })));
  }
});

/** The squat reference's tracker settings, and degrees for a level (0 rest, 1 its extreme). */
function squatLevels() {
  const config = repConfig(references.get('squat')!);
  const at = (level: number) => config.rest + level * (config.extreme - config.rest);
  /** The reps of a signal given as levels, one sample every `stepMs`. */
  const segment = (levels: number[], stepMs = 100) =>
    segmentReps(
      levels.map((_, i) => i * stepMs),
      levels.map(at),
      config,
    );
  return { config, at, segment };
}

describe('rep counting', () => {
  const tempos = [
    ['slow', 0.5],
    ['normal', 1],
    ['fast', 1.8],
  ] as const;
  for (const reps of [3, 5, 10]) {
    for (const [label, tempo] of tempos) {
      it(`counts ${reps} squats at ${label} tempo with noise`, () => {
        const take = generateTake({
          movement: 'squat',
          reps,
          tempo,
          noise: 0.015,
          seed: reps * 10 + tempo * 7,
        });
        expect(scoreTake(references.get('squat'), take).repCount).toBe(reps);
      });
    }
  }

  it.each(['pushup', 'lunge'] as const)('counts %ss at varied tempo and depth', (movement) => {
    for (const [seed, tempo, depth] of [
      [1, 0.6, 1],
      [2, 1, 0.8],
      [3, 1.6, 0.9],
    ] as const) {
      const take = generateTake({
        movement,
        reps: 6,
        tempo,
        depth,
        noise: 0.012,
        seed,
      });
      expect(scoreTake(references.get(movement), take).repCount, `seed ${seed}`).toBe(6);
    }
  });

  it('does not count jitter around the threshold twice', () => {
    const { segment } = squatLevels();
    // Settle, go down past enter, wobble around the exit level on the way up, then rise.
    const levels = [...Array(20).fill(0), 0.2, 0.4, 0.7, 1, 0.9, 0.6, 0.3, 0.18, 0.3, 0.17, 0.31, 0.16, 0.05, 0, 0, 0];
    const reps = segment(levels);
    expect(reps).toHaveLength(1);
    expect(reps[0]!.peak).toBeCloseTo(1, 6);
  });

  it('drops a dip shorter than the minimum rep duration', () => {
    const { config, segment } = squatLevels();
    const levels = [...Array(20).fill(0), 0.6, 0.05, ...Array(5).fill(0)];
    expect(config.minRepMs).toBeGreaterThan(100);
    expect(segment(levels, 50)).toHaveLength(0);
  });

  it('needs no still start: a take that begins mid-rep counts that rep and the next ones', () => {
    const { segment } = squatLevels();
    // The take opens at the bottom of a squat, comes up, then does two full reps without pausing.
    const rep = [0.3, 0.6, 0.9, 1, 0.9, 0.6, 0.3, 0.05];
    const levels = [1, 0.9, 0.6, 0.3, 0.05, ...rep, ...rep];
    expect(segment(levels)).toHaveLength(2);
    // A rep whose start was missed (the take begins on the way up) is not invented.
    expect(segment([0.5, 0.3, 0.1, 0, ...rep])).toHaveLength(1);
  });

  /** A rep of about 2.5 s at 100 ms a sample: down, a pause at the bottom, up, a pause standing. */
  const fullRep = [
    ...Array.from({ length: 12 }, (_, i) => (i + 1) / 12),
    1,
    1,
    1,
    ...Array.from({ length: 12 }, (_, i) => 1 - (i + 1) / 12),
    0,
    0,
    0,
  ];

  it('once reps are learned, does not count a half dip or a movement much faster than them', () => {
    const { config, segment } = squatLevels();
    const halfDip = [0.15, 0.3, 0.4, 0.45, 0.45, 0.4, 0.3, 0.15, 0, 0, 0, 0];
    const fast = [0.3, 0.7, 1, 1, 0.7, 0.3, 0, 0, 0, 0];
    // Both last longer than the reference's minimum rep, so only the learned reps tell them apart.
    expect(config.minRepMs).toBeLessThan(600);
    expect(segment([0, 0, ...fullRep, ...fullRep, ...fullRep])).toHaveLength(3);
    expect(segment([0, 0, ...fullRep, ...fullRep, ...halfDip, ...fullRep])).toHaveLength(3);
    expect(segment([0, 0, ...fullRep, ...fullRep, ...fast, ...fullRep])).toHaveLength(3);
    // The same half dips count when they are the person's own reps.
    expect(segment([0, 0, ...halfDip, ...halfDip, ...halfDip])).toHaveLength(3);
  });

  it('withdraws a first twitch that the second rep shows was not a rep, live and offline alike', () => {
    const { config, at, segment } = squatLevels();
    const twitch = [0.15, 0.3, 0.4, 0.45, 0.45, 0.4, 0.3, 0.15, 0, 0, 0, 0];
    const levels = [0, 0, ...twitch, ...fullRep, ...fullRep];
    const reps = segment(levels);
    expect(reps).toHaveLength(2);
    expect(reps[0]!.startIndex).toBeGreaterThanOrEqual(2 + twitch.length - 4);
    const tracker = new RepTracker(config);
    const counts = levels.map((level, i) => (tracker.push(i * 100, at(level)), tracker.count));
    // Live, the twitch shows as 1 until the first real rep takes its place.
    expect(counts[2 + twitch.length]).toBe(1);
    expect(counts[2 + twitch.length + fullRep.length]).toBe(1);
    expect(counts.at(-1)).toBe(2);
  });

  it('follows a person who more than doubles their tempo or tires to half depth, after a few reps, instead of counting nothing more', () => {
    const { segment } = squatLevels();
    /** Down over `n` samples, a short pause, up over `n`, a short pause (100 ms a sample). */
    const rep = (n: number) => [
      ...Array.from({ length: n }, (_, i) => (i + 1) / n),
      1,
      1,
      ...Array.from({ length: n }, (_, i) => 1 - (i + 1) / n),
      0,
      0,
    ];
    const slow = Array.from({ length: 3 }, () => rep(23)).flat();
    const fast = Array.from({ length: 8 }, () => rep(7)).flat();
    // Two fast reps are taken for glitches; from the third the new tempo is learned and counted.
    expect(segment([0, 0, ...slow, ...fast])).toHaveLength(3 + 8 - 2);
    // Likewise a person who tires and goes half as deep.
    const shallow = Array.from({ length: 8 }, () => rep(23).map((level) => level / 2)).flat();
    expect(segment([0, 0, ...slow, ...shallow])).toHaveLength(3 + 8 - 2);
  });

  it('does not count a knee bend that the confirming signals do not follow as in the set, live and offline alike', () => {
    const { config, at } = squatLevels();
    const times = (levels: number[]) => levels.map((_, i) => i * 100);
    /** The hip follows the knee by `hipDeg` degrees at the bottom of each of these reps. */
    const hipOf = (levels: number[], hipDeg: number) => levels.map((level) => 170 - hipDeg * level);
    const set = [0, 0, ...fullRep, ...fullRep, ...fullRep];
    // After the set, a bend as deep for the knee, but the hip bends a sixth as much (stepping away).
    const knee = [...set, ...fullRep];
    const hip = [...hipOf(set, 90), ...hipOf(fullRep, 15)];
    const count = (hipColumn: number[]) => segmentReps(times(knee), knee.map(at), config, [hipColumn]).length;
    expect(count(hip)).toBe(3);
    // Without the confirming signal, or with it out of view, it counts like any other rep.
    expect(segmentReps(times(knee), knee.map(at), config).length).toBe(4);
    expect(count(hip.map((value, i) => (i >= set.length ? Number.NaN : value)))).toBe(4);
    // A set whose hip hardly moves (a front view) asks nothing of it: all four count.
    expect(count(hipOf(knee, 8))).toBe(4);
    // The same bend moving the hip as in the set counts.
    expect(count(hipOf(knee, 90))).toBe(4);
    // One confirming signal is enough: the trunk leaning far less in the last rep (squatting more upright), the hip as before.
    const trunk = [...set.map((level) => 40 * level), ...fullRep.map((level) => 5 * level)];
    const both = (hipColumn: number[]) => segmentReps(times(knee), knee.map(at), config, [trunk, hipColumn]).length;
    expect(both(hipOf(knee, 90))).toBe(4);
    expect(both(hip)).toBe(3);
    const tracker = new RepTracker(config, 1);
    knee.forEach((level, i) => tracker.push(i * 100, at(level), i, [hip[i]!]));
    expect(tracker.count).toBe(3);
  });

  it('counts lunges under a lunge reference, whichever hip the pose model sees better from frame to frame', () => {
    // The front hip bends about 90° and the back one stays straight, so the hips' mean jumps
    // with the sides' confidence; the hips bending apart confirm every lunge alike.
    const reference = buildReference(generateTake({ movement: 'lunge', reps: 3, noise: 0.005, seed: 1000 }), { kind: 'lunge' });
    const counts = [4, 6, 8, 10].map((reps, i) => ({
      reps,
      counted: scoreTake(reference, generateTake({ movement: 'lunge', reps, depth: 0.8, noise: 0.009, seed: 5007 + i })).repCount,
    }));
    expect(counts.map(({ counted }) => counted)).toEqual(counts.map(({ reps }) => reps));
  });

  it('counts fast reps that turn into the next one half way back, with a confirming signal as without', () => {
    const { config, at } = squatLevels();
    const levels = [0, 0, 0.2, 0.4, 0.6, 0.8, 1, 1, 0.8, 0.6, 0.5, 0.5];
    const next = [0.6, 0.7, 0.8, 0.9, 1, 1, 0.9, 0.8, 0.6, 0.5];
    levels.push(...next, ...next, ...next, 0.3, 0.1, 0, 0);
    const hip = levels.map((level) => 170 - 90 * level);
    expect(
      segmentReps(
        levels.map((_, i) => i * 100),
        levels.map(at),
        config,
        [hip],
      ),
    ).toHaveLength(4);
  });

  it('counts fast reps that turn into the next one half way back', () => {
    const { segment } = squatLevels();
    const first = [0.2, 0.4, 0.6, 0.8, 1, 1, 0.8, 0.6, 0.5, 0.5];
    const next = [0.6, 0.7, 0.8, 0.9, 1, 1, 0.9, 0.8, 0.6, 0.5];
    const reps = segment([0, 0, ...first, ...next, ...next, ...next, 0.3, 0.1, 0, 0]);
    expect(reps).toHaveLength(4);
    // The first rep ends where it turned, not at the bottom of the next one.
    expect(reps[0]!.endIndex).toBeLessThan(2 + first.length + 2);
  });

  it('withdraws a lone first rep long before the set, and keeps one followed by an ordinary pause', () => {
    const { segment } = squatLevels();
    const set = [...fullRep, ...fullRep, ...fullRep];
    // fullRep lasts about 2.5 s: 20 s of standing is eight of them, 5 s two.
    expect(segment([0, 0, ...fullRep, ...Array(200).fill(0), ...set])).toHaveLength(3);
    expect(segment([0, 0, ...fullRep, ...Array(50).fill(0), ...set])).toHaveLength(4);
  });

  it('does not count a take cut off on the way up from its last rep', () => {
    const { segment } = squatLevels();
    expect(segment([0, 0, ...fullRep, ...fullRep, ...fullRep.slice(0, 23)])).toHaveLength(2);
    expect(segment([0, 0, ...fullRep, ...fullRep, ...fullRep.slice(0, 26)])).toHaveLength(3);
  });

  it('counts nothing when standing still with noise', () => {
    const take = generateTake({
      reps: 0,
      durationMs: 20_000,
      noise: 0.02,
      seed: 5,
    });
    const result = scoreTake(references.get('squat'), take);
    expect(result.repCount).toBe(0);
    expect(result.score).toBe(0);
  });

  it('passes through the phases of a rep in order', () => {
    const { config, at } = squatLevels();
    const tracker = new RepTracker(config);
    const seen: TRepPhase[] = [];
    const levels = [...Array(10).fill(0), 0.2, 0.4, 0.6, 0.9, 1, 0.95, 0.7, 0.4, 0.2, 0.1, 0];
    levels.forEach((level, i) => {
      tracker.push(i * 100, at(level));
      if (seen.at(-1) !== tracker.phase) seen.push(tracker.phase);
    });
    expect(seen).toEqual(['top', 'down', 'bottom', 'up', 'top']);
    expect(tracker.count).toBe(1);
  });
});

describe('live rep counter', () => {
  it('counts frame by frame like the offline count, and scores each rep as it ends', () => {
    const take = generateTake({
      reps: 5,
      tempo: 1.2,
      noise: 0.012,
      missingRate: 0.05,
      seed: 8,
    });
    const counter = new LiveRepCounter(references.get('squat'), take);
    const counts: number[] = [];
    const phases = new Set<TRepPhase>();
    const scored: number[] = [];
    for (const frame of take.frames) {
      const update = counter.push(frame);
      counts.push(update.count);
      phases.add(update.phase);
      if (update.rep) scored.push(update.rep.score);
    }
    expect(counts.at(-1)).toBe(5);
    expect(counts[Math.floor(take.frames.length / 4)]).toBeLessThan(5);
    expect([...phases].sort()).toEqual(['bottom', 'down', 'top', 'up']);
    expect(scored).toHaveLength(5);
    for (const score of scored) expect(score).toBeGreaterThan(0.7);
  });

  it('reports the parts out of view and counts nothing without knees', () => {
    const take = generateTake({
      reps: 3,
      hidden: ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'],
      seed: 9,
    });
    const counter = new LiveRepCounter(references.get('squat'), take);
    const last = take.frames.map((frame) => counter.push(frame)).at(-1)!;
    expect(last.count).toBe(0);
    expect(last.phase).toBe('setup');
    expect(last.hint).toBe('Step back so your knees and ankles are visible');
  });

  it('and the saved result count the same where the take stops on the frame whose legs the model is unsure of, at 3-5 analysed frames a second', () => {
    // Practice stopped as the first rep is counted live: the live counter holds a keypoint it stops
    // seeing for up to 300 ms, and the saved result reads the take's end the same way (they
    // disagreed in 45 of these 80 cases before).
    const reference = buildReference(generateTake({ movement: 'squat', reps: 3, seed: 999, yaw: 0.3 }), { kind: 'squat' });
    const disagreeing: string[] = [];
    for (let seed = 1; seed <= 10; seed += 1) {
      for (const step of [6, 7, 8, 9]) {
        const take = generateTake({ movement: 'squat', reps: 2, seed, noise: 0.008, yaw: 0.3 });
        const frames = take.frames.filter((_, i) => i % step === 0);
        const live = new LiveRepCounter(reference, { ...take, frames });
        const first = frames.findIndex((frame) => live.push(frame).count === 1);
        for (const side of ['left', 'right']) {
          const unsure = (frame: (typeof frames)[number]) => ({
            ...frame,
            keypoints: frame.keypoints.map((k) => (k.name.startsWith(`${side}_`) && /hip|knee|ankle/.test(k.name) ? { ...k, score: 0.05 } : k)),
          });
          const stopped = { ...take, frames: [...frames.slice(0, first), unsure(frames[first]!)] };
          const counter = new LiveRepCounter(reference, stopped);
          const liveCount = stopped.frames.map((frame) => counter.push(frame).count).at(-1);
          const saved = scoreTake(reference, stopped).repCount;
          if (liveCount !== saved) disagreeing.push(`seed ${seed}, every ${step}th frame, ${side} leg unsure: live ${liveCount}, saved ${saved}`);
        }
      }
    }
    expect(disagreeing).toEqual([]);
  });

  it('and the saved result count the same where practice stops as a rep is counted, with unsure frames anywhere in the take, at 3-12 irregular frames a second', () => {
    // Over a gap the live counter holds a keypoint it stopped seeing; the saved result counts so
    // too (it interpolated before, and counted one fewer in 12 of 1,440 such stops of
    // scripts/bench-engine.ts, and once on a phone-filmed take in the browser tests).
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const reference = buildReference(generateTake({ movement: 'squat', reps: 3, seed: 999, yaw: 0.3 }), { kind: 'squat' });
    const disagreeing: string[] = [];
    for (let takeSeed = 1; takeSeed <= 40; takeSeed += 1) {
      const take = generateTake({ movement: 'squat', reps: 3, seed: takeSeed, noise: 0.008, yaw: 0.3 });
      for (const fps of [3, 4, 5, 6, 8, 12]) {
        const frames = irregularFrames(take, fps, random);
        const live = new LiveRepCounter(reference, take);
        const shown = frames.map((frame) => live.push(frame).count);
        for (let cut = shown.indexOf(1); cut >= 0 && cut < frames.length; cut += 3) {
          const saved = scoreTake(reference, { ...take, frames: frames.slice(0, cut + 1) }).repCount;
          if (saved !== shown[cut])
            disagreeing.push(`take ${takeSeed} at ${fps} frames/s cut after frame ${cut}: live ${shown[cut]}, saved ${saved}`);
        }
      }
    }
    expect(disagreeing).toEqual([]);
  }, 30_000);

  it('asks only for the parts counting needs: a squat with the hands hidden behind a weight counts with no hint', () => {
    const take = generateTake({ reps: 3, hidden: ['left_wrist', 'right_wrist', 'left_elbow', 'right_elbow'], seed: 9 });
    const counter = new LiveRepCounter(references.get('squat'), take);
    const updates = take.frames.map((frame) => counter.push(frame));
    expect(updates.at(-1)!.count).toBe(3);
    expect(updates.at(-1)!.outOfView).toEqual(['elbows', 'wrists']);
    expect(updates.every((update) => update.hint === null)).toBe(true);
  });
});

describe('reference', () => {
  it('picks the joint that moves most as the primary one', () => {
    expect(['knee', 'hip']).toContain(references.get('squat')!.primary);
    expect(references.get('pushup')!.primary).toBe('elbow');
    expect(references.get('lunge')!.primary).toBe('knee');
  });

  it('is small, survives JSON and takes a primary joint when given', () => {
    const reference = buildReference(generateTake({ reps: 4, seed: 11 }), {
      primaryJoint: 'right_knee',
    });
    const json = JSON.stringify(reference);
    expect(json.length).toBeLessThan(4096);
    expect(reference.primary).toBe('right_knee');
    expect(reference.features).toContain('right_knee');
    expect(reference.repCount).toBe(4);
    expect(reference.rest).toBeGreaterThan(reference.extreme);
    const take = generateTake({ reps: 3, seed: 12 });
    expect(scoreTake(JSON.parse(json), take).repCount).toBe(3);
  });

  it('builds an "Other" reference from one rep that stays longer at its far end than at rest', () => {
    // One squat held 3 s at the bottom: its knee spends more time bent than straight, yet the
    // rep goes out from straight and back.
    const take = generateTake({ reps: 1, idleMs: 500, noise: 0.005, seed: 31 });
    const hipY = (frame: (typeof take.frames)[number]) => frame.keypoints.find((keypoint) => keypoint.name === 'left_hip')!.y;
    const bottom = take.frames.reduce((deepest, frame, index) => (hipY(frame) > hipY(take.frames[deepest]!) ? index : deepest), 0);
    const stepMs = 1000 / take.fps;
    const holdMs = 3000;
    const hold = Array.from({ length: holdMs / stepMs }, (_, i) => ({ ...take.frames[bottom]!, t: take.frames[bottom]!.t + (i + 1) * stepMs }));
    const later = take.frames.slice(bottom + 1).map((frame) => ({ ...frame, t: frame.t + holdMs }));
    const held = { ...take, frames: [...take.frames.slice(0, bottom + 1), ...hold, ...later] };
    const reference = buildReference(held);
    expect(reference.kind).toBe('custom');
    expect(reference.repCount).toBe(1);
    // At rest the knee is straight: the larger angle.
    expect(reference.rest).toBeGreaterThan(reference.extreme + 45);
  });

  it('refuses a take without any rep to learn from', () => {
    expect(() => buildReference(generateTake({ reps: 0, durationMs: 5000 }))).toThrow(/hardly moves|no full rep/);
  });

  it('rep windows cover the movement of the primary signal', () => {
    const take = generateTake({ reps: 2, seed: 13 });
    const series = takeFeatures(take);
    const reference = references.get('squat')!;
    const reps = segmentReps(series.t, series.values[FEATURE_INDEX[reference.primary]]!, repConfig(reference));
    expect(reps).toHaveLength(2);
    for (const rep of reps) {
      expect(rep.endMs - rep.startMs).toBeGreaterThan(1000);
      expect(rep.peakValue).toBeLessThan(reference.thresholds.enter);
    }
  });
});
