import { beforeAll, describe, expect, it } from 'vitest';
import { generateTake, type TMovement } from './generate.js';
import { buildReference, type TReference } from './reference.js';
import { scoreTake } from './score.js';

const references = new Map<TMovement, TReference>();
beforeAll(() => {
  for (const movement of ['squat', 'pushup', 'lunge'] as const) {
    references.set(movement, buildReference(generateTake({ movement, reps: 3, noise: 0.005, seed: 100 })));
  }
});

describe('rep counting on generated takes', () => {
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
});
