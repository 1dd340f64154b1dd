/**
 * What is in view: the body parts the camera does not see, in a frame or over a take, the
 * parts each feature needs, and what to tell the user about them.
 */
import { andList } from '../format.js';
import {
  type ARM_FEATURES,
  type POSTURE_FEATURES,
  type SEGMENT_FEATURES,
  type SHOULDER_FEATURES,
  type SIDE_VIEW_FEATURES,
  type TFeatureName,
  type TJoint,
} from './feature-names.js';
import { isSeenKeypoint, SIGNAL_DEFAULTS, type TPoseSeries } from './keypoint-stage.js';
import { KEYPOINT_INDEX, type TFrame, type TKeypointName } from './take.js';

export const BODY_PARTS = ['head', 'shoulders', 'elbows', 'wrists', 'hips', 'knees', 'ankles'] as const;
export type TBodyPart = (typeof BODY_PARTS)[number];
export const PART_KEYPOINTS: Readonly<Record<TBodyPart, readonly TKeypointName[]>> = {
  head: ['nose', 'left_eye', 'right_eye', 'left_ear', 'right_ear'],
  shoulders: ['left_shoulder', 'right_shoulder'],
  elbows: ['left_elbow', 'right_elbow'],
  wrists: ['left_wrist', 'right_wrist'],
  hips: ['left_hip', 'right_hip'],
  knees: ['left_knee', 'right_knee'],
  ankles: ['left_ankle', 'right_ankle'],
};

/**
 * Body parts the camera does not see in this frame: none of their keypoints is confident and
 * inside the image. One side hidden (a side view) is normal and not reported.
 */
export function partsOutOfView(frame: TFrame, size: { width: number; height: number }, minScore = SIGNAL_DEFAULTS.minScore): TBodyPart[] {
  const seen = new Set<TKeypointName>();
  for (const keypoint of frame.keypoints) {
    if (isSeenKeypoint(keypoint, size, minScore)) seen.add(keypoint.name);
  }
  return BODY_PARTS.filter((part) => !PART_KEYPOINTS[part].some((keypoint) => seen.has(keypoint)));
}

/**
 * Body parts out of view (none of their keypoints known after gating and gap filling) in at least
 * `share` of the frames (of frames `from`..`to`, inclusive, where given: a rep's).
 */
export function mostlyOutOfView(pose: TPoseSeries, share = 0.5, from = 0, to = pose.t.length - 1): TBodyPart[] {
  const frames = to - from + 1;
  return BODY_PARTS.filter((part) => {
    const columns = PART_KEYPOINTS[part].map((keypoint) => pose.x[KEYPOINT_INDEX[keypoint]]!);
    let hidden = 0;
    for (let i = from; i <= to; i += 1) {
      if (columns.every((column) => Number.isNaN(column[i]!))) hidden += 1;
    }
    return hidden >= share * Math.max(1, frames);
  });
}

/** Parts hidden often enough (a third of the frames) to break counting. */
export const partsOutOfViewOften = (pose: TPoseSeries) => mostlyOutOfView(pose, 1 / 3);

/** The body parts each joint angle is computed from (a side's angle needs the same parts as the mean). */
const JOINT_PARTS: Readonly<Record<TJoint, readonly TBodyPart[]>> = {
  knee: ['hips', 'knees', 'ankles'],
  hip: ['shoulders', 'hips', 'knees'],
  elbow: ['shoulders', 'elbows', 'wrists'],
  shoulder: ['hips', 'shoulders', 'elbows'],
};
const OTHER_PARTS: Readonly<
  Record<
    | 'trunk'
    | (typeof SEGMENT_FEATURES)[number]
    | (typeof POSTURE_FEATURES)[number]
    | (typeof ARM_FEATURES)[number]
    | (typeof SHOULDER_FEATURES)[number]
    | (typeof SIDE_VIEW_FEATURES)[number],
    readonly TBodyPart[]
  >
> = {
  trunk: ['shoulders', 'hips'],
  upper_arm: ['shoulders', 'elbows'],
  hip_sag: ['shoulders', 'hips', 'knees'],
  kneeling_sag: ['shoulders', 'hips', 'knees'],
  hip_split: ['shoulders', 'hips', 'knees'],
  knee_gap: ['shoulders', 'hips', 'knees'],
  knee_lift: ['shoulders', 'elbows', 'wrists', 'knees'],
  elbow_offset: ['shoulders', 'elbows', 'hips'],
  arm_raise: ['shoulders', 'elbows', 'hips'],
  neck: ['head', 'shoulders', 'hips'],
  neck_facing: ['head', 'shoulders'],
  elbow_forward: ['head', 'shoulders', 'elbows', 'hips'],
  back_lean: ['head', 'shoulders', 'hips'],
};

function partsOf(feature: TFeatureName): readonly TBodyPart[] {
  const joint = feature.replace(/^(left|right)_/, '');
  return joint in JOINT_PARTS ? JOINT_PARTS[joint as keyof typeof JOINT_PARTS] : OTHER_PARTS[feature as keyof typeof OTHER_PARTS];
}

/** The body parts these features need, in BODY_PARTS order: what a camera must see to count on them. */
export function featureParts(features: readonly TFeatureName[]): TBodyPart[] {
  const needed = new Set(features.flatMap(partsOf));
  return BODY_PARTS.filter((part) => needed.has(part));
}

/** What to tell the user about parts out of view, or null when all is seen. */
export function outOfViewHint(parts: readonly TBodyPart[]): string | null {
  if (parts.length === 0) return null;
  if (parts.length === BODY_PARTS.length) return 'No one is in view: step into the picture';
  const names = andList(parts);
  const isLowerBody = parts.every((part) => part === 'knees' || part === 'ankles' || part === 'hips');
  const advice = isLowerBody ? 'Step back so your' : 'Move so your';
  const isPlural = parts.length > 1 || parts[0] !== 'head';
  return `${advice} ${names} ${isPlural ? 'are' : 'is'} visible`;
}
