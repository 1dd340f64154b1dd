/**
 * Movement definitions: the configuration of the analysis pipeline for each kind of movement.
 * A definition says which joint angle counts reps (and which end of it is the rest position),
 * which angles carry form and how much they may differ from the reference before it costs
 * points (tolerance bands, degrees), and by omission which joints do not matter (the arms in a
 * squat). `custom` has no fixed signal: the joint with the widest robust range of motion counts.
 */
import { z } from 'zod';
import type { TFeatureName } from './features.js';

export const MOVEMENT_KINDS = [
  'squat',
  'lunge',
  'push-up',
  'knee-push-up',
  'jumping-jack',
  'front-raise',
  'curl',
  'shoulder-press',
  'shrug',
  'custom',
] as const;
export const ZMovementKind = z.enum(MOVEMENT_KINDS);
export type TMovementKind = z.infer<typeof ZMovementKind>;
/** What the admin screens call each kind. */
export const MOVEMENT_KIND_LABELS: Readonly<Record<TMovementKind, string>> = {
  squat: 'Squat',
  lunge: 'Lunge',
  'push-up': 'Push-up',
  'knee-push-up': 'Knee push-up',
  'jumping-jack': 'Jumping jack',
  'front-raise': 'Front raise',
  curl: 'Biceps curl',
  'shoulder-press': 'Shoulder press',
  shrug: 'Shoulder shrug',
  custom: 'Other (counting joint chosen from the video)',
};

/**
 * Which way a difference from the reference is a fault. Joints are compared by how far they
 * move from the person's own rest posture in the rep (not by their absolute angle, which
 * depends on build and camera):
 * - `depth`: moving less far than the reference is the fault (half a squat); further is fine;
 * - `limit`: moving more than the reference is the fault (the upper arm swinging in a curl, the
 *   trunk collapsing in a squat); staying stiller is fine;
 * - `match`: any difference along the rep beyond the band (a `custom` movement's joints that move);
 * - `posture`: the joint's own angle (not its movement) against the reference's at the aligned
 *   moments, either way beyond the band: the body line of a push-up (sagging or piked hips),
 *   the knees of a push-up (down on the floor or straight: another variant), the legs of a
 *   squat or lunge (together or split: another movement). Only for angles the person's build
 *   hardly changes, with bands wide enough for how differently real people hold them.
 */
export const FORM_MODES = ['depth', 'limit', 'match', 'posture'] as const;
export type TFormMode = (typeof FORM_MODES)[number];

/** One joint that carries form: how much it counts, how far (degrees) it may differ for free, and which way is a fault. */
export type TFormJoint = {
  feature: TFeatureName;
  weight: number;
  toleranceDeg: number;
  mode: TFormMode;
  /**
   * A `posture` joint that tells the movement apart only at the rep's far end (a lunge's split
   * legs: standing, the legs of a lunge and of a squat look alike): its difference there counts
   * when it is larger than its mean over the whole rep.
   */
  atFarEnd?: boolean;
  /**
   * The value a `posture` joint has when done right whoever does it (a push-up's body line: 0°,
   * straight). Set, a rep also costs when it is further from it than the band, so a reference
   * whose own posture is off by a few degrees does not pass the same fault, a little larger, in others.
   * With `atFarEnd`, the far end is held to it alone (a squat's knees level at the bottom): the
   * reference's own value there, misread or not, does not count.
   */
  ideal?: number;
  /**
   * A `posture` joint whose difference from the reference is a fault one way only: lower than
   * the reference's (a push-up's knees coming down towards the floor). Higher is how some people
   * hold it (PushFit's good push-ups lift their knees 12-33° above the hands), so it is free.
   */
  onlyLower?: boolean;
};

