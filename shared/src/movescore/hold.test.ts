import { describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { HOLD_GRACE_MS, holdPositionOf, HoldWatch, isInHoldPosition } from './hold.js';
import type { TFrame, TTake } from './take.js';

const sizeOf = (take: TTake) => ({ width: take.width, height: take.height });
const share = (take: TTake, test: (frame: TFrame) => boolean) => take.frames.filter(test).length / take.frames.length;

describe('holdPositionOf', () => {
  it('knows a plank and a deep squat hold, and no other hold', () => {
    expect(holdPositionOf({ id: 'plank', name: 'Plank' })).toBe('plank');
    expect(holdPositionOf({ id: 'm1', name: 'Forearm plank' })).toBe('plank');
    expect(holdPositionOf({ id: 'deep-squat-hold', name: 'Deep squat hold' })).toBe('deep-squat');
    expect(holdPositionOf({ id: 'squat', name: 'Squat' })).toBeNull();
    expect(holdPositionOf({ id: 'glute-bridge', name: 'Glute bridge' })).toBeNull();
    expect(holdPositionOf({ id: 'dead-bug', name: 'Dead bug' })).toBeNull();
  });
});

describe('isInHoldPosition', () => {
  // Generated takes: a push-up's body is level like a plank's; a squat stands, then sinks.
  const pushUps = generateTake({ movement: 'pushup', reps: 3, idleMs: 0, seed: 3 });
  const squats = generateTake({ movement: 'squat', reps: 3, idleMs: 1500, seed: 3 });
  const frontSquats = generateTake({ movement: 'squat', reps: 3, idleMs: 1500, seed: 4, yaw: 0.9 });

  it('a body level from the shoulders to the feet is in a plank; a person standing or squatting is not', () => {
    expect(share(pushUps, (frame) => isInHoldPosition('plank', frame, sizeOf(pushUps)))).toBeGreaterThan(0.95);
    expect(share(squats, (frame) => isInHoldPosition('plank', frame, sizeOf(squats)))).toBe(0);
  });

  it('a person standing is not in a deep squat; at the bottom of a squat, from the side or the front, they are', () => {
    for (const take of [squats, frontSquats]) {
      const standing = take.frames.filter((frame) => frame.t < 1000);
      expect(standing.some((frame) => isInHoldPosition('deep-squat', frame, sizeOf(take)))).toBe(false);
      expect(take.frames.some((frame) => isInHoldPosition('deep-squat', frame, sizeOf(take)))).toBe(true);
    }
    expect(share(pushUps, (frame) => isInHoldPosition('deep-squat', frame, sizeOf(pushUps)))).toBe(0);
  });

  it('is not judged without the joints that tell it', () => {
    const frame = pushUps.frames[10]!;
    const noHips = { ...frame, keypoints: frame.keypoints.filter((keypoint) => !keypoint.name.endsWith('_hip')) };
    expect(isInHoldPosition('plank', frame, sizeOf(pushUps))).toBe(true);
    expect(isInHoldPosition('plank', noHips, sizeOf(pushUps))).toBe(false);
  });
});

describe('HoldWatch', () => {
  it('holds through a short misread, and lets go once the position has been gone longer than the grace', () => {
    const frame = pushUps0();
    const watch = new HoldWatch('plank', { width: 640, height: 480 });
    const empty = (t: number): TFrame => ({ t, keypoints: [] });
    expect(watch.push(empty(0))).toBe(false);
    expect(watch.push({ ...frame, t: 100 })).toBe(true);
    expect(watch.push(empty(100 + HOLD_GRACE_MS))).toBe(true);
    expect(watch.push(empty(101 + HOLD_GRACE_MS))).toBe(false);
  });
});

/** One level body's frame, in a 640x480 picture. */
function pushUps0(): TFrame {
  const take = generateTake({ movement: 'pushup', reps: 1, idleMs: 0, seed: 5, width: 640, height: 480 });
  return take.frames[0]!;
}
