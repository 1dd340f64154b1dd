import { beforeAll, describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { buildReference, repConfig, type TReference } from './reference.js';
import { REP_LEVELS, RepTracker, segmentReps, type TRepPhase } from './reps.js';

// The tracker fed level signals by hand; counting generated takes is in reps-takes.test.ts.
let squat: TReference;
beforeAll(() => {
  squat = buildReference(generateTake({ movement: 'squat', reps: 3, noise: 0.005, seed: 100 }));
});

/** The squat reference's tracker settings, and degrees for a level (0 rest, 1 its extreme). */
function squatLevels() {
  const config = repConfig(squat);
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
    // Two fast reps are held back as possible glitches; the third, like them, shows the new tempo,
    // and all three count with it, in the order done, live as offline.
    const reps = segment([0, 0, ...slow, ...fast]);
    expect(reps).toHaveLength(3 + 8);
    expect(reps.map((found) => found.startMs)).toEqual(reps.map((found) => found.startMs).sort((a, b) => a - b));
    const { config, at } = squatLevels();
    const tracker = new RepTracker(config);
    [0, 0, ...slow, ...fast].forEach((level, i) => tracker.push(i * 100, at(level)));
    expect(tracker.count).toBe(3 + 8);
    // Likewise a person who tires and goes half as deep.
    const shallow = Array.from({ length: 8 }, () => rep(23).map((level) => level / 2)).flat();
    expect(segment([0, 0, ...slow, ...shallow])).toHaveLength(3 + 8);
  });

  it('after a change, does not count the candidates before it that were unlike one another (misread frames)', () => {
    const { segment } = squatLevels();
    const rep = (n: number, depth = 1) => [
      ...Array.from({ length: n }, (_, i) => (depth * (i + 1)) / n),
      depth,
      depth,
      ...Array.from({ length: n }, (_, i) => depth * (1 - (i + 1) / n)),
      0,
      0,
    ];
    const slow = Array.from({ length: 3 }, () => rep(23)).flat();
    // A quick deep dip, then a quick half dip: unlike the set and unlike each other; then the
    // person goes on at a new, faster tempo. The reps from the change on count, not the dips.
    for (const glitches of [
      [...rep(2), ...rep(7, 0.45)],
      [...rep(7, 0.45), ...rep(2)],
    ]) {
      const fast = Array.from({ length: 6 }, () => rep(7)).flat();
      expect(segment([0, 0, ...slow, ...glitches, ...fast])).toHaveLength(3 + 6);
    }
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

  it('with recentRangeMs, counts reps that move a quarter of the reference range (another camera), and not jitter', () => {
    const config = { rest: 0, extreme: 120, ...REP_LEVELS, minRepMs: 300, resetGapMs: 1000 };
    const rep = [0, 10, 20, 30, 30, 20, 10, 0, 0, 0];
    const signal = [...Array(10).fill(0), ...rep, ...rep, ...rep, ...rep];
    const t = signal.map((_, i) => i * 100);
    expect(segmentReps(t, signal, config)).toHaveLength(0);
    expect(segmentReps(t, signal, { ...config, recentRange: { windowMs: 10_000, minRepMs: 0 } })).toHaveLength(4);
    // Jitter of a few degrees stays under the smallest excursion a rep may have.
    const jitter = signal.map((_, i) => (i % 3) * 2);
    expect(segmentReps(t, jitter, { ...config, recentRange: { windowMs: 10_000, minRepMs: 0 } })).toHaveLength(0);
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
