/**
 * The skeleton of a generated take (generate.ts) at a movement level: segment lengths and joint
 * angles, in the body's own frame with a standing height of 1, for each movement it can make.
 */
import type { TKeypointName } from './take.js';

/**
 * `knee-pushup`: the push-up's easier variant, pivoting on the knees with the shins up behind;
 * `press`: a standing shoulder press, the arms out to the sides; `raise`: a standing front raise;
 * `shrug`: standing, the arms hanging, the shoulders rising towards the ears.
 */
export const MOVEMENTS = ['squat', 'pushup', 'lunge', 'knee-pushup', 'press', 'raise', 'shrug'] as const;
export type TMovement = (typeof MOVEMENTS)[number];

/** The options of a generated take that change the pose (see TGenerateOptions). */
export type TPoseOptions = { lean: number; elbowsForward: number; lockoutShort: number; backLean: number; shrugElbowBend: number };

/** Body proportions as fractions of standing height (anthropometric tables, rounded). */
const BODY = {
  shin: 0.25,
  thigh: 0.245,
  torso: 0.3,
  upperArm: 0.186,
  forearm: 0.146,
  neck: 0.1,
  hipHalf: 0.09,
  shoulderHalf: 0.12,
};

/** A point in the body's own frame: x forward, y up (from the floor), z to the body's left. */
export type TPoint3 = [number, number, number];
export type TSkeleton = Record<TKeypointName, TPoint3>;

const rad = (degrees: number) => (degrees * Math.PI) / 180;
/** Unit vector at `angle` from straight up, leaning forward (+x) when positive. */
const direction = (angle: number): [number, number] => [Math.sin(angle), Math.cos(angle)];

function along(from: TPoint3, angle: number, length: number, z = from[2]): TPoint3 {
  const [dx, dy] = direction(angle);
  return [from[0] + dx * length, from[1] + dy * length, z];
}

/** Knee position of a two-segment leg between hip and ankle, the knee bending forward (+x). */
function kneeBetween(hip: TPoint3, ankle: TPoint3, thigh: number, shin: number): TPoint3 {
  const dx = ankle[0] - hip[0];
  const dy = ankle[1] - hip[1];
  const reach = Math.min(Math.hypot(dx, dy), thigh + shin - 1e-6);
  const along = (thigh * thigh - shin * shin + reach * reach) / (2 * reach);
  const off = Math.sqrt(Math.max(0, thigh * thigh - along * along));
  const [ux, uy] = [dx / reach, dy / reach];
  // Of the two perpendiculars, take the one pointing forward.
  const [px, py] = uy <= 0 ? [-uy, ux] : [uy, -ux];
  const [fx, fy] = px >= 0 ? [px, py] : [-px, -py];
  return [hip[0] + ux * along + fx * off, hip[1] + uy * along + fy * off, hip[2]];
}

/** Head, arms from a shoulder midpoint, a trunk angle and arm angles (both sides the same). */
function upperBody(skeleton: Partial<TSkeleton>, shoulderMid: TPoint3, trunk: number, armAngle: number, elbowBend: number): void {
  const neck = along(shoulderMid, trunk, BODY.neck);
  skeleton.nose = [neck[0] + 0.05, neck[1] + 0.02, 0];
  skeleton.left_eye = [neck[0] + 0.04, neck[1] + 0.05, 0.03];
  skeleton.right_eye = [neck[0] + 0.04, neck[1] + 0.05, -0.03];
  skeleton.left_ear = [neck[0] - 0.01, neck[1] + 0.04, 0.07];
  skeleton.right_ear = [neck[0] - 0.01, neck[1] + 0.04, -0.07];
  for (const side of ['left', 'right'] as const) {
    const z = side === 'left' ? BODY.shoulderHalf : -BODY.shoulderHalf;
    const shoulder: TPoint3 = [shoulderMid[0], shoulderMid[1], z];
    const elbow = along(shoulder, armAngle, BODY.upperArm);
    skeleton[`${side}_shoulder`] = shoulder;
    skeleton[`${side}_elbow`] = elbow;
    skeleton[`${side}_wrist`] = along(elbow, armAngle - rad(elbowBend), BODY.forearm);
  }
}

/** Height of the shoulders standing straight. */
const STANDING_SHOULDER = 0.04 + BODY.shin + BODY.thigh + BODY.torso;

/** How far a full shrug lifts the shoulders: a third of the collarbone's length (about 5 cm). */
const SHRUG_LIFT = 0.1 * BODY.torso;

