/**
 * The reference drawn as a figure: a side-view stick figure posed, sample by sample, by the
 * joint angles of the reference's template (the motion a take is compared with), and the
 * extent of that figure over the whole rep, from which the framing guide takes its shape.
 * Angles the reference does not carry keep a neutral value (straight legs, arms hanging; a
 * push-up's body near horizontal).
 */
import { COLLARBONE_OVER_TRUNK, type TFeatureName, type TReference } from '@movelab/shared/movescore/index';

export type TPoint = { x: number; y: number };
/** One pose: body units (a standing person is about 1 tall), y up, feet or hands on y = 0. */
export type TFigure = Record<'head' | 'shoulder' | 'elbow' | 'wrist' | 'hip' | 'knee' | 'ankle', TPoint>;
/** Lines of the figure, drawn in this order. */
export const FIGURE_BONES: readonly (readonly [keyof TFigure, keyof TFigure])[] = [
  ['head', 'shoulder'],
  ['shoulder', 'hip'],
  ['hip', 'knee'],
  ['knee', 'ankle'],
  ['shoulder', 'elbow'],
  ['elbow', 'wrist'],
];

const LENGTHS = { torso: 0.3, thigh: 0.25, shin: 0.25, upperArm: 0.17, forearm: 0.15, neck: 0.1 } as const;

/** A direction in degrees clockwise from straight up (90 is forward), as a step of `length`. */
const step = (from: TPoint, degrees: number, length: number): TPoint => {
  const radians = (degrees * Math.PI) / 180;
  return { x: from.x + Math.sin(radians) * length, y: from.y + Math.cos(radians) * length };
};

/** The reference's value of a feature at sample `i` (a side's value when the mean is absent), or the fallback. */
function angleAt(reference: TReference, feature: TFeatureName, i: number, fallback: number): number {
  for (const name of [feature, `left_${feature}`, `right_${feature}`]) {
    const row = reference.features.indexOf(name as TFeatureName);
    const value = row >= 0 ? reference.template[row]?.[i] : undefined;
    if (value !== undefined && Number.isFinite(value)) return value;
  }
  return fallback;
}

/** The figure at each sample of the reference's template (one rep, start to end). */
export function referenceFigures(reference: TReference): TFigure[] {
  const samples = reference.template[0]?.length ?? 0;
  const isProne = reference.kind === 'push-up' || reference.kind === 'knee-push-up';
  return Array.from({ length: samples }, (_, i) => {
    const trunk = angleAt(reference, 'trunk', i, isProne ? 75 : 5);
    const hip = angleAt(reference, 'hip', i, 175);
    const knee = angleAt(reference, 'knee', i, 175);
    const elbow = angleAt(reference, 'elbow', i, 165);
    const hipPoint = { x: 0, y: 0 };
    // A shrug's shoulders rise along the trunk towards the head, which stays (see `neck`: its
    // change in degrees is the collarbone's tilt, as `neck_facing`'s, read from the chest up).
    const neck = reference.features.includes('neck_facing') ? 'neck_facing' : 'neck';
    const lift = ((angleAt(reference, neck, 0, 0) - angleAt(reference, neck, i, 0)) * Math.PI * COLLARBONE_OVER_TRUNK * LENGTHS.torso) / 180;
    const shoulder = step(hipPoint, trunk, LENGTHS.torso + lift);
    const thighDirection = trunk + hip;
    const kneePoint = step(hipPoint, thighDirection, LENGTHS.thigh);
    const ankle = step(kneePoint, thighDirection + 180 - knee, LENGTHS.shin);
    const raised = (['upper_arm', 'arm_raise'] as const).find((feature) => reference.features.includes(feature));
    const upperArm = raised ? 180 - angleAt(reference, raised, i, 0) : trunk + 180 - angleAt(reference, 'shoulder', i, isProne ? 70 : 15);
    const elbowPoint = step(shoulder, upperArm, LENGTHS.upperArm);
    const wrist = step(elbowPoint, upperArm + 180 + elbow, LENGTHS.forearm);
    const head = step(hipPoint, trunk, LENGTHS.torso + LENGTHS.neck);
    const figure: TFigure = { head, shoulder, elbow: elbowPoint, wrist, hip: hipPoint, knee: kneePoint, ankle };
    // On the ground: the lowest point (feet, or hands in a push-up) at y = 0.
    const floor = Math.min(...Object.values(figure).map((point) => point.y));
    return Object.fromEntries(Object.entries(figure).map(([name, point]) => [name, { x: point.x, y: point.y - floor }])) as TFigure;
  });
}

/**
 * The sample at the far end of the rep (the bottom of a squat, the chest nearest the floor in a
 * push-up): where the counted signal comes nearest the reference's extreme; the middle of the rep
 * when the template does not carry that signal.
 */
export function deepestSample(reference: TReference): number {
  const row = reference.template[reference.features.indexOf(reference.primary)];
  if (!row || row.length === 0) return Math.floor((reference.template[0]?.length ?? 0) / 2);
  const gap = (value: number) => Math.abs(value - reference.extreme);
  return row.reduce((best, value, i) => (gap(value) < gap(row[best]!) ? i : best), 0);
}

export type TExtent = { minX: number; maxX: number; minY: number; maxY: number };

/** The box every pose of the figures fits in. */
export function figureExtent(figures: readonly TFigure[]): TExtent {
  const points = figures.flatMap((figure) => Object.values(figure));
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** Share of the picture the guide may fill: room around the body for the model to see it whole. */
const GUIDE_FILL = 0.85;
/** Narrowest guide relative to its height: a person standing still is not a line. */
const MIN_ASPECT = 0.4;

/**
 * Where the body should be in a picture of `width` x `height`: a box (fractions of the picture,
 * left/top/width/height) of the figure's shape, as large as fits with a margin, centred,
 * standing on the lower part of the picture.
 */
export function framingBox(extent: TExtent, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const aspect = Math.max(MIN_ASPECT, (extent.maxX - extent.minX) / Math.max(1e-6, extent.maxY - extent.minY));
  let boxHeight = GUIDE_FILL * height;
  let boxWidth = boxHeight * aspect;
  if (boxWidth > GUIDE_FILL * width) {
    boxWidth = GUIDE_FILL * width;
    boxHeight = boxWidth / aspect;
  }
  return { left: (width - boxWidth) / 2 / width, top: (height - boxHeight) / 2 / height, width: boxWidth / width, height: boxHeight / height };
}
