/**
 * Replaying a take against its reference: where each rep and each feedback line sits in the
 * take's time, and the reference's skeleton as a ghost on the person's body, aligned rep by rep
 * along the DTW path the rep was scored on. A reference holds joint angles, not keypoints, so
 * the ghost is the person's own pose at that moment with the reference's joints: each joint the
 * reference compares is turned to the person's angle at rest in the rep plus the reference's
 * movement from its own rest at the aligned sample (what the score compares), then the ghost
 * stands where the person's feet are.
 */
import type { TFeatureName } from './feature-names.js';
import { repMatrix, TEMPLATE_SAMPLES } from './align.js';
import type { TMovePhase, TTakeAnalysis } from './score.js';
import { KEYPOINT_INDEX, KEYPOINT_NAMES, type TKeypointName } from './take.js';

export type TPoint = { x: number; y: number };
/** 17 points in KEYPOINT_NAMES order, pixels of the take's picture; null where not seen. */
export type TSkeleton = Array<TPoint | null>;

type TRepSpan = { startMs: number; endMs: number };

/** The rep sample (0..samples-1, fractional) at take time `tMs`, clamped to the rep. */
export function repSampleAt(rep: TRepSpan, tMs: number, samples = TEMPLATE_SAMPLES): number {
  const span = rep.endMs - rep.startMs;
  if (!(span > 0)) return 0;
  return Math.min(1, Math.max(0, (tMs - rep.startMs) / span)) * (samples - 1);
}

/** The take time (ms) of rep sample `sample`. */
export function repTimeAt(rep: TRepSpan, sample: number, samples = TEMPLATE_SAMPLES): number {
  return rep.startMs + ((rep.endMs - rep.startMs) * sample) / (samples - 1);
}

/**
 * The template sample a rep sample is aligned with along a DTW path ([template, rep] pairs):
 * the mean of the template samples paired with it, interpolated between whole rep samples.
 */
export function templateSampleAt(path: ReadonlyArray<readonly [number, number]>, repSample: number): number {
  const matched = (j: number) => {
    let sum = 0;
    let count = 0;
    for (const [i, k] of path) {
      if (k !== j) continue;
      sum += i;
      count += 1;
    }
    return count > 0 ? sum / count : Number.NaN;
  };
  const low = Math.floor(repSample);
  const high = Math.ceil(repSample);
  const a = matched(low);
  if (low === high) return a;
  const b = matched(high);
  return a + (b - a) * (repSample - low);
}

/** Index of the rep playing at take time `tMs`, or -1 between reps. */
export function repIndexAt(analysis: TTakeAnalysis, tMs: number): number {
  return analysis.aligned.findIndex(({ rep }) => tMs >= rep.startMs && tMs <= rep.endMs);
}

export type TFeedbackMoment = {
  /** Index of the line in `analysis.feedback` (and `result.feedback`). */
  line: number;
  rep: number;
  /** Take time (ms) of the moment the line is about in that rep. */
  tMs: number;
  features: TFeatureName[];
};

/**
 * Where each feedback line is about, in each rep it applies to: the middle of the phase it
 * names along the rep's DTW path (the bottom of a squat that is not deep enough), else the
 * middle of the rep. Lines about no rep (out of view, no reps) have no moment.
 */
export function feedbackMoments(analysis: TTakeAnalysis): TFeedbackMoment[] {
  return analysis.feedback.flatMap((line, index) =>
    line.reps.map((repIndex) => {
      const { rep, path } = analysis.aligned[repIndex]!;
      return {
        line: index,
        rep: repIndex,
        tMs: Math.round(repTimeAt(rep, phaseMiddle(analysis.context.phases, path, line.phase))),
        features: line.features,
      };
    }),
  );
}

/** The middle rep sample of the path's pairs whose template sample is in `phase` (null: the middle of the rep). */
function phaseMiddle(phases: readonly TMovePhase[], path: ReadonlyArray<readonly [number, number]>, phase: TMovePhase | null): number {
  const middle = (TEMPLATE_SAMPLES - 1) / 2;
  if (!phase) return middle;
  const samples = path.filter(([i]) => phases[i] === phase).map(([, j]) => j);
  return samples.length > 0 ? (samples[0]! + samples.at(-1)!) / 2 : middle;
}

/** Index of the pose frame nearest take time `tMs`. */
export function frameIndexAt(t: ArrayLike<number>, tMs: number): number {
  let low = 0;
  let high = t.length - 1;
  if (high < 0) return -1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (t[mid]! <= tMs) low = mid;
    else high = mid;
  }
  return Math.abs(t[high]! - tMs) < Math.abs(t[low]! - tMs) ? high : low;
}

/** The person's cleaned keypoints at a frame, in pixels. */
export function personSkeleton(analysis: TTakeAnalysis, frame: number): TSkeleton {
  const { pose, size } = analysis;
  return KEYPOINT_NAMES.map((_, k) => {
    const x = pose.x[k]![frame]!;
    const y = pose.y[k]![frame]!;
    return Number.isNaN(x) || Number.isNaN(y) ? null : { x: x * size.height, y: y * size.height };
  });
}

