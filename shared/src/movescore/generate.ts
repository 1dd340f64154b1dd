/**
 * Synthetic takes: a skeleton posed kinematically (segment lengths, joint angles over time),
 * seen by a camera at an angle, with the pose model's jitter, dropouts and confidence. Tests,
 * the benchmark and the demo catalogue's reference motions are made with it, without video.
 * Deterministic for a given seed. The skeleton's poses are in generated-pose.ts.
 */
import type { TMovementKind } from './definitions.js';
import { MOVEMENTS, pose, type TMovement, type TPoint3 } from './generated-pose.js';
import { KEYPOINT_NAMES, type TKeypoint, type TKeypointName, type TTake } from './take.js';

export { MOVEMENTS, type TMovement };

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
  /** Presses: how many degrees further short of straight the elbows stop at the top (not reaching lock-out). */
  lockoutShort: number;
  /** Presses: how far the trunk leans back at the top, degrees (the back arching, the hips pushed forward). */
  backLean: number;
  /** The reps (indexes from 0) the faults above (elbowsForward, lockoutShort, backLean) are made in, and the rest between them; null: every rep. */
  faultReps: number[] | null;
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
  lockoutShort: 0,
  backLean: 0,
  faultReps: null,
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
    const isFaulty = options.faultReps === null || options.faultReps.includes(segment);
    const skeleton = pose(options.movement, level, isFaulty ? options : { ...options, elbowsForward: 0, lockoutShort: 0, backLean: 0 });
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
