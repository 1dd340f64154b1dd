/**
 * What a movement definition says: which signal counts reps, which joints carry form, how each
 * is judged. The definitions themselves are in definitions.ts.
 */
import type { TFeatureName } from './feature-names.js';
import type { TMovementKind } from './movement-kinds.js';

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
   * hold it (good push-ups lift their knees well above the hands), so it is free.
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
