import type { TMovement } from '@movelab/shared';
import { describe, expect, it } from 'vitest';
import type { TPlanStep } from './step-machine';
import { stepTarget, stepTracking, TRACKING_WORDS } from './tracking';

const movement = (id: string, name: string, unit: TMovement['unit']): TMovement => ({
  id,
  activityId: 'a1',
  name,
  description: '',
  instructions: [],
  mediaUrl: '',
  unit,
  movescore: null,
});
const reps = (id: string): TPlanStep => ({ movementId: id, name: id, targetReps: 10, restSeconds: 0 });
const seconds = (id: string): TPlanStep => ({ movementId: id, name: id, targetSeconds: 30, restSeconds: 0 });

describe('stepTracking', () => {
  it('reps of a movement with a reference motion are counted from the camera; without one, by hand', () => {
    expect(stepTracking(reps('squat'), movement('squat', 'Squat', 'reps'), undefined)).toBe('counted');
    expect(stepTracking(reps('glute-bridge'), movement('glute-bridge', 'Glute bridge', 'reps'), undefined)).toBe('by-hand');
    expect(stepTracking(reps('gone'), undefined, undefined)).toBe('by-hand');
  });

  it('a hold the camera can judge is timed while seen; another is a plain timer', () => {
    expect(stepTracking(seconds('plank'), movement('plank', 'Plank', 'seconds'), undefined)).toBe('held');
    expect(stepTracking(seconds('deep-squat-hold'), movement('deep-squat-hold', 'Deep squat hold', 'seconds'), undefined)).toBe('held');
    expect(stepTracking(seconds('dead-hang'), movement('dead-hang', 'Dead hang', 'seconds'), undefined)).toBe('timer');
  });

  it('says each in words, with the target', () => {
    expect(TRACKING_WORDS.held).toBe('Timed: the timer runs while the camera sees you in position');
    expect(stepTarget(reps('squat'))).toBe('10 reps');
    expect(stepTarget(seconds('plank'))).toBe('30 s');
  });
});
