/**
 * The features the engine reads from a pose, one number a frame each, in degrees: joint angles,
 * inclinations and posture measures. Angles do not change with body size or place in the image,
 * so a take of a tall person at the back of a room compares with a reference of a short one up
 * close. How each is computed is in frame-features.ts.
 */

/** Joint angles of one side; the mean of both sides; the trunk's lean from vertical. */
export const SIDE_FEATURES = [
  'left_knee',
  'right_knee',
  'left_hip',
  'right_hip',
  'left_elbow',
  'right_elbow',
  'left_shoulder',
  'right_shoulder',
] as const;
export const MEAN_FEATURES = ['knee', 'hip', 'elbow', 'shoulder', 'trunk'] as const;
/** Segment inclinations from the image vertical that need no hips: the upper arm (0 hanging, 90 level, 180 overhead). */
export const SEGMENT_FEATURES = ['upper_arm'] as const;
/**
 * Whole-body posture, degrees: `hip_sag`, the body line's bend at the hips when the body is
 * more horizontal than vertical (a push-up, a plank): 180 minus the shoulder-hip-ankle angle
 * (the knee where the ankle is not seen), positive when the hips drop below the shoulder-ankle
 * line (sag), negative above it (pike): to the ankle, so knees a little soft, or a knee the pose
 * model places off the leg, do not read as a bend at the hips;
 * `kneeling_sag`, the same bend to the knee (shoulder-hip-knee): the body line of a kneeling
 * push-up, whose support is the knees (its ankles are anywhere: on the floor behind, or raised);
 * `hip_split`, how differently the two hips bend (0 with both legs alike, as in a squat; large
 * in a lunge, one thigh forward and one back);
 * `knee_gap`, how far apart the two knees are in height, as the angle whose sine is that gap over
 * the trunk's length: 0 with the knees level (a squat, seen from any side: the camera's turn
 * about the vertical does not change heights), about 55° at the bottom of a lunge, the back knee
 * near the floor and the front one at hip height; unknown where one thigh looks under half as long
 * as the other in the picture: it points at the camera (a lunge's front leg seen head-on), or the
 * model placed its knee off the leg (a side-view squat whose far knee reads at the hip);
 * `knee_lift`, how high the knees are above the wrists, as the angle whose sine is that height
 * over the arm's length (shoulder-elbow plus elbow-wrist): with the hands on the floor, about 0°
 * with the knees down too (a knee push-up), 12-33° in a push-up on the toes.
 * Over the arm, whose segments the camera sees whole from the side and from the front alike
 * (the trunk is foreshortened seen head-on), negative with the knees below the hands.
 * Angles and ratios, so body size and camera distance do not enter.
 */
export const POSTURE_FEATURES = ['hip_sag', 'kneeling_sag', 'hip_split', 'knee_gap', 'knee_lift'] as const;
/**
 * The upper arms against the trunk, read from where the elbows are rather than from angles in
 * the picture, which a camera at the side shows foreshortened when the arms go out to the sides
 * (a shoulder press seen side-on: the upper arm points at the camera, and the shoulder's and
 * elbow's angles in the picture are anything). The trunk (shoulders to hips) is the ruler.
 * `arm_raise`, the upper arm's angle from hanging (0) through level (90) to overhead (180), read
 * from the elbow's height above the shoulder over the upper arm's length, taken as 0.6 of the
 * trunk's (real people's median): heights do not change with the side the camera films from, so
 * a press reads the same from the side, at an angle and from the front;
 * `elbow_offset`, how far the elbows are from their shoulders across the picture, as the angle
 * whose sine is that distance over the trunk's length: seen from the side, near 0° with the upper
 * arms out to the sides, growing as the elbows come forward; from the front, largest with the
 * elbows out wide, smaller as they come in front of the body.
 */
export const ARM_FEATURES = ['arm_raise', 'elbow_offset'] as const;
/**
 * The shoulders against the head. `neck`, how far the ears are above the shoulders along the
 * trunk (shoulders to hips, so a lean or a tilted camera does not change it), over the
 * collarbone's length taken as 0.3 of the trunk's, in degrees: a change of it is about the
 * collarbones' tilt, the shoulders' elevation (a shrug lifting them 5 cm: about 20° less at its
 * top). It is not comparable between people, only its change within a rep. `neck_facing`, the
 * same read across the shoulders, for a person facing the camera whose hips are out of view
 * (filmed from the chest up): how far the ears are above the line between the shoulders, at
 * right angles to it, over the collarbone taken as COLLARBONE_OVER_SHOULDERS of the shoulders'
 * width; unknown where the shoulders look narrower than the ears are high above them (seen
 * side-on, where the width is anything).
 */
export const SHOULDER_FEATURES = ['neck', 'neck_facing'] as const;
/**
 * Forward and back, which only a side view shows, signed by the way the person faces (the nose
 * ahead of the ears); unknown in a frame not seen side-on (side-view-features.ts).
 * `elbow_forward`, how far the elbows are in front of their shoulders, as the angle whose sine
 * that is over the trunk's length (negative behind them): about 0° with the upper arms out to the
 * sides, growing as the elbows come forward (a shoulder press's elbows drifting forward);
 * `back_lean`, the trunk's lean back from upright, degrees, 0 upright or leaning forward (a
 * shoulder press's back arching: the hips pushed forward, the shoulders behind them).
 */
export const SIDE_VIEW_FEATURES = ['elbow_forward', 'back_lean'] as const;
export const FEATURE_NAMES = [
  ...MEAN_FEATURES,
  ...SIDE_FEATURES,
  ...SEGMENT_FEATURES,
  ...POSTURE_FEATURES,
  ...ARM_FEATURES,
  ...SHOULDER_FEATURES,
  ...SIDE_VIEW_FEATURES,
] as const;
export type TFeatureName = (typeof FEATURE_NAMES)[number];
export const FEATURE_INDEX: Readonly<Record<TFeatureName, number>> = Object.fromEntries(
  FEATURE_NAMES.map((feature, index) => [feature, index]),
) as Record<TFeatureName, number>;

/** Each joint angle: the keypoints [a, vertex, c] without their side; the angle is at the vertex. */
export const JOINT_POINTS = {
  knee: ['hip', 'knee', 'ankle'],
  hip: ['shoulder', 'hip', 'knee'],
  elbow: ['shoulder', 'elbow', 'wrist'],
  shoulder: ['hip', 'shoulder', 'elbow'],
} as const;
export type TJoint = keyof typeof JOINT_POINTS;
