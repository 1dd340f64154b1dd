/**
 * Movement definitions: the configuration of the analysis pipeline for each kind of movement.
 * A definition says which joint angle counts reps (and which end of it is the rest position),
 * which angles carry form and how much they may differ from the reference before it costs
 * points (tolerance bands, degrees), and by omission which joints do not matter (the arms in a
 * squat). `custom` has no fixed signal: the joint with the widest robust range of motion counts.
 */
import type { TFeatureName } from './feature-names.js';
import type { TFormJoint, TFormMode, TMovementDefinition } from './movement-definition.js';
import type { TMovementKind } from './movement-kinds.js';

// The kinds, and the form mode the form stage reads, from where they always were.
export { MOVEMENT_KIND_LABELS, MOVEMENT_KINDS, ZMovementKind, type TMovementKind } from './movement-kinds.js';
export type { TFormMode } from './movement-definition.js';

const joint = (
  feature: TFeatureName,
  weight: number,
  toleranceDeg: number,
  mode: TFormMode,
  more: Pick<TFormJoint, 'atFarEnd' | 'ideal' | 'onlyLower'> = {},
): TFormJoint => ({
  feature,
  weight,
  toleranceDeg,
  mode,
  ...more,
});

/**
 * Bands, the degrees a joint may differ from the reference for free: a `depth` joint about 10°,
 * the pose model's own error on a good rep; the others learned where real recordings allow from
 * how much good reps of different people differ (`npm run eval:real`), so most pairs of good
 * people go free while the fault still costs. The counting joint is always a `depth` joint (the
 * range of motion); the others say what must not happen (a `limit`) or must hold (a `posture`).
 * A squat's or lunge's hip angle is left out: it is the knee's depth plus the trunk's lean, so
 * scoring it again would take an upright squatter's good trunk for missing depth. How each band
 * was found, and what was tried: docs/movescore-tuning.md.
 */
