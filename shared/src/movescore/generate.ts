/**
 * Synthetic takes: a skeleton posed kinematically (segment lengths, joint angles over time),
 * seen by a camera at an angle, with the pose model's jitter, dropouts and confidence. Tests,
 * the benchmark and the demo catalogue's reference motions are made with it, without video.
 * Deterministic for a given seed.
 */
import type { TMovementKind } from './definitions.js';
import { KEYPOINT_NAMES, type TKeypoint, type TKeypointName, type TTake } from './take.js';

/**
 * `knee-pushup`: the push-up's easier variant, pivoting on the knees with the shins up behind;
 * `press`: a standing shoulder press, the arms out to the sides; `raise`: a standing front raise;
 * `shrug`: standing, the arms hanging, the shoulders rising towards the ears.
 */
export const MOVEMENTS = ['squat', 'pushup', 'lunge', 'knee-pushup', 'press', 'raise', 'shrug'] as const;
export type TMovement = (typeof MOVEMENTS)[number];
/** The movement kind each generated motion is built and scored as. */
export const MOTION_KINDS: Readonly<Record<TMovement, TMovementKind>> = {
  squat: 'squat',
  pushup: 'push-up',
  lunge: 'lunge',
  'knee-pushup': 'knee-push-up',
  press: 'shoulder-press',
  raise: 'front-raise',
  shrug: 'shrug',
};

export type TGenerateOptions = {
  movement: TMovement;
  reps: number;
  /** 1 = full depth (a deep squat, chest near the floor), 0 = no movement at all. */
  depth: number;
  /** 1 = a normal pace (a squat in about 2.4 s), 2 twice as fast, 0.5 half as fast. */
  tempo: number;
  /** Keypoint jitter, standard deviation as a fraction of body height (0.01 is typical). */
  noise: number;
  fps: number;
  /** Total length; when set, the take is padded with standing still or cut (cut reps are lost). */
  durationMs?: number;
  /** Standing still (with a little sway) before the first rep. */
  idleMs: number;
  /** Chance that any keypoint of a frame is dropped to a low confidence. */
  missingRate: number;
  /** Keypoints never seen (e.g. a side turned away, or feet out of the picture). */
  hidden: TKeypointName[];
  /** Squats: how far the trunk leans forward, 1 = a usual squat, 0 = bolt upright. */
  lean: number;
  /** Presses: how far the arms' plane turns forward from out to the sides, degrees (the elbows coming in front of the body). */
  elbowsForward: number;
  /** Shrugs: how far the elbows bend at the top, degrees (pulling with the arms, as an upright row does). */
  shrugElbowBend: number;
  /** Variation between reps in depth and duration (fraction). */
  variability: number;
  /** Camera angle away from a pure side view, radians (0 = side view, the sides overlap). */
  yaw: number;
  width: number;
  height: number;
  seed: number;
};

export const GENERATE_DEFAULTS: TGenerateOptions = {
  movement: 'squat',
  reps: 5,
  depth: 1,
  tempo: 1,
  noise: 0.005,
  fps: 30,
  idleMs: 1500,
  missingRate: 0,
  hidden: [],
  lean: 1,
  elbowsForward: 0,
  shrugElbowBend: 0,
  variability: 0.08,
  yaw: 0.5,
  width: 640,
  height: 480,
  seed: 1,
};

/** Seconds of one rep at tempo 1. */
const REP_MS: Readonly<Record<TMovement, number>> = {
  squat: 2400,
  pushup: 2000,
  lunge: 2600,
  'knee-pushup': 1800,
  press: 2200,
  raise: 2400,
  shrug: 1600,
};

/**
 * A take's frames as a slow device analyses them: about `fps` a second at irregular intervals
 * (0.6-1.4 of the mean gap), and in `unsureShare` of the frames half the keypoints (by chance)
 * at a confidence the pipeline does not trust. `random` draws every chance, in frame order.
 */
export function irregularFrames(take: TTake, fps: number, random: () => number, unsureShare = 0.15): TTake['frames'] {
  const frames: TTake['frames'] = [];
  let next = 0;
  for (const frame of take.frames) {
    if (frame.t < next) continue;
    const isUnsure = random() < unsureShare;
    frames.push(isUnsure ? { ...frame, keypoints: frame.keypoints.map((k) => (random() < 0.5 ? { ...k, score: 0.1 } : k)) } : frame);
    next = frame.t + (1000 / fps) * (0.6 + 0.8 * random());
  }
  return frames;
}