/** Legs standing straight, feet a hip's width apart. */
function standing(skeleton: Partial<TSkeleton>): void {
  for (const side of ['left', 'right'] as const) {
    const z = side === 'left' ? BODY.hipHalf : -BODY.hipHalf;
    const ankle: TPoint3 = [0, 0.04, z];
    const knee = along(ankle, 0, BODY.shin);
    skeleton[`${side}_ankle`] = ankle;
    skeleton[`${side}_knee`] = knee;
    skeleton[`${side}_hip`] = along(knee, 0, BODY.thigh);
  }
}

/** The pose at movement level u (0 rest, 1 full depth). Units: standing height 1. */
export function pose(movement: TMovement, u: number, options: TPoseOptions): TSkeleton {
  const { lean, shrugElbowBend } = options;
  if (movement === 'raise') return raisePose(u);
  if (movement === 'shrug') return shrugPose(u, shrugElbowBend);
  if (movement === 'press') return pressPose(u, options);
  if (movement === 'squat') return squatPose(u, lean);
  if (movement === 'lunge') return lungePose(u);
  // Any other movement is posed as a push-up.
  return pushupPose(u, movement === 'knee-pushup');
}

/** Standing straight; the arms, elbows a little bent, from hanging to level in front. */
function raisePose(u: number): TSkeleton {
  const skeleton: Partial<TSkeleton> = {};
  standing(skeleton);
  upperBody(skeleton, [0, STANDING_SHOULDER, 0], 0, Math.PI - rad(92 * u), 10);
  return skeleton as TSkeleton;
}

/**
 * Standing straight, the arms hanging, elbows a little bent; the shoulders (and the arms
 * hanging from them) rise a third of the collarbone's length, the head staying where it is.
 */
function shrugPose(u: number, shrugElbowBend: number): TSkeleton {
  const skeleton: Partial<TSkeleton> = {};
  standing(skeleton);
  const lift = SHRUG_LIFT * u;
  upperBody(skeleton, [0, STANDING_SHOULDER + lift, 0], 0, Math.PI, 8 + shrugElbowBend * u);
  for (const name of ['nose', 'left_eye', 'right_eye', 'left_ear', 'right_ear'] as const) skeleton[name]![1] -= lift;
  return skeleton as TSkeleton;
}

/**
 * Standing straight; the upper arms from just under level out to the sides (elbows bent 90°,
 * forearms upright, hands at head height) to overhead with the arms nearly straight (5° short).
 * Its faults: the arms' plane turned `elbowsForward` degrees forward (the elbows in front of the
 * body), the elbows stopping `lockoutShort` degrees further short of straight at the top, and
 * the trunk leaning `backLean` degrees back at the top about the hips (the back arching: the hips
 * forward of the shoulders), the arms still pressing straight up.
 */
function pressPose(u: number, { elbowsForward, lockoutShort, backLean }: TPoseOptions): TSkeleton {
  const skeleton: Partial<TSkeleton> = {};
  standing(skeleton);
  const hipMid: TPoint3 = [skeleton.left_hip![0], skeleton.left_hip![1], 0];
  const trunk = -rad(backLean * u);
  upperBody(skeleton, along(hipMid, trunk, BODY.torso), trunk, 0, 0);
  const raise = rad(95 + 70 * u);
  const bend = rad(90 - (85 - lockoutShort) * u);
  const forward = rad(elbowsForward);
  for (const side of ['left', 'right'] as const) {
    const out = side === 'left' ? 1 : -1;
    // A direction in the arm's plane at `angle` from hanging, the plane turned `forward` from the body's.
    const inPlane = (angle: number): TPoint3 => [Math.sin(angle) * Math.sin(forward), -Math.cos(angle), out * Math.sin(angle) * Math.cos(forward)];
    const shoulder = skeleton[`${side}_shoulder`]!;
    const [ux, uy, uz] = inPlane(raise);
    const elbow: TPoint3 = [shoulder[0] + ux * BODY.upperArm, shoulder[1] + uy * BODY.upperArm, shoulder[2] + uz * BODY.upperArm];
    const [fx, fy, fz] = inPlane(raise + bend);
    skeleton[`${side}_elbow`] = elbow;
    skeleton[`${side}_wrist`] = [elbow[0] + fx * BODY.forearm, elbow[1] + fy * BODY.forearm, elbow[2] + fz * BODY.forearm];
  }
  return skeleton as TSkeleton;
}

/** A squat: the knees and hips folding over the ankles, the trunk leaning forward by `lean` (1 a usual squat). */
function squatPose(u: number, lean: number): TSkeleton {
  const skeleton: Partial<TSkeleton> = {};
  const flexion = rad(115 * u);
  const shinAngle = 0.38 * flexion;
  const trunk = rad(42 * u * lean);
  for (const side of ['left', 'right'] as const) {
    const z = side === 'left' ? BODY.hipHalf : -BODY.hipHalf;
    const ankle: TPoint3 = [0, 0.04, z];
    const knee = along(ankle, shinAngle, BODY.shin);
    skeleton[`${side}_ankle`] = ankle;
    skeleton[`${side}_knee`] = knee;
    skeleton[`${side}_hip`] = along(knee, shinAngle - flexion, BODY.thigh);
  }
  const hipMid: TPoint3 = [skeleton.left_hip![0], skeleton.left_hip![1], 0];
  // Arms held out in front, rising a little as the trunk leans, for balance.
  upperBody(skeleton, along(hipMid, trunk, BODY.torso), trunk, rad(100 - 20 * u), 10);
  return skeleton as TSkeleton;
}

