/**
 * How regularly a signal repeats (periodicity.ts), and the choice it makes of what an "Other"
 * movement is counted on (detectPrimary): the widest signal that repeats, not one wider that a
 * foreshortened joint reads as uneven dips.
 */
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from './feature-names.js';
import { detectPrimary } from './own-reps.js';
import { periodicity } from './periodicity.js';

const FPS = 30;
const times = (seconds: number) => Float64Array.from({ length: seconds * FPS }, (_, i) => (i * 1000) / FPS);
/** A deterministic stand-in for noise (a linear congruential generator), -1..1. */
function noise(length: number, seed = 7): Float64Array {
  let state = seed;
  return Float64Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2 - 1;
  });
}
/** A rep every `periodS` seconds, `range` degrees from `rest`. */
const reps = (t: Float64Array, periodS: number, rest: number, range: number) =>
  t.map((ms) => rest + (range / 2) * (1 - Math.cos((2 * Math.PI * ms) / (1000 * periodS))));

describe('periodicity', () => {
  const t = times(30);

  it('is near 1 for reps at a steady pace, and stays high with a little jitter and gaps', () => {
    expect(periodicity(t, reps(t, 2, 90, 80))).toBeGreaterThan(0.9);
    const jitter = noise(t.length);
    const rough = reps(t, 2, 90, 80).map((value, i) => (i % 17 === 0 ? Number.NaN : value + 8 * jitter[i]!));
    expect(periodicity(t, rough)).toBeGreaterThan(0.7);
  });

  it('is low for jitter alone, for one rep and for a drift, and 0 for a still or unseen signal', () => {
    expect(periodicity(t, noise(t.length).map((value) => 90 + 30 * value))).toBeLessThan(0.3);
    expect(periodicity(t, t.map((ms) => (ms > 10_000 && ms < 13_000 ? 150 : 90)))).toBeLessThan(0.3);
    expect(periodicity(t, t.map((ms) => 90 + ms / 300))).toBeLessThan(0.3);
    expect(periodicity(t, t.map(() => 90))).toBe(0);
    expect(periodicity(t, t.map(() => Number.NaN))).toBe(0);
  });
});

describe('detectPrimary: what "Other" counts on', () => {
  const t = times(30);
  /** A feature series of an upright person: every feature still at 90° but the ones given. */
  const series = (moving: Partial<Record<(typeof FEATURE_NAMES)[number], Float64Array>>) => ({
    t,
    values: FEATURE_NAMES.map((feature) => moving[feature] ?? (feature === 'trunk' ? t.map(() => 5) : t.map(() => 90))),
  });

  it('counts on the widest signal where it repeats', () => {
    expect(detectPrimary(series({ shoulder: reps(t, 2, 40, 110), elbow: reps(t, 2, 100, 60) }))).toBe('shoulder');
  });

  it('prefers a signal that repeats to a wider one that does not (a foreshortened joint)', () => {
    // The elbow swings wider, but unevenly: its rep is read as one deep and one shallow dip at
    // random, as a pull-up's elbow pointing at the camera reads; the shoulder repeats.
    const jitter = noise(t.length, 3);
    const uneven = t.map((ms, i) => 100 + 70 * Math.sin((2 * Math.PI * ms) / 1000) * Math.sign(jitter[Math.floor(i / 15) * 15]!));
    expect(detectPrimary(series({ shoulder: reps(t, 2, 40, 110), elbow: uneven }))).toBe('shoulder');
  });

  it('weighs regularity over range: a joint misread now and then, wider for it, loses to the body part that moves', () => {
    // A quarter of a second at a time, the knee is read up to 60° off (range 140, periodicity
    // 0.57), the hip 35° (106, 0.72): range times periodicity would count on the knee.
    const [kneeNoise, hipNoise] = [noise(t.length, 11), noise(t.length, 5)];
    const knee = reps(t, 2, 90, 100).map((value, i) => value + 60 * kneeNoise[Math.floor(i / 4) * 4]!);
    const hip = reps(t, 2, 60, 90).map((value, i) => value + 35 * hipNoise[Math.floor(i / 4) * 4]!);
    expect(periodicity(t, knee)).toBeLessThan(periodicity(t, hip));
    expect(detectPrimary(series({ knee, hip }))).toBe('hip');
  });

  it('counts on the widest where nothing repeats (a take of one rep)', () => {
    const one = (range: number) => t.map((ms) => (ms > 10_000 && ms < 14_000 ? 90 + range * Math.sin((Math.PI * (ms - 10_000)) / 4000) : 90));
    expect(detectPrimary(series({ hip: one(60), knee: one(80) }))).toBe('knee');
  });

  it('leaves out a signal moving under half the widest one, however regular', () => {
    const jitter = noise(t.length, 5);
    expect(detectPrimary(series({ knee: t.map((_, i) => 90 + 60 * jitter[i]!), hip: reps(t, 2, 90, 30) }))).toBe('knee');
  });

  it('stays quick on a long take', () => {
    const long = times(120);
    const started = performance.now();
    detectPrimary({ t: long, values: FEATURE_NAMES.map((_, i) => reps(long, 2 + i / 10, 60, 40 + i)) });
    expect(performance.now() - started).toBeLessThan(500);
  });
});
