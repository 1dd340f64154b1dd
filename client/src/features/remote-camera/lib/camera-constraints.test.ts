import { describe, expect, it } from 'vitest';
import { cameraKey, constraintsFor, DEFAULT_FACING, DEFAULT_QUALITY } from './camera-constraints';
import { ZFacing, ZQuality } from './rejoin-store';

const every = ZFacing.options.flatMap((facing) => ZQuality.options.map((quality) => ({ facing, quality })));
const video = (constraints: MediaStreamConstraints) => constraints.video as MediaTrackConstraints;
const ideal = (constraint: unknown) => (constraint as { ideal: unknown }).ideal;

describe('camera constraints', () => {
  it('never ask for sound, and only prefer (ideal) a camera and size, so a phone that cannot match still opens one', () => {
    for (const { facing, quality } of every) {
      const constraints = constraintsFor(facing, quality);
      expect(constraints.audio).toBe(false);
      for (const value of Object.values(video(constraints))) expect(Object.keys(value as object)).toEqual(['ideal']);
    }
  });

  it('prefer the chosen camera, the back one unless another is chosen', () => {
    for (const { facing, quality } of every) expect(ideal(video(constraintsFor(facing, quality)).facingMode)).toBe(facing);
    expect(ideal(video(constraintsFor(DEFAULT_FACING, DEFAULT_QUALITY)).facingMode)).toBe('environment');
  });

  it('prefer a landscape frame as tall as the quality names (480p: 480 rows), the smaller one unless another is chosen', () => {
    for (const { facing, quality } of every) {
      const { width, height } = video(constraintsFor(facing, quality));
      expect(ideal(height)).toBe(Number.parseInt(quality, 10));
      expect(ideal(width) as number).toBeGreaterThan(ideal(height) as number);
    }
    const rows = (quality: (typeof ZQuality.options)[number]) => ideal(video(constraintsFor(DEFAULT_FACING, quality)).height) as number;
    expect(Math.min(...ZQuality.options.map(rows))).toBe(rows(DEFAULT_QUALITY));
  });

  it('give the same camera the same key and another camera or size another key', () => {
    const keys = every.map(({ facing, quality }) => cameraKey(constraintsFor(facing, quality)));
    expect(new Set(keys).size).toBe(every.length);
    for (const { facing, quality } of every) expect(cameraKey(constraintsFor(facing, quality))).toBe(cameraKey(constraintsFor(facing, quality)));
  });
});
