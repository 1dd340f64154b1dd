import { describe, expect, it } from 'vitest';
import { cameraKey, constraintsFor, DEFAULT_FACING, DEFAULT_QUALITY } from './camera-constraints';

describe('camera constraints', () => {
  it('asks for the chosen camera and size as preferences, without sound', () => {
    expect(constraintsFor('user', '720p')).toEqual({
      audio: false,
      video: { facingMode: { ideal: 'user' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    expect(constraintsFor(DEFAULT_FACING, DEFAULT_QUALITY)).toEqual({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 640 }, height: { ideal: 480 } },
    });
  });

  it('gives the same camera the same key and another camera or size another key', () => {
    expect(cameraKey(constraintsFor('environment', '480p'))).toBe(cameraKey(constraintsFor('environment', '480p')));
    expect(cameraKey(constraintsFor('environment', '480p'))).not.toBe(cameraKey(constraintsFor('user', '480p')));
    expect(cameraKey(constraintsFor('environment', '480p'))).not.toBe(cameraKey(constraintsFor('environment', '720p')));
  });
});
