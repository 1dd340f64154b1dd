import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_INDEX, takeFeatures } from './features.js';
import { generateTake, type TMovement } from './generate.js';
import { buildReference, repConfig, type TReference } from './reference.js';
import { segmentReps } from './reps.js';
import { scoreTake } from './score.js';

const references = new Map<TMovement, TReference>();
beforeAll(() => {
  for (const movement of ['squat', 'pushup', 'lunge'] as const) {
    references.set(movement, buildReference(generateTake({ movement, reps: 3, noise: 0.005, seed: 100 })));
  }
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
