import { describe, expect, it } from 'vitest';
import { keepAtRate } from './frame-rate';

const kept = (fps: number, sourceFps: number, count: number) => {
  const keep = keepAtRate(fps, sourceFps);
  return Array.from({ length: count }, (_, index) => (index * 1000) / sourceFps).filter((t) => keep(t)).length;
};

describe('keepAtRate', () => {
  it('keeps every other frame of a 30 and a 29.97 frames/s video at 15', () => {
    expect(kept(15, 30, 300)).toBe(150);
    expect(kept(15, 29.97, 600)).toBe(300);
  });

  it('keeps every frame of a video already at or under the rate', () => {
    expect(kept(15, 12, 120)).toBe(120);
    expect(kept(15, 15, 90)).toBe(90);
  });

  it('keeps about the rate from a 60 frames/s video with uneven times', () => {
    const keep = keepAtRate(15, 60);
    const times = Array.from({ length: 600 }, (_, index) => (index * 1000) / 60 + (index % 3) * 2);
    const count = times.filter((t) => keep(t)).length;
    expect(count).toBeGreaterThanOrEqual(148);
    expect(count).toBeLessThanOrEqual(152);
  });
});
