import { describe, expect, it } from 'vitest';
import { addClockSample, CLOCK_SAMPLES, clockOffset, phaseNow, secondsLeft } from './clock';

describe('the gateway clock on this device', () => {
  it('takes the least delayed sample: a board that took longer to arrive looks further behind', () => {
    // Gateway 1 s ahead; boards arrived after 40 ms and 250 ms on the way.
    let samples = addClockSample([], 10_000, 9_040);
    samples = addClockSample(samples, 20_000, 19_250);
    expect(clockOffset(samples)).toBe(960);
  });

  it('follows a clock set meanwhile: only the last samples count', () => {
    let samples = addClockSample([], 10_000, 5_000);
    for (let index = 0; index < CLOCK_SAMPLES; index += 1) samples = addClockSample(samples, 20_000 + index, 19_900 + index);
    expect(clockOffset(samples)).toBe(100);
    expect(clockOffset([])).toBe(0);
  });

  it('counts down to startsAt by the gateway’s clock, so two devices with different clocks show the same number', () => {
    const startsAt = 100_000;
    // The same moment: the gateway reads 96_500; one device's clock is 2 s behind, the other's 3 s ahead.
    expect(secondsLeft(startsAt, 2_000, 94_500)).toBe(4);
    expect(secondsLeft(startsAt, -3_000, 99_500)).toBe(4);
    expect(secondsLeft(startsAt, 0, 99_001)).toBe(1);
    expect(secondsLeft(startsAt, 0, 100_000)).toBe(0);
    expect(secondsLeft(startsAt, 0, 120_000)).toBe(0);
  });

  it('turns the countdown into the running step at startsAt, and leaves other phases alone', () => {
    expect(phaseNow({ phase: 'countdown', startsAt: 10_000 }, 500, 9_400)).toBe('countdown');
    expect(phaseNow({ phase: 'countdown', startsAt: 10_000 }, 500, 9_500)).toBe('running');
    expect(phaseNow({ phase: 'rest', startsAt: 10_000 }, 0, 0)).toBe('rest');
    expect(phaseNow({ phase: 'lobby', startsAt: null }, 0, 0)).toBe('lobby');
  });
});