/**
 * A forward lunge: the front foot a thigh's length ahead, the rear foot on its toes a shin's
 * length behind. At the bottom the front thigh is level over an upright shin and the rear
 * knee hangs under the hip just off the floor (both knees at about 90°), so the hips bend
 * about 90° apart (front flexed, rear straight), as a real lunge's do; standing, both legs
 * are nearly straight.
 */
function lungePose(u: number): TSkeleton {
  const skeleton: Partial<TSkeleton> = {};
  const leg = BODY.thigh + BODY.shin;
  const front: TPoint3 = [BODY.thigh, 0.04, 0];
  const rear: TPoint3 = [-BODY.shin, 0.06, 0];
  const top = 0.04 + Math.sqrt((0.985 * leg) ** 2 - front[0] ** 2);
  const bottom = 0.04 + BODY.shin;
  const hip: TPoint3 = [0, top - u * (top - bottom), 0];
  for (const [side, foot] of [
    ['left', front],
    ['right', rear],
  ] as const) {
    const z = side === 'left' ? BODY.hipHalf : -BODY.hipHalf;
    const ankle: TPoint3 = [foot[0], foot[1], z];
    const hipSide: TPoint3 = [hip[0], hip[1], z];
    skeleton[`${side}_ankle`] = ankle;
    skeleton[`${side}_hip`] = hipSide;
    skeleton[`${side}_knee`] = kneeBetween(hipSide, ankle, BODY.thigh, BODY.shin);
  }
  const trunk = rad(8 * u);
  upperBody(skeleton, along(hip, trunk, BODY.torso), trunk, rad(178), 15);
  return skeleton as TSkeleton;
}

/**
 * A push-up: a straight body pivoting on the toes (for the knee push-up on the knees, the feet
 * a little up behind, shins 30° from the floor: between shins down and feet raised, the two
 * ways people hold them), hands under the shoulders on the floor.
 */
function pushupPose(u: number, isOnKnees: boolean): TSkeleton {
  const skeleton: Partial<TSkeleton> = {};
  const elbow = rad(172 - 95 * u);
  const [upper, fore] = [BODY.upperArm, BODY.forearm];
  const shoulderHeight = Math.sqrt(upper ** 2 + fore ** 2 - 2 * upper * fore * Math.cos(elbow));
  const body = (isOnKnees ? 0 : BODY.shin) + BODY.thigh + BODY.torso;
  const lift = Math.asin(Math.min(1, shoulderHeight / body));
  const bodyAngle = Math.PI / 2 - lift;
  for (const side of ['left', 'right'] as const) {
    const z = side === 'left' ? BODY.hipHalf : -BODY.hipHalf;
    const onFloor: TPoint3 = [-0.5 + BODY.thigh, 0.04, z];
    const ankle: TPoint3 = isOnKnees ? along(onFloor, -rad(60), BODY.shin) : [-0.5, 0.02, z];
    const knee = isOnKnees ? onFloor : along(ankle, bodyAngle, BODY.shin);
    skeleton[`${side}_ankle`] = ankle;
    skeleton[`${side}_knee`] = knee;
    skeleton[`${side}_hip`] = along(knee, bodyAngle, BODY.thigh);
  }
  const hipMid: TPoint3 = [skeleton.left_hip![0], skeleton.left_hip![1], 0];
  const shoulderMid = along(hipMid, bodyAngle, BODY.torso);
  upperBody(skeleton, shoulderMid, bodyAngle, Math.PI, 0);
  // Hands on the floor below the shoulders; the elbows bend back towards the feet.
  for (const side of ['left', 'right'] as const) {
    const shoulder = skeleton[`${side}_shoulder`]!;
    const wrist: TPoint3 = [shoulder[0], 0.02, shoulder[2]];
    const inner = Math.acos(Math.min(1, Math.max(-1, (upper ** 2 + shoulderHeight ** 2 - fore ** 2) / (2 * upper * shoulderHeight))));
    skeleton[`${side}_elbow`] = [shoulder[0] - Math.sin(inner) * upper, shoulder[1] - Math.cos(inner) * upper, shoulder[2]];
    skeleton[`${side}_wrist`] = wrist;
  }
  return skeleton as TSkeleton;
}
