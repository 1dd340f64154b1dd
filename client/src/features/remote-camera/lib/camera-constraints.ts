/** What the phone asks its camera for: the phone page and the app's phone view start from the same defaults. */
import type { TFacing, TQuality } from './rejoin-store';

export const DEFAULT_FACING: TFacing = 'environment';
export const DEFAULT_QUALITY: TQuality = '480p';

const QUALITY_SIZES: Record<TQuality, { width: number; height: number }> = {
  '480p': { width: 640, height: 480 },
  '720p': { width: 1280, height: 720 },
};

export function constraintsFor(facing: TFacing, quality: TQuality): MediaStreamConstraints {
  const size = QUALITY_SIZES[quality];
  return { audio: false, video: { facingMode: { ideal: facing }, width: { ideal: size.width }, height: { ideal: size.height } } };
}

/** Two requests for the same camera have the same key. */
export const cameraKey = (constraints: MediaStreamConstraints): string => JSON.stringify(constraints);