export const MOVEMENT_DEFINITIONS: Readonly<Record<TMovementKind, TMovementDefinition>> = {
  squat: {
    kind: 'squat',
    counting: 'knee',
    restIsHigh: true,
    confirming: ['hip', 'trunk'],
    form: [joint('knee', 0.7, 10, 'depth'), joint('trunk', 0.3, 25, 'limit'), joint('knee_gap', 0.25, 15, 'posture', { atFarEnd: true, ideal: 0 })],
    decidingJoints: ['trunk'],
    farEnd: 'the bottom',
    further: 'deeper',
  },
  // Confirmed by the hips bending apart (`hip_split`), not by their mean angle: the front hip
  // bends while the back one stays straight, so the mean follows whichever side the pose model
  // sees better. The split legs are judged at the bottom, where they tell a lunge from a squat.
  lunge: {
    kind: 'lunge',
    counting: 'knee',
    restIsHigh: true,
    confirming: ['hip_split', 'trunk'],
    form: [
      joint('knee', 0.45, 10, 'depth'),
      joint('trunk', 0.2, 12, 'limit'),
      joint('hip_split', 0.15, 30, 'posture', { atFarEnd: true }),
      joint('knee_gap', 0.2, 15, 'posture', { atFarEnd: true }),
    ],
    decidingJoints: ['trunk'],
    farEnd: 'the bottom',
    further: 'deeper',
  },
  'push-up': {
    kind: 'push-up',
    counting: 'elbow',
    restIsHigh: true,
    // The shoulder moves with a push-up's elbow, but a real push-up take with a poorly tracked
    // pose (arms swapped and lost) swings it wildly, which made it refuse good reps: left out.
    confirming: [],
    form: [
      joint('elbow', 0.35, 10, 'depth'),
      joint('hip_sag', 0.4, 8.4, 'posture', { ideal: 0 }),
      joint('knee', 0.25, 19, 'posture'),
      joint('knee_lift', 0.25, 10.5, 'posture', { onlyLower: true }),
    ],
    decidingJoints: ['hip_sag'],
    farEnd: 'the bottom',
    further: 'deeper',
  },
  // The push-up on the knees: its body line runs from the shoulders to the knees, the support.
  // The knees on the floor (`knee_lift` near 0°) make it this variant: the heaviest joint, and
  // what tells it from the push-up (`toldBy`). The knee's own angle differs between people
  // (shins down or feet raised), so its band is wide.
  'knee-push-up': {
    kind: 'knee-push-up',
    counting: 'elbow',
    restIsHigh: true,
    confirming: [],
    form: [
      joint('elbow', 0.35, 10, 'depth'),
      joint('kneeling_sag', 0.4, 8.4, 'posture', { ideal: 0 }),
      joint('knee', 0.25, 35, 'posture'),
      joint('knee_lift', 0.7, 8, 'posture', { ideal: 0 }),
    ],
    decidingJoints: ['kneeling_sag', 'knee_lift'],
    farEnd: 'the bottom',
    further: 'deeper',
    toldBy: 'knee_lift',
  },
  'jumping-jack': {
    kind: 'jumping-jack',
    counting: 'shoulder',
    restIsHigh: false,
    confirming: [],
    form: [joint('shoulder', 0.6, 15, 'depth'), joint('elbow', 0.2, 20, 'match'), joint('trunk', 0.2, 15, 'limit')],
    decidingJoints: [],
    farEnd: 'the top',
    further: 'higher',
  },
  // Filmed from the side, the shoulder's angle shows the arm against the trunk (a raise helped by
  // the back swinging reaches less far); facing the camera, where the arm points at the camera at
  // the top, it is counted on the arm's raise read from the elbow's height.
  'front-raise': {
    kind: 'front-raise',
    counting: 'shoulder',
    countingFacing: 'arm_raise',
    restIsHigh: false,
    confirming: [],
    form: [joint('shoulder', 0.5, 10, 'depth'), joint('elbow', 0.2, 5, 'limit'), joint('trunk', 0.3, 5, 'limit')],
    decidingJoints: ['trunk'],
    farEnd: 'the top',
    further: 'higher',
    rangeFromReferenceRest: true,
  },
  curl: {
    kind: 'curl',
    counting: 'elbow',
    restIsHigh: true,
    confirming: [],
    form: [joint('elbow', 0.5, 10, 'depth'), joint('upper_arm', 0.35, 5, 'limit'), joint('trunk', 0.15, 5, 'limit')],
    decidingJoints: ['upper_arm'],
    farEnd: 'the top',
    further: 'further',
    rangeFromReferenceRest: true,
  },
  // Counted on the upper arm's raise read from the elbow's height (`arm_raise`), not on the
  // shoulder's angle in the picture: seen side-on, a press's upper arms point at the camera at
  // the bottom, where that angle is anything. Its far end, the arms overhead, is a place to
  // reach, so a rep's range counts from the reference's rest on (as a raise's). Its faults, each
  // judged where the camera shows it (docs/movescore.md, "The shoulder press's faults"): the arms
  // not straight at the top (the elbow held to straight there, as the picture shows it from the
  // front; from the side an arm bent out to the side looks straight), the elbows coming forward
  // of the shoulders and the back leaning back as the arms go up (`elbow_forward`, `back_lean`:
  // read side-on only). Their bands are not learned from real presses (none to learn from yet).
  'shoulder-press': {
    kind: 'shoulder-press',
    counting: 'arm_raise',
    countingUnseen: ['elbow', 'upper_arm'],
    restIsHigh: false,
    confirming: ['elbow'],
    form: [
      joint('arm_raise', 0.4, 10, 'depth'),
      joint('elbow', 0.3, 15, 'posture', { atFarEnd: true, ideal: 180 }),
      joint('back_lean', 0.15, 8, 'limit'),
      joint('elbow_forward', 0.15, 10, 'posture'),
    ],
    decidingJoints: ['elbow'],
    farEnd: 'the top',
    further: 'higher',
    rangeFromReferenceRest: true,
  },
  // Counted on the shoulders rising towards the ears (`neck`), which no joint angle shows: the
  // arms hang from the shoulders and rise with them. Its range counts from the rep's own start,
  // people's necks differing by more than a shrug's range. The arms stay straight (the elbow:
  // bending them is a curl or a row) and hang still (the upper arm), the trunk still (no leaning
  // back or bouncing). Filmed from the chest up, facing the camera, there is no trunk to read it
  // along: it is read across the shoulders instead (`neck_facing`).
  shrug: {
    kind: 'shrug',
    counting: 'neck',
    countingUnseen: ['neck_facing'],
    restIsHigh: true,
    confirming: [],
    form: [joint('neck', 0.5, 5, 'depth'), joint('elbow', 0.2, 10, 'limit'), joint('upper_arm', 0.15, 8, 'limit'), joint('trunk', 0.15, 5, 'limit')],
    decidingJoints: ['upper_arm'],
    farEnd: 'the top',
    further: 'higher',
  },
  // Which of these joints a reference compares, how, and with what weight and band follows from
  // what each does in the reference's own reps (reference.ts: customMode, buildReference). The
  // upper arm's hang shows an arm's swing where the hips, and so the shoulder angle, are out of view.
  // The body line (`hip_sag`) is measured only with the body more level than upright, so it
  // counts for movements on the floor alone; its band is the push-up's, learned from real people.
  custom: {
    kind: 'custom',
    counting: null,
    restIsHigh: null,
    confirming: [],
    form: [
      joint('knee', 0.2, 8, 'match'),
      joint('hip', 0.2, 8, 'match'),
      joint('elbow', 0.2, 8, 'match'),
      joint('shoulder', 0.2, 8, 'match'),
      joint('trunk', 0.2, 8, 'match'),
      joint('upper_arm', 0.2, 8, 'match'),
      joint('hip_sag', 0.2, 8.4, 'posture'),
    ],
    decidingJoints: [],
    farEnd: 'the far end',
    further: 'deeper',
  },
};

export function movementDefinition(kind: TMovementKind = 'custom'): TMovementDefinition {
  return MOVEMENT_DEFINITIONS[kind];
}

/** The signals that confirm a rep counted on `primary` (the definition's, less the counting signal itself). */
export function confirmingSignals(kind: TMovementKind, primary: TFeatureName): TFeatureName[] {
  return movementDefinition(kind).confirming.filter((feature) => feature !== primary);
}
