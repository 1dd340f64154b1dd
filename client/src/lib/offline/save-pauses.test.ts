import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pauseSaves, savesPausedSeconds } from './save-pauses';

describe('paused saves', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a second account paused on the same device leaves the first one its own retry', () => {
    const retried: string[] = [];
    pauseSaves('first', 30_000, () => retried.push('first'));
    vi.advanceTimersByTime(10_000);
    pauseSaves('second', 60_000, () => retried.push('second'));

    expect(savesPausedSeconds('first')).toBe(20);
    expect(savesPausedSeconds('second')).toBe(60);
    vi.advanceTimersByTime(20_000);
    expect(retried).toEqual(['first']);
    expect(savesPausedSeconds('first')).toBe(0);
    expect(savesPausedSeconds('second')).toBe(40);
    vi.advanceTimersByTime(40_000);
    expect(retried).toEqual(['first', 'second']);
  });

  it('a new pause of the same account replaces its old one: one retry, at the new end', () => {
    const retried: number[] = [];
    pauseSaves('one', 10_000, () => retried.push(1));
    pauseSaves('one', 30_000, () => retried.push(2));
    vi.advanceTimersByTime(10_000);
    expect(retried).toEqual([]);
    expect(savesPausedSeconds('one')).toBe(20);
    vi.advanceTimersByTime(20_000);
    expect(retried).toEqual([2]);
  });

  it('an account never paused, or none signed in, may save now', () => {
    expect(savesPausedSeconds('nobody')).toBe(0);
    expect(savesPausedSeconds(null)).toBe(0);
  });
});
