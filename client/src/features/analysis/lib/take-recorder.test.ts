import { describe, expect, it } from 'vitest';
import { generateTake, parseTake, scoreTake, buildReference } from '@movelab/shared/movescore/index';
import type { TPoseResult } from '@/lib/pose/pose-client';
import { LiveSession } from './live-session';
import { TakeRecorder } from '@/lib/pose/take-recorder';

const take = generateTake({ movement: 'squat', reps: 3, seed: 3 });
const results: TPoseResult[] = take.frames.map((frame) => ({ frame: { ...frame, t: frame.t + 5000 }, width: 640, height: 480, inferenceMs: 27 }));

describe('TakeRecorder', () => {
  it('turns worker answers into a valid take starting at 0, with the real frame rate', () => {
    const recorder = new TakeRecorder();
    results.forEach((result) => recorder.add(result));
    const recorded = recorder.toTake()!;
    expect(() => parseTake(recorded)).not.toThrow();
    expect(recorded.frames[0]!.t).toBe(0);
    expect(recorded.frames).toHaveLength(take.frames.length);
    expect(recorded.fps).toBeCloseTo(30, 0);
  });

  it('refuses out-of-order frames and a change of picture size; no take from one frame', () => {
    const recorder = new TakeRecorder();
    expect(recorder.add(results[1]!)).toBe(true);
    expect(recorder.toTake()).toBeNull();
    expect(recorder.add(results[0]!)).toBe(false);
    expect(recorder.add({ ...results[2]!, width: 320 })).toBe(false);
    expect(recorder.frameCount).toBe(1);
  });
});

describe('LiveSession', () => {
  it('counts the reps live and records the same take the offline scorer counts', () => {
    const reference = buildReference(generateTake({ movement: 'squat', reps: 4, seed: 9 }));
    const session = new LiveSession(reference);
    let count = 0;
    for (const result of results) count = session.push(result)?.count ?? count;
    expect(count).toBe(3);
    expect(scoreTake(reference, session.recorder.toTake()).repCount).toBe(3);
  });
});
