import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

const timers = {
  now: () => Date.now(),
  setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimeout: (timer: unknown) => clearTimeout(timer as number),
};

describe('the count throttle', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const sent: number[] = [];
    const throttle = createThrottle<number>(
      125,
      (value) => sent.push(value),
      (a, b) => a === b,
      timers,
    );
    return { sent, throttle };
  };

  it('sends the first value at once, then at most one per interval, the latest at its end', () => {
    const { sent, throttle } = setup();
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(124);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 3]);
  });

  it('never sends more than the interval allows, however fast the values come', () => {
    const { sent, throttle } = setup();
    for (let tick = 0; tick < 1000; tick += 5) {
      throttle.push(tick);
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(200);
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(1000 / 125) + 1);
    expect(sent.at(-1)).toBe(995);
  });

  it('sends nothing for a value equal to the last one sent, even when it came back before the trailing send', () => {
    const { sent, throttle } = setup();
    throttle.push(4);
    throttle.push(4);
    vi.advanceTimersByTime(500);
    throttle.push(5);
    throttle.push(6);
    throttle.push(5);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([4, 5]);
  });

  it('drops a waiting value on cancel, and sends an equal one again after a reset (a new step)', () => {
    const { sent, throttle } = setup();
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([1]);
    throttle.reset();
    throttle.push(1);
    expect(sent).toEqual([1, 1]);
  });
});