// ---------------------------------------------------------------- the ghost

/** The head, shoulders and arms: the first eleven COCO keypoints, turned with the trunk. */
const UPPER_BODY: readonly TKeypointName[] = KEYPOINT_NAMES.slice(0, KEYPOINT_INDEX.left_hip);

/** Per joint angle, the keypoints [a, vertex, c] and those that turn with the far segment, without their side. */
const JOINTS = {
  hip: { points: ['shoulder', 'hip', 'knee'], moves: ['knee', 'ankle'] },
  knee: { points: ['hip', 'knee', 'ankle'], moves: ['ankle'] },
  shoulder: { points: ['hip', 'shoulder', 'elbow'], moves: ['elbow', 'wrist'] },
  elbow: { points: ['shoulder', 'elbow', 'wrist'], moves: ['wrist'] },
} as const;
/** Root outwards: a joint is set after the ones its segments hang from. */
const ORDER = ['trunk', 'hip', 'knee', 'shoulder', 'upper_arm', 'elbow'] as const;

type TSide = 'left' | 'right';
/** The sides a feature is measured on: its own, or both for a mean feature. */
const featureSides = (feature: TFeatureName): TSide[] =>
  feature.startsWith('left_') ? ['left'] : feature.startsWith('right_') ? ['right'] : ['left', 'right'];
const jointOf = (feature: TFeatureName) => feature.replace(/^(left|right)_/, '');

const at = (skeleton: TSkeleton, name: TKeypointName) => skeleton[KEYPOINT_INDEX[name]] ?? null;
const mid = (a: TPoint | null, b: TPoint | null): TPoint | null => (a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : (a ?? b));
const DEG = Math.PI / 180;

function rotate(skeleton: TSkeleton, names: readonly TKeypointName[], pivot: TPoint, radians: number): void {
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  for (const name of names) {
    const point = at(skeleton, name);
    if (!point) continue;
    const [dx, dy] = [point.x - pivot.x, point.y - pivot.y];
    skeleton[KEYPOINT_INDEX[name]] = { x: pivot.x + dx * cos - dy * sin, y: pivot.y + dx * sin + dy * cos };
  }
}

/** Signed angle from u to v (radians); the unsigned joint angle is its absolute value. */
const signedAngle = (u: TPoint, v: TPoint) => Math.atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y);
const minus = (a: TPoint, b: TPoint): TPoint => ({ x: a.x - b.x, y: a.y - b.y });

/** Lean of hip->shoulder from straight up, degrees (as `frameFeatures` measures the trunk). */
function trunkLean(skeleton: TSkeleton): number {
  const hip = mid(at(skeleton, 'left_hip'), at(skeleton, 'right_hip'));
  const shoulder = mid(at(skeleton, 'left_shoulder'), at(skeleton, 'right_shoulder'));
  if (!hip || !shoulder) return Number.NaN;
  return Math.abs(signedAngle({ x: 0, y: -1 }, minus(shoulder, hip))) / DEG;
}

/** Turns one side's joint to `targetDeg` (0..180), moving the far segment about the vertex. */
function setJoint(skeleton: TSkeleton, joint: keyof typeof JOINTS, side: TSide, targetDeg: number): void {
  const [a, vertex, c] = JOINTS[joint].points.map((point) => at(skeleton, `${side}_${point}` as TKeypointName));
  if (!a || !vertex || !c || Number.isNaN(targetDeg)) return;
  const current = signedAngle(minus(a, vertex), minus(c, vertex));
  const direction = current >= 0 ? 1 : -1;
  const target = Math.min(180, Math.max(0, targetDeg)) * DEG;
  const moves = JOINTS[joint].moves.map((point) => `${side}_${point}` as TKeypointName);
  rotate(skeleton, moves, vertex, direction * (target - Math.abs(current)));
}

/** Turns both upper arms to hang `targetDeg` from straight down. */
function setUpperArm(skeleton: TSkeleton, side: TSide, targetDeg: number): void {
  const shoulder = at(skeleton, `${side}_shoulder`);
  const elbow = at(skeleton, `${side}_elbow`);
  if (!shoulder || !elbow || Number.isNaN(targetDeg)) return;
  const current = signedAngle({ x: 0, y: 1 }, minus(elbow, shoulder));
  const direction = current >= 0 ? 1 : -1;
  rotate(skeleton, [`${side}_elbow`, `${side}_wrist`], shoulder, direction * (Math.min(180, Math.max(0, targetDeg)) * DEG - Math.abs(current)));
}

function setTrunk(skeleton: TSkeleton, targetDeg: number): void {
  const hip = mid(at(skeleton, 'left_hip'), at(skeleton, 'right_hip'));
  const shoulder = mid(at(skeleton, 'left_shoulder'), at(skeleton, 'right_shoulder'));
  if (!hip || !shoulder || Number.isNaN(targetDeg)) return;
  const current = signedAngle({ x: 0, y: -1 }, minus(shoulder, hip));
  const direction = current >= 0 ? 1 : -1;
  rotate(skeleton, UPPER_BODY, hip, direction * (Math.min(180, Math.max(0, targetDeg)) * DEG - Math.abs(current)));
}

