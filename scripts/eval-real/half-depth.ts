/**
 * A take of reduced depth made from a real one, for checking that scoring tells depth apart:
 * every frame's keypoints moved `fraction` of the way towards the take's rest frame (the frame
 * where the counting joint is straightest).
 */
import { FEATURE_INDEX, takeFeatures, type TMovementKind, type TTake } from '@movelab/shared/movescore/index';

export function shallower(take: TTake, kind: TMovementKind, fraction: number): TTake {
  // No frame, no rest frame to move towards: nothing to make shallower.
  if (take.frames.length === 0) return take;
  const counting = kind === 'push-up' ? 'elbow' : 'knee';
  const signal = takeFeatures(take).values[FEATURE_INDEX[counting]]!;
  let restIndex = 0;
  signal.forEach((value, index) => {
    if (value > (signal[restIndex]! || Number.NEGATIVE_INFINITY)) restIndex = index;
  });
  const rest = new Map(take.frames[restIndex]!.keypoints.map((keypoint) => [keypoint.name, keypoint]));
  return {
    ...take,
    frames: take.frames.map((frame) => ({
      t: frame.t,
      keypoints: frame.keypoints.map((keypoint) => {
        const still = rest.get(keypoint.name);
        if (!still) return keypoint;
        return {
          ...keypoint,
          x: still.x + (keypoint.x - still.x) * (1 - fraction),
          y: still.y + (keypoint.y - still.y) * (1 - fraction),
        };
      }),
    })),
  };
}
