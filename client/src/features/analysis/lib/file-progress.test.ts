import { describe, expect, it } from 'vitest';
import { fileProgress, timeLeftText } from './file-progress';

describe('the progress of a file being analysed', () => {
  it('estimates the time left from the pace so far', () => {
    expect(fileProgress(10_000, 0.25)).toEqual({ percent: 25, secondsLeft: 30 });
    expect(fileProgress(20_000, 0.8).secondsLeft).toBeCloseTo(5);
  });

  it('gives no estimate before the pace is known, and keeps the share within 0..100%', () => {
    expect(fileProgress(800, 0.2).secondsLeft).toBeNull();
    expect(fileProgress(5_000, 0.01)).toEqual({ percent: 1, secondsLeft: null });
    expect(fileProgress(5_000, 1.2)).toEqual({ percent: 100, secondsLeft: 0 });
  });

  it('says the wait in words', () => {
    expect(timeLeftText(29.2)).toBe('about 30 s left');
    expect(timeLeftText(130)).toBe('about 3 min left');
    expect(timeLeftText(0.4)).toBe('almost done');
  });
});