/** The person's angle of a feature (or of one side of a joint) at rest in the rep: the mean of its first two resampled samples. */
function restAngle(analysis: TTakeAnalysis, repIndex: number, feature: TFeatureName): number {
  const { rep } = analysis.aligned[repIndex]!;
  const [row] = repMatrix(analysis.series, rep, [feature]);
  const known = [row![0]!, row![1]!].filter((value) => !Number.isNaN(value));
  return known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : Number.NaN;
}

/**
 * The reference's movement from its rest, per feature it compares, at the template sample the
 * rep is aligned with at take time `tMs`; null outside the reps.
 */
export function referenceDeltasAt(
  analysis: TTakeAnalysis,
  tMs: number,
): { rep: number; templateSample: number; deltas: Map<TFeatureName, number> } | null {
  const repIndex = repIndexAt(analysis, tMs);
  if (repIndex < 0) return null;
  const { rep, path } = analysis.aligned[repIndex]!;
  const templateSample = templateSampleAt(path, repSampleAt(rep, tMs));
  const low = Math.floor(templateSample);
  const high = Math.min(TEMPLATE_SAMPLES - 1, low + 1);
  const deltas = new Map<TFeatureName, number>();
  analysis.reference.features.forEach((feature, f) => {
    const row = analysis.context.template[f]!;
    deltas.set(feature, row[low]! + (row[high]! - row[low]!) * (templateSample - low));
  });
  return { rep: repIndex, templateSample, deltas };
}

/**
 * The reference's skeleton at take time `tMs`, on the person's body (see the module comment);
 * null outside the reps or when the person is not seen.
 */
export function ghostSkeleton(analysis: TTakeAnalysis, tMs: number): TSkeleton | null {
  const aligned = referenceDeltasAt(analysis, tMs);
  if (!aligned) return null;
  const frame = frameIndexAt(analysis.pose.t, tMs);
  const person = personSkeleton(analysis, frame);
  const ghost = person.map((point) => (point ? { ...point } : null));
  const target = (feature: TFeatureName, delta: number) => restAngle(analysis, aligned.rep, feature) + delta;
  for (const joint of ORDER) {
    for (const [feature, delta] of aligned.deltas) {
      if (jointOf(feature) !== joint) continue;
      const sides = featureSides(feature);
      if (joint === 'trunk') setTrunk(ghost, target('trunk', delta));
      else if (joint === 'upper_arm') for (const s of sides) setUpperArm(ghost, s, target('upper_arm', delta));
      else for (const s of sides) setJoint(ghost, joint, s, target(`${s}_${joint}` as TFeatureName, delta));
    }
  }
  // The ghost stands where the person stands: feet on the person's feet (hips when the feet are not seen).
  const anchor = mid(at(person, 'left_ankle'), at(person, 'right_ankle'));
  const ghostAnchor = mid(at(ghost, 'left_ankle'), at(ghost, 'right_ankle'));
  if (!anchor || !ghostAnchor) return ghost;
  const [dx, dy] = [anchor.x - ghostAnchor.x, anchor.y - ghostAnchor.y];
  return ghost.map((point) => (point ? { x: point.x + dx, y: point.y + dy } : null));
}

/** Keypoints (by name) a feature concerns, for highlighting: the joint's vertex, or the trunk's shoulders and hips. */
export function featureKeypoints(feature: TFeatureName): TKeypointName[] {
  const joint = jointOf(feature);
  const side = featureSides(feature);
  if (joint === 'trunk') return ['left_shoulder', 'right_shoulder', 'left_hip', 'right_hip'];
  if (joint === 'upper_arm') return side.flatMap((s) => [`${s}_shoulder`, `${s}_elbow`] as TKeypointName[]);
  return side.map((s) => `${s}_${joint}` as TKeypointName);
}

/** Angle of a feature in a skeleton (for tests and labels), degrees; NaN when unknown. Mean features average the sides seen. */
export function skeletonAngle(skeleton: TSkeleton, feature: TFeatureName): number {
  const joint = jointOf(feature);
  if (joint === 'trunk') return trunkLean(skeleton);
  const angles = featureSides(feature)
    .map((side) => {
      if (joint === 'upper_arm') {
        const shoulder = at(skeleton, `${side}_shoulder` as TKeypointName);
        const elbow = at(skeleton, `${side}_elbow` as TKeypointName);
        return shoulder && elbow ? Math.abs(signedAngle({ x: 0, y: 1 }, minus(elbow, shoulder))) / DEG : Number.NaN;
      }
      const [a, vertex, c] = JOINTS[joint as keyof typeof JOINTS].points.map((point) => at(skeleton, `${side}_${point}` as TKeypointName));
      return a && vertex && c ? Math.abs(signedAngle(minus(a, vertex), minus(c, vertex))) / DEG : Number.NaN;
    })
    .filter((angle) => !Number.isNaN(angle));
  return angles.length > 0 ? angles.reduce((sum, angle) => sum + angle, 0) / angles.length : Number.NaN;
}
