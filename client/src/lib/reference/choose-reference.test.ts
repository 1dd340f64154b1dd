import { describe, expect, it } from 'vitest';
import { generateTake, scoreTake } from '@movelab/shared/movescore/index';
import { chooseReference, motionKind } from './choose-reference';

const movement = (name: string) => ({ id: name.toLowerCase().replace(/\s+/g, '-'), name });

describe('the reference a movement with no linked perspective is practised against', () => {
  it('tells the motion from the name, the knee push-up apart from the push-up', () => {
    expect(motionKind(movement('Knee push-up'))).toBe('knee-pushup');
    expect(motionKind(movement('Kneeling press-up'))).toBe('knee-pushup');
    expect(motionKind(movement('Push-ups'))).toBe('pushup');
    expect(motionKind(movement('Goblet squat'))).toBe('squat');
    expect(motionKind(movement('Deep squat hold'))).toBeNull();
    expect(motionKind(movement('Reverse lunge'))).toBe('lunge');
    expect(motionKind(movement('Plank'))).toBeNull();
    expect(motionKind(movement('Dumbbell shoulder press'))).toBe('press');
    expect(motionKind(movement('Overhead press'))).toBe('press');
    expect(motionKind(movement('Bench press'))).toBeNull();
    expect(motionKind(movement('Front raises'))).toBe('raise');
    expect(motionKind(movement('Dumbbell shrugs'))).toBe('shrug');
  });

  it("counts a press and a front raise on the arm's height, from the side as from the front", () => {
    for (const [name, motion] of [
      ['Shoulder press', 'press'],
      ['Front raise', 'raise'],
    ] as const) {
      const reference = chooseReference(undefined, movement(name))!;
      expect(reference.primary).toBe('arm_raise');
      for (const yaw of [0.1, 1.5]) expect(scoreTake(reference, generateTake({ movement: motion, reps: 4, yaw, seed: 13 })).repCount).toBe(4);
    }
  });

  it("builds the generated reference as the motion's kind, so a knee push-up counts and scores as one and a push-up on the toes does not", () => {
    const reference = chooseReference(undefined, movement('Knee push-up'));
    expect(reference?.kind).toBe('knee-push-up');
    expect(reference?.primary).toBe('elbow');
    const kneeling = scoreTake(reference, generateTake({ movement: 'knee-pushup', reps: 3, yaw: 0.3, seed: 12 }));
    expect(kneeling.repCount).toBe(3);
    expect(kneeling.score).toBeGreaterThan(0.9);
    expect(scoreTake(reference, generateTake({ movement: 'pushup', reps: 3, yaw: 0.3, seed: 12 })).score).toBeLessThan(0.5);
    expect(chooseReference(undefined, movement('Push-up'))?.kind).toBe('push-up');
  });

  it("prefers the linked perspective's valid reference, and ignores an invalid one", () => {
    const linked = chooseReference(undefined, movement('Air squat'))!;
    expect(chooseReference(linked, movement('Plank'))).toEqual(linked);
    expect(chooseReference({ version: 9 }, movement('Plank'))).toBeNull();
  });
});
