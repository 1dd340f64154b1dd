/**
 * What each feature is called where a person reads it, in plain words, not the code's names
 * ("neck_facing").
 */
import { FEATURE_NAMES, type TFeatureName } from './feature-names.js';

/**
 * `part`, the body part the feedback names ("Keep your knees level"); `signal`, the measure a
 * reference counts on, on the result's curve and the reference capture ("knee angle").
 */
export const FEATURE_WORDS: Readonly<Record<TFeatureName, { part: string; signal: string }>> = {
  knee: { part: 'knees', signal: 'knee angle' },
  hip: { part: 'hips', signal: 'hip angle' },
  elbow: { part: 'elbows', signal: 'elbow angle' },
  shoulder: { part: 'shoulders', signal: 'shoulder angle' },
  trunk: { part: 'upper body', signal: 'upper-body lean' },
  left_knee: { part: 'left knee', signal: 'left knee angle' },
  right_knee: { part: 'right knee', signal: 'right knee angle' },
  left_hip: { part: 'left hip', signal: 'left hip angle' },
  right_hip: { part: 'right hip', signal: 'right hip angle' },
  left_elbow: { part: 'left elbow', signal: 'left elbow angle' },
  right_elbow: { part: 'right elbow', signal: 'right elbow angle' },
  left_shoulder: { part: 'left shoulder', signal: 'left shoulder angle' },
  right_shoulder: { part: 'right shoulder', signal: 'right shoulder angle' },
  upper_arm: { part: 'upper arms', signal: 'upper-arm angle' },
  hip_sag: { part: 'hips', signal: 'body line at the hips' },
  kneeling_sag: { part: 'hips', signal: 'body line from shoulders to knees' },
  hip_split: { part: 'legs', signal: 'difference between the hips' },
  knee_gap: { part: 'knees', signal: 'difference in knee height' },
  knee_lift: { part: 'knees', signal: 'knee height above the hands' },
  elbow_offset: { part: 'elbows', signal: 'elbows out from the shoulders' },
  arm_raise: { part: 'upper arms', signal: 'arm raise' },
  neck: { part: 'shoulders', signal: 'shoulders-to-ears angle' },
  neck_facing: { part: 'shoulders', signal: 'shoulders-to-ears angle' },
  elbow_forward: { part: 'elbows', signal: 'elbows forward of the shoulders' },
  back_lean: { part: 'back', signal: 'lean back' },
};
/** Each feature's `signal` words (FEATURE_WORDS). */
export const SIGNAL_NAMES: Readonly<Record<TFeatureName, string>> = Object.fromEntries(
  FEATURE_NAMES.map((feature) => [feature, FEATURE_WORDS[feature].signal]),
) as Record<TFeatureName, string>;
