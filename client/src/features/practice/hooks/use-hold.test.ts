import { generateTake, type TFrame } from '@movelab/shared/movescore/index';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialPractice, practiceReducer, type TPlanStep, type TPracticeState } from '../lib/step-machine';
import { useHold } from './use-hold';

const steps: TPlanStep[] = [
  { movementId: 'plank', name: 'Plank', targetSeconds: 30, restSeconds: 0 },
  { movementId: 'squat', name: 'Squat', targetReps: 5, restSeconds: 0 },
];
const active = (): TPracticeState =>
  [{ type: 'start' } as const, { type: 'countdown-done' } as const].reduce(practiceReducer, initialPractice(steps));
// A push-up's body is level as a plank's; a squat's first second is someone standing.
const level = generateTake({ movement: 'pushup', reps: 1, idleMs: 0, seed: 2, width: 640, height: 480 }).frames;
const standing = generateTake({ movement: 'squat', reps: 1, idleMs: 2000, seed: 2, width: 640, height: 480 }).frames;
const pose = (frame: TFrame, t: number) => ({ frame: { ...frame, t }, width: 640, height: 480, inferenceMs: 10 });

describe('useHold', () => {
  it('a plank the camera judges is held only once the level body is seen, and lets go when the person stands', () => {
    const { result } = renderHook(() => useHold(active(), 'plank'));
    expect(result.current).toMatchObject({ isJudged: true, isHeld: false });
    act(() => result.current.onPose(pose(standing[0]!, 0)));
    expect(result.current.isHeld).toBe(false);
    act(() => result.current.onPose(pose(level[0]!, 100)));
    expect(result.current.isHeld).toBe(true);
    act(() => result.current.onPose(pose(standing[1]!, 1_000)));
    expect(result.current.isHeld).toBe(false);
  });

  it('judges nothing without a position (no camera, or a hold it cannot judge), nor a step of reps', () => {
    expect(renderHook(() => useHold(active(), null)).result.current.isJudged).toBe(false);
    const squats = practiceReducer(practiceReducer(active(), { type: 'skip' }), { type: 'countdown-done' });
    expect(renderHook(() => useHold(squats, 'plank')).result.current.isJudged).toBe(false);
  });
});
