import { describe, expect, it } from 'vitest';
import { CALM_SAMPLES_TO_STEP_UP, nextSendState, SEND_LEVELS, type TSendSample, type TSendState } from './send-quality';

const calm: TSendSample = { limitation: 'none', fractionLost: 0 };
const starved: TSendSample = { limitation: 'bandwidth', fractionLost: 0 };
const run = (samples: TSendSample[], from: TSendState = { level: 0, calmSamples: 0 }) => samples.reduce(nextSendState, from);

describe('the phone adapting what it sends', () => {
  it('steps down one level per strained sample, bandwidth-limited or lossy, down to the lowest level', () => {
    expect(run([starved]).level).toBe(1);
    expect(run([{ limitation: 'none', fractionLost: 0.2 }]).level).toBe(1);
    expect(run(Array<TSendSample>(10).fill(starved)).level).toBe(SEND_LEVELS.length - 1);
  });

  it('steps back up only after a calm stretch, and never above the full picture', () => {
    const low = run([starved, starved]);
    expect(run(Array<TSendSample>(CALM_SAMPLES_TO_STEP_UP - 1).fill(calm), low).level).toBe(2);
    expect(run(Array<TSendSample>(CALM_SAMPLES_TO_STEP_UP).fill(calm), low).level).toBe(1);
    expect(run(Array<TSendSample>(30).fill(calm), low).level).toBe(0);
  });

  it('restarts the calm count on a CPU-limited or slightly lossy sample', () => {
    const low = run([starved]);
    const almost = run(Array<TSendSample>(CALM_SAMPLES_TO_STEP_UP - 1).fill(calm), low);
    const interrupted = nextSendState(almost, { limitation: 'cpu', fractionLost: 0 });
    expect(interrupted).toEqual({ level: 1, calmSamples: 0 });
    expect(nextSendState(almost, { limitation: 'none', fractionLost: 0.03 })).toEqual({ level: 1, calmSamples: 0 });
  });
});