/** mulberry32: a small, fast, seedable generator (Math.random cannot be seeded). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

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
type TPoint3 = [number, number, number];
type TSkeleton = Record<TKeypointName, TPoint3>;

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
function pose(movement: TMovement, u: number, { lean, elbowsForward, shrugElbowBend }: TGenerateOptions): TSkeleton {
  const skeleton: Partial<TSkeleton> = {};
  if (movement === 'raise') {
    // Standing straight; the arms, elbows a little bent, from hanging to level in front.
    standing(skeleton);
    upperBody(skeleton, [0, STANDING_SHOULDER, 0], 0, Math.PI - rad(92 * u), 10);
    return skeleton as TSkeleton;
  }
  if (movement === 'shrug') {
    // Standing straight, the arms hanging, elbows a little bent; the shoulders (and the arms
    // hanging from them) rise a third of the collarbone's length, the head staying where it is.
    standing(skeleton);
    const lift = SHRUG_LIFT * u;
    upperBody(skeleton, [0, STANDING_SHOULDER + lift, 0], 0, Math.PI, 8 + shrugElbowBend * u);
    for (const name of ['nose', 'left_eye', 'right_eye', 'left_ear', 'right_ear'] as const) skeleton[name]![1] -= lift;
    return skeleton as TSkeleton;
  }
  if (movement === 'press') {
    // Standing straight; the upper arms from just under level out to the sides (elbows bent 90°,
    // forearms upright, hands at head height) to overhead with the arms nearly straight.
    standing(skeleton);
    upperBody(skeleton, [0, STANDING_SHOULDER, 0], 0, 0, 0);
    const raise = rad(95 + 70 * u);
    const bend = rad(90 - 85 * u);
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
  if (movement === 'squat') {
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
  if (movement === 'lunge') {
    // A forward lunge: the front foot a thigh's length ahead, the rear foot on its toes a shin's
    // length behind. At the bottom the front thigh is level over an upright shin and the rear
    // knee hangs under the hip just off the floor (both knees at about 90°), so the hips bend
    // about 90° apart (front flexed, rear straight), as a real lunge's do; standing, both legs
    // are nearly straight.
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
  // Push-up: a straight body pivoting on the toes (for the knee push-up on the knees, the feet
  // a little up behind, shins 30° from the floor: between shins down and feet raised, the two
  // ways people hold them), hands under the shoulders on the floor.
  const isOnKnees = movement === 'knee-pushup';
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

/** One rep's level over its own time 0..1: down, a short hold at the bottom, up. */
function repProfile(phase: number): number {
  const down = 0.42;
  const hold = 0.1;
  if (phase < down) return 0.5 - 0.5 * Math.cos((Math.PI * phase) / down);
  if (phase < down + hold) return 1;
  const up = (phase - down - hold) / (1 - down - hold);
  return 0.5 + 0.5 * Math.cos(Math.PI * Math.min(1, up));
}

type TSegment = { startMs: number; endMs: number; depth: number };

function planReps(options: TGenerateOptions, random: () => number): TSegment[] {
  const segments: TSegment[] = [];
  let t = options.idleMs;
  const base = REP_MS[options.movement] / options.tempo;
  for (let rep = 0; rep < options.reps; rep += 1) {
    const duration = base * (1 + options.variability * (2 * random() - 1));
    const depth = Math.min(1.1, Math.max(0, options.depth * (1 + options.variability * 0.6 * (2 * random() - 1))));
    segments.push({ startMs: t, endMs: t + duration, depth });
    t += duration + (300 / options.tempo) * (0.5 + random());
  }
  return segments;
}

/** Where the skeleton goes on screen: its size, place and the camera's angle. */
function projector(options: TGenerateOptions) {
  const isLying = options.movement === 'pushup' || options.movement === 'knee-pushup';
  const scale = isLying ? Math.min(options.width * 0.75, options.height * 1.2) : options.height * 0.75;
  const floor = options.height * 0.92;
  const centre = options.width * (isLying ? 0.55 : 0.5);
  const [cos, sin] = [Math.cos(options.yaw), Math.sin(options.yaw)];
  return ([x, y, z]: TPoint3): [number, number] => [centre + (x * cos - z * sin) * scale, floor - y * scale];
}

/** A take of `movement` as a pose model would report it. */
export function generateTake(partial: Partial<TGenerateOptions> = {}): TTake {
  const options: TGenerateOptions = { ...GENERATE_DEFAULTS, ...partial };
  const random = seededRandom(options.seed);
  const segments = planReps(options, random);
  const naturalEnd = (segments.at(-1)?.endMs ?? options.idleMs) + 800;
  const durationMs = options.durationMs ?? naturalEnd;
  const project = projector(options);
  const hidden = new Set(options.hidden);
  const jitter = options.noise * options.height * 0.75;
  const frames: TTake['frames'] = [];
  const step = 1000 / options.fps;
  let segment = 0;
  for (let index = 0; index * step < durationMs; index += 1) {
    const t = Math.round(index * step * 100) / 100;
    while (segment < segments.length - 1 && t > segments[segment]!.endMs) segment += 1;
    const current = segments[segment];
    const isInRep = current !== undefined && t >= current.startMs && t <= current.endMs;
    // Between reps: a small sway, well under any rep threshold.
    const sway = (0.03 * (1 + Math.sin(t / 700))) / 2;
    const level = isInRep ? current.depth * repProfile((t - current.startMs) / (current.endMs - current.startMs)) : sway;
    const skeleton = pose(options.movement, level, options);
    const keypoints: TKeypoint[] = [];
    for (const name of KEYPOINT_NAMES) {
      const [x, y] = project(skeleton[name]);
      const isDropped = hidden.has(name) || random() < options.missingRate;
      keypoints.push({
        name,
        x: Math.round((x + jitter * gaussian(random)) * 10) / 10,
        y: Math.round((y + jitter * gaussian(random)) * 10) / 10,
        score: Math.round((isDropped ? 0.05 + 0.15 * random() : 0.55 + 0.4 * random()) * 1000) / 1000,
      });
    }
    frames.push({ t, keypoints });
  }
  return {
    width: options.width,
    height: options.height,
    fps: options.fps,
    frames,
  };
}