export type TMovementDefinition = {
  kind: TMovementKind;
  /** The signal reps are counted on (null: chosen from the take, for `custom`). */
  counting: TFeatureName | null;
  /**
   * Filmed facing the camera, the signal counted on instead, and judged in the counting joint's
   * place: a front raise's arm points at the camera at the top, where its angle in the picture
   * is anything, and its raise read from the elbow's height is not. Chosen when the reference is
   * built, from the view its take is filmed from (a perspective's takes are filmed as its
   * reference). Its rest is at the same end as the counting signal's (`restIsHigh`), as is
   * `countingUnseen`'s.
   */
  countingFacing?: TFeatureName;
  /**
   * Where the counting signal is not seen in most of the reference take's frames, the signals
   * counted on instead, the first seen in most of them (judged in its place, or alone where the
   * form already names it): the shoulder press is read against the trunk, and a press filmed
   * from the chest up shows no hips; its elbow's angle needs none, but needs the wrists, which
   * the pose model often loses from the chest up (a hand round a dumbbell); the upper arm's
   * inclination needs only the shoulders and elbows.
   */
  countingUnseen?: readonly TFeatureName[];
  /** Whether the counting angle is larger at rest than at the far end of a rep (a straight knee standing). */
  restIsHigh: boolean | null;
  /**
   * Signals that move with every rep of this movement and confirm it is one (the hip and trunk
   * bend with a squat's knee, the elbow with a shoulder press's shoulder): a candidate rep must
   * move one of them as the person's counted reps did (see reps.ts). Empty: the counting signal alone.
   */
  confirming: readonly TFeatureName[];
  /** Joints compared with the reference; any other joint does not affect the score. */
  form: readonly TFormJoint[];
  /**
   * The joints of `form`, besides the counting one, that decide the form (a push-up's body
   * line): a rep that does not show one, out of view or read unsteadily, is not judged on it,
   * and a take whose reps mostly do not is not judged at all, rather than scored on what is left
   * (judged.ts). Empty where the counting joint's range is the form (a jumping jack's arms) or
   * nothing says which is ("Other").
   */
  decidingJoints: readonly TFeatureName[];
  /** Plain words for the far end of a rep ("the bottom"), used in feedback. */
  farEnd: string;
  /** How to say "go further" ("deeper", "higher"), used in feedback. */
  further: string;
  /**
   * Whether a rep's range counts only from the reference's rest on: a start beyond it (an arm
   * straighter than the reference's at the bottom of a curl) is no range, so the rep must reach
   * the reference's far end. For the arm movements whose far end is a place the arm must get
   * to (the forearm up to the shoulder, the arm to shoulder height, the arms overhead), read in
   * the picture's plane or from height. Elsewhere a rep's range is measured from where the person starts, so a
   * stiff joint at rest, or a camera that shows it at another angle, is no fault.
   */
  rangeFromReferenceRest?: boolean;
  /**
   * The joint that tells this movement from the catalogue's others (the knee push-up's knees on
   * the floor, `knee_lift`, where the rest of it is a push-up's). A rep in which it is not judged,
   * out of view or misread, shows nothing of what makes it this movement and scores at most
   * UNTOLD_SCORE (form.ts), and the feedback says why.
   */
  toldBy?: TFeatureName;
};

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
 * Tolerances: a depth joint gets about 10°, the pose model's own error on a good rep; the
 * squat's trunk 25°, learned from real people (people of different build lean differently in a
 * good squat: RepCount's squats and the MIT clip, each against the others filmed from its side,
 * lean up to 29° further than one another, the 90th percentile over pairs of people; with 15°
 * their squats scored 73% against each other, 80% now, and a trunk collapsing to twice the
 * reference's lean still costs 20 points or more); the lunge's 12°; a joint that should
 * stay still 10° where nothing better is known. The curl's and the front raise's are learned from
 * real people (`npm run eval:real`, Pose Trainer's good curls and raises, each against good
 * references of the others: the 90th percentile of how much further the joint moves than the
 * reference's): the upper arm 4.0° and the trunk 0.3° in a curl, the elbow 3.4° and the trunk
 * 3.3° in a raise; all four are set to 5°, so the pose noise of other cameras has room. With
 * 10°, 15° and 8° a swinging upper arm or back went free under some references (one-reference
 * AUC at least 0.80 curl, 0.85 raise; 0.95 and 0.88 with 5°). The counting joint is always a `depth` joint: the
 * range of motion; the others say what must not happen (a `limit`) or must happen too.
 * The hip angle of a squat or lunge is left out: it is the depth (the knee) plus the trunk's
 * lean (the trunk), so scoring it again would take an upright squatter's good trunk for
 * missing depth.
 * The push-up's posture bands are learned from real people (`npm run eval:real`, PushFit's
 * good push-ups of 7 people, each against good references of the others: the 90th percentile
 * over pairs of people of the mean difference at the aligned moments, so nine pairs of good
 * people in ten go free): the body line (shoulder-hip-ankle) 8.4°, the knees 19°. The body line is
 * also held to a straight one (`ideal` 0°) with the same band: PushFit's good push-ups keep it
 * within 8° of straight, its sagging ones 10-19° down, and a reference whose own hips sag 7°
 * let those through (one-reference AUC 0.59; 0.87 held to both). The knees' height above the
 * hands (`knee_lift`) 10.5°, lower than the reference's only: a push-up whose knees come down
 * towards the floor (PushFit's "knees down" reps) costs, knees held higher does not (one-reference
 * AUC 0.87 at least, from 0.85; the catalogue push-up's AUC on PushFit 0.88, from 0.85). The lunge's
 * split legs are judged at the bottom of the rep, where they tell it from a squat, twice: the
 * hips bending apart (30°: the far hip of a side view is a guess) and the back knee dropping
 * below the front one (15°: heights do not depend on the side the camera films from). With
 * them, real squats of other people score 61 points lower under the demo lunge than under the
 * demo squat (40 before; `npm run eval:real`). The squat holds its knees level at the bottom
 * (`knee_gap`, 15° from 0°, whoever the reference is), so a lunge scores low under it: generated
 * lunges from the side and at an angle scored 94-100% under the demo squats, now 45-48% (seen
 * head-on the front thigh points at the camera and the gap is not read). It does not judge
 * the hips bending apart: front views of real squats show them 80° apart, model noise. Held to
 * the reference's gap instead of a level one, a real squat whose far knee the model reads at the
 * hip (RepCount val1244: 90° at the bottom) made a reference that cost every other squat; and
 * that take's own knee is left unread (`knee_gap`'s thighs), so real squats score as they do
 * without it (`npm run eval:real`).
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
  // Confirmed by the hips bending apart (`hip_split`), not by the hips' mean angle as a squat
  // is: a lunge's front hip bends about 90° while the back one stays straight, so their mean
  // follows whichever side the pose model sees better from frame to frame, and a rep whose mean
  // hip happened to move little went uncounted (generated lunges at 0.5-1.2% keypoint noise:
  // 68% counted exactly, 100% with the hips apart).
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
  // The push-up on the knees: its body line runs from the shoulders to the knees, the support
  // (to the ankles it bends 45° or more in a good one); the band is the push-up's. What makes it
  // this variant is the knees on the floor: `knee_lift` near 0° (PushFit's reps that come up on
  // the knees: 1-7°; on the toes 12-33°), the heaviest joint, with an 8° band: those reps,
  // built as references, read 3-5° and are kept; a take going down on the toes reads 10° and is
  // refused (with 6° the drop below is 46 points, but a real knee push-up at 7° would be refused).
  // The knee's angle differs between people (shins on the floor about 130-150°, feet raised
  // about 90°), so its band is 35° around the reference's: a straight leg still reads "Legs
  // straight". Under it PushFit's good push-ups on the toes score 47 points lower on average
  // than under the standard push-up, and 30 or more lower in 31 of their 32 takes (the other's pose
  // is misread throughout). The knees' height is what tells it from the push-up (`toldBy`): where
  // the knees are not made out, a rep scores at most half (three of those takes show no knees,
  // and scored 100% under both before).
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
  // the back swinging reaches less far); facing the camera, it is counted on the arm's raise read
  // from the elbow's height (generated raises filmed facing: 3% counted exactly on the shoulder's
  // angle, 100% so). Pose Trainer's real raises, side views, counted so: one-reference AUC 0.80
  // instead of 0.885, the swing no longer shortening the range; so only where the angle fails.
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
  // the bottom, so the shoulder's angle there is anything, and a press stopping halfway scored
  // 99-100% under a reference filmed within 0.3 rad of side-on (generated presses); by height,
  // 22-35% from every side. Where the elbows are across the picture (`elbow_offset`, against the
  // reference's at the aligned moments) costs a little where they come forward, seen from the
  // side (seen from the front, elbows coming in front of the body hardly change it). Its far
  // end, the arms overhead, is a place to reach, so a rep's range counts from the reference's
  // rest on (as a raise's): a press from lower down that stops halfway is half a press. Bands as
  // before real presses were measured: depth 10°, the elbow 12°, the trunk 8°. Read from height,
  // Pose Trainer's real front raises (side views) count as before and their good reps score
  // 96-100% against other people's references (`npm run eval:real` with the raise counted so).
  'shoulder-press': {
    kind: 'shoulder-press',
    counting: 'arm_raise',
    countingUnseen: ['elbow', 'upper_arm'],
    restIsHigh: false,
    confirming: ['elbow'],
    form: [
      joint('arm_raise', 0.4, 10, 'depth'),
      joint('elbow', 0.3, 12, 'depth'),
      joint('trunk', 0.15, 8, 'limit'),
      joint('elbow_offset', 0.15, 8, 'posture'),
    ],
    decidingJoints: ['elbow'],
    farEnd: 'the top',
    further: 'higher',
    rangeFromReferenceRest: true,
  },
  // Counted on the shoulders rising towards the ears (`neck`), which no joint angle shows: the
  // arms hang from the shoulders and rise with them. Its range counts from the rep's own start,
  // people's necks differing (real people at ease: 60-73°, more than a shrug's range). The arms
  // stay straight (the elbow: bending them is a curl or a row) and hang still (the upper arm: no
  // rolling or swinging), the trunk still (no leaning back or bouncing): bands as a curl's
  // still joints before those were learned, no real shrug being in the data. On real people the
  // signal holds still where the shoulders do (Pose Trainer's good curls: 1.8-2.9° over a whole
  // take) and rises with them (their front raises: 15-29°, counted once in 156 of 182 pairs of
  // people as a shrug under the other's; `real-motion-scores`). Filmed from the chest up, facing
  // the camera, there is no trunk to read it along: it is read across the shoulders instead
  // (`neck_facing`; generated shrugs so: counted exactly at keypoint noise up to 0.6% of height,
  // half a shrug 30 points lower or more). On real people facing the camera it is as steady as
  // `neck` where they stand still (RepCount stu9_64 between squats: half its frames within 6.4°,
  // `neck` 9.0°), noisier seen at an angle from far away (stu4_63: 40° against 12°).
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
