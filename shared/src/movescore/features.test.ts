import { describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { FEATURE_INDEX, FEATURE_NAMES } from './feature-names.js';
import { cleanPoses, fillShortGaps, poseFeatures, poseFeaturesBeside, takeFeatures } from './features.js';
import { angleAt, frameFeatures } from './frame-features.js';
import { outOfViewHint, partsOutOfView } from './in-view.js';
import { OneEuroFilter } from './one-euro.js';
import { KEYPOINT_INDEX, KEYPOINT_NAMES, type TFrame, type TKeypointName } from './take.js';

function featuresOf(points: Partial<Record<TKeypointName, [number, number]>>): Float64Array {
  const x = new Float64Array(KEYPOINT_NAMES.length).fill(Number.NaN);
  const y = new Float64Array(KEYPOINT_NAMES.length).fill(Number.NaN);
  const score = new Float64Array(KEYPOINT_NAMES.length).fill(0.9);
  for (const [name, [px, py]] of Object.entries(points)) {
    x[KEYPOINT_INDEX[name as TKeypointName]] = px;
    y[KEYPOINT_INDEX[name as TKeypointName]] = py;
  }
  return frameFeatures(x, y, score, new Float64Array(FEATURE_NAMES.length));
}

describe('features', () => {
  it("measures the body line's bend at the hips, sagging positive and piking negative, not when standing", () => {
    // A side-view plank, head to the right: shoulders and knees level, hips 0.05 below or above the line.
    const plank = (hipY: number) => featuresOf({ left_shoulder: [0.8, 0.5], left_hip: [0.55, hipY], left_knee: [0.3, 0.5] })[FEATURE_INDEX.hip_sag]!;
    expect(plank(0.5)).toBeCloseTo(0, 6);
    expect(plank(0.55)).toBeCloseTo(180 - angleAt(0.8, 0.5, 0.55, 0.55, 0.3, 0.5), 6);
    expect(plank(0.55)).toBeGreaterThan(20);
    expect(plank(0.45)).toBeCloseTo(-plank(0.55), 6);
    // The same body facing the other way sags the same way.
    const mirrored = featuresOf({ left_shoulder: [0.2, 0.5], left_hip: [0.45, 0.55], left_knee: [0.7, 0.5] })[FEATURE_INDEX.hip_sag]!;
    expect(mirrored).toBeCloseTo(plank(0.55), 6);
    // Standing: up and down of the line mean nothing.
    expect(featuresOf({ left_shoulder: [0.5, 0.3], left_hip: [0.52, 0.6], left_knee: [0.5, 0.8] })[FEATURE_INDEX.hip_sag]).toBeNaN();
  });

  it('takes the body line to the ankles where they are seen, so slightly bent knees are not a bend at the hips', () => {
    // Shoulder, hip and ankle in a straight line; the knee a little below it (knees soft, or the pose model's knee).
    const withoutAnkle = { left_shoulder: [0.8, 0.5], left_hip: [0.55, 0.55], left_knee: [0.4, 0.6] } satisfies Partial<
      Record<TKeypointName, [number, number]>
    >;
    const body = { ...withoutAnkle, left_ankle: [0.2, 0.62] } satisfies Partial<Record<TKeypointName, [number, number]>>;
    expect(featuresOf(body)[FEATURE_INDEX.hip_sag]).toBeCloseTo(0, 0);
    // The hips above that line are a pike whatever the knees do.
    expect(featuresOf({ ...body, left_hip: [0.55, 0.5] })[FEATURE_INDEX.hip_sag]).toBeLessThan(-10);
    // Without the ankle the knee ends the line (the bent knee then reads as a pike).
    expect(featuresOf(withoutAnkle)[FEATURE_INDEX.hip_sag]).toBeLessThan(-5);
  });

  it('measures how far apart the knees are in height against the trunk: 0 level, whichever way the body faces', () => {
    const body = { left_shoulder: [0.5, 0.2], right_shoulder: [0.56, 0.2], left_hip: [0.5, 0.5], right_hip: [0.56, 0.5] } satisfies Partial<
      Record<TKeypointName, [number, number]>
    >;
    const gap = (left: [number, number], right: [number, number]) =>
      featuresOf({ ...body, left_knee: left, right_knee: right })[FEATURE_INDEX.knee_gap]!;
    expect(gap([0.5, 0.7], [0.56, 0.7])).toBeCloseTo(0, 6);
    // The back knee 0.15 lower than the front one, trunk 0.3 long: asin(0.5) = 30°, either side lower.
    expect(gap([0.7, 0.5], [0.45, 0.65])).toBeCloseTo(30, 6);
    expect(gap([0.45, 0.65], [0.7, 0.5])).toBeCloseTo(30, 6);
    // A gap longer than the trunk reads 90°; a knee not seen leaves it unknown.
    expect(gap([0.75, 0.3], [0.5, 0.85])).toBeCloseTo(90, 6);
    expect(gap([0.5, 0.7], [Number.NaN, Number.NaN])).toBeNaN();
    // A thigh under half the other's in the picture points at the camera or is misplaced (a far
    // knee read at the hip): the knees' heights say nothing then.
    expect(gap([0.5, 0.7], [0.58, 0.55])).toBeNaN();
  });

  it("measures the knees' height above the hands over the arm's length: 0 on the floor, whatever the body's size, unknown without the knee", () => {
    // Hands on the floor (y 0.84) under the shoulder; upper arm 0.15 and forearm 0.15 long, the elbow bent.
    const arm = { left_shoulder: [0.7, 0.6], left_elbow: [0.79, 0.72], left_wrist: [0.7, 0.84] } satisfies Partial<
      Record<TKeypointName, [number, number]>
    >;
    const lift = (knee: [number, number], points: Partial<Record<TKeypointName, [number, number]>> = arm) =>
      featuresOf({ ...points, left_knee: knee })[FEATURE_INDEX.knee_lift]!;
    expect(lift([0.3, 0.84])).toBeCloseTo(0, 6);
    // 0.15 above the wrist, the arm 0.3 long: asin(0.5) = 30°; below it, negative.
    expect(lift([0.3, 0.69])).toBeCloseTo(30, 6);
    expect(lift([0.3, 0.9])).toBeLessThan(0);
    // The same body twice as large reads the same.
    const double = Object.fromEntries(Object.entries(arm).map(([name, [px, py]]) => [name, [px * 2, py * 2]])) as typeof arm;
    expect(lift([0.6, 1.38], double)).toBeCloseTo(30, 6);
    expect(featuresOf(arm)[FEATURE_INDEX.knee_lift]).toBeNaN();
  });
  it("reads the upper arm's raise from the elbow's height against the trunk: the same whichever way the arm points in the picture", () => {
    // Trunk 0.3 long (so the upper arm is taken as 0.18); the elbow level with the shoulder reads 90°.
    const trunk = { left_shoulder: [0.5, 0.3], left_hip: [0.5, 0.6] } satisfies Partial<Record<TKeypointName, [number, number]>>;
    const raise = (elbow: [number, number]) => featuresOf({ ...trunk, left_elbow: elbow })[FEATURE_INDEX.arm_raise]!;
    expect(raise([0.65, 0.3])).toBeCloseTo(90, 6);
    // Half the upper arm's length above the shoulder: 90 + asin(0.5) = 120°, out to the side or
    // foreshortened towards a camera at the side (the elbow almost over the shoulder in the picture).
    expect(raise([0.65, 0.3 - 0.09])).toBeCloseTo(120, 6);
    expect(raise([0.51, 0.3 - 0.09])).toBeCloseTo(120, 6);
    // Hanging below the shoulder reads 0; higher than the arm is long reads overhead (180), not a wrong angle.
    expect(raise([0.5, 0.3 + 0.18])).toBeCloseTo(0, 6);
    expect(raise([0.5, 0.0])).toBeCloseTo(180, 6);
    // The elbows' distance from the shoulders across the picture: asin(0.15 / 0.3) = 30°, either side.
    const offset = (elbow: [number, number]) => featuresOf({ ...trunk, left_elbow: elbow })[FEATURE_INDEX.elbow_offset]!;
    expect(offset([0.5, 0.45])).toBeCloseTo(0, 6);
    expect(offset([0.65, 0.3])).toBeCloseTo(30, 6);
    expect(offset([0.35, 0.2])).toBeCloseTo(30, 6);
    // Without the hips there is no ruler.
    expect(featuresOf({ left_shoulder: [0.5, 0.3], left_elbow: [0.65, 0.3] })[FEATURE_INDEX.arm_raise]).toBeNaN();
  });

  it("reads the shoulders' rise towards the ears along the trunk, whichever way the body leans, in degrees of the collarbone's tilt", () => {
    // Trunk 0.3 long (so the collarbone is taken as 0.09): the ear 0.09 above the shoulder reads 1 rad.
    const neck = (points: Partial<Record<TKeypointName, [number, number]>>) => featuresOf(points)[FEATURE_INDEX.neck]!;
    const upright = { left_shoulder: [0.5, 0.3], left_hip: [0.5, 0.6] } satisfies Partial<Record<TKeypointName, [number, number]>>;
    expect(neck({ ...upright, left_ear: [0.5, 0.21] })).toBeCloseTo(180 / Math.PI, 6);
    // The head forward of the shoulder does not change it; the shoulder rising by a third of the collarbone does.
    expect(neck({ ...upright, left_ear: [0.56, 0.21] })).toBeCloseTo(180 / Math.PI, 6);
    expect(neck({ left_shoulder: [0.5, 0.27], left_hip: [0.5, 0.6], left_ear: [0.5, 0.21] })).toBeLessThan(180 / Math.PI - 15);
    // The whole body leaning 40° forward (a squat), the ear where it was on the trunk: the same.
    const [c, s] = [Math.cos((40 * Math.PI) / 180), Math.sin((40 * Math.PI) / 180)];
    const leaning = {
      left_hip: [0.5, 0.6],
      left_shoulder: [0.5 + 0.3 * s, 0.6 - 0.3 * c],
      left_ear: [0.5 + 0.39 * s, 0.6 - 0.39 * c],
    } satisfies Partial<Record<TKeypointName, [number, number]>>;
    expect(neck(leaning)).toBeCloseTo(180 / Math.PI, 6);
    // Without the ears, or the hips that give the trunk, it is unknown.
    expect(neck(upright)).toBeNaN();
    expect(neck({ left_shoulder: [0.5, 0.3], left_ear: [0.5, 0.21] })).toBeNaN();
  });

  it('measures how differently the hips bend: 0 with the legs alike, the difference in a split stance', () => {
    const split = featuresOf({
      left_shoulder: [0.5, 0.2],
      right_shoulder: [0.5, 0.2],
      left_hip: [0.5, 0.5],
      right_hip: [0.5, 0.5],
      left_knee: [0.75, 0.55],
      right_knee: [0.4, 0.75],
    });
    expect(split[FEATURE_INDEX.hip_split]).toBeCloseTo(Math.abs(split[FEATURE_INDEX.left_hip]! - split[FEATURE_INDEX.right_hip]!), 6);
    expect(split[FEATURE_INDEX.hip_split]).toBeGreaterThan(45);
    const alike = featuresOf({
      left_shoulder: [0.5, 0.2],
      right_shoulder: [0.52, 0.2],
      left_hip: [0.5, 0.5],
      right_hip: [0.52, 0.5],
      left_knee: [0.7, 0.6],
      right_knee: [0.72, 0.6],
    });
    expect(alike[FEATURE_INDEX.hip_split]).toBeCloseTo(0, 6);
  });

  it('measures a right angle at the vertex', () => {
    expect(angleAt(0, 1, 0, 0, 1, 0)).toBeCloseTo(90, 6);
    expect(angleAt(0, 0, 0, 0, 1, 0)).toBeNaN();
  });

  it('gives the same angles for a body twice as large elsewhere in the picture', () => {
    const body: Partial<Record<TKeypointName, [number, number]>> = {
      left_shoulder: [0.5, 0.3],
      left_hip: [0.52, 0.6],
      left_knee: [0.62, 0.72],
      left_ankle: [0.58, 0.95],
      left_elbow: [0.6, 0.42],
      left_wrist: [0.72, 0.4],
    };
    const moved = Object.fromEntries(Object.entries(body).map(([name, [x, y]]) => [name, [2 * x + 0.7, 2 * y - 0.2]]));
    const a = featuresOf(body);
    const b = featuresOf(moved);
    for (const feature of ['knee', 'hip', 'elbow', 'shoulder', 'trunk'] as const) {
      expect(a[FEATURE_INDEX[feature]]).toBeGreaterThan(0);
      expect(b[FEATURE_INDEX[feature]]).toBeCloseTo(a[FEATURE_INDEX[feature]]!, 6);
    }
  });

  it('uses the visible side alone when the other is missing, and the trunk lean from vertical', () => {
    const features = featuresOf({
      right_hip: [0, 0],
      right_knee: [0, 1],
      right_ankle: [1, 1],
      right_shoulder: [1, -1],
    });
    expect(features[FEATURE_INDEX.left_knee]).toBeNaN();
    expect(features[FEATURE_INDEX.knee]).toBeCloseTo(90, 6);
    expect(features[FEATURE_INDEX.trunk]).toBeCloseTo(45, 6);
  });

  it('fills short gaps and leaves long ones missing', () => {
    const t = Float64Array.from([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    const column = Float64Array.from([0, Number.NaN, 2, Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NaN, 8, 9]);
    fillShortGaps(t, column, 300);
    expect(column[1]).toBeCloseTo(1, 6);
    expect(Array.from(column.slice(3, 8)).every(Number.isNaN)).toBe(true);
  });

  it('smooths jitter on a still point and follows a fast move', () => {
    const filter = new OneEuroFilter();
    let jitter = 0;
    for (let i = 0; i < 300; i += 1) {
      const noisy = 0.5 + (i % 2 ? 0.01 : -0.01);
      if (i > 50) jitter = Math.max(jitter, Math.abs(filter.filter(noisy, i * 33) - 0.5));
      else filter.filter(noisy, i * 33);
    }
    expect(jitter).toBeLessThan(0.004);
    let last = 0;
    for (let i = 0; i < 15; i += 1) last = filter.filter(0.5 + 0.03 * i, (300 + i) * 33);
    expect(last).toBeGreaterThan(0.5 + 0.03 * 14 - 0.06);
  });

  it('says which body parts are out of view', () => {
    const take = generateTake({
      reps: 0,
      durationMs: 500,
      hidden: ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'],
    });
    const frame = take.frames[0]!;
    expect(partsOutOfView(frame, take)).toEqual(['knees', 'ankles']);
    expect(outOfViewHint(['knees', 'ankles'])).toBe('Step back so your knees and ankles are visible');
    const outside: TFrame = {
      t: 0,
      keypoints: frame.keypoints.map((keypoint) => ({
        ...keypoint,
        y: keypoint.y + 1000,
      })),
    };
    expect(partsOutOfView(outside, take)).toHaveLength(7);
    const oneSide: TFrame = {
      t: 0,
      keypoints: frame.keypoints.filter((keypoint) => !keypoint.name.startsWith('left_')),
    };
    expect(partsOutOfView(oneSide, take)).toEqual(['knees', 'ankles']);
  });

  it('reads the held pose only where it differs from the interpolated one, to the same features', () => {
    const take = generateTake({ reps: 3, noise: 0.02, missingRate: 0.25, seed: 11 });
    const { interpolate, hold } = cleanPoses(take);
    const series = poseFeatures(interpolate);
    const beside = poseFeaturesBeside(hold, interpolate, series);
    const whole = poseFeatures(hold);
    let differing = 0;
    for (let f = 0; f < FEATURE_NAMES.length; f += 1) {
      for (let i = 0; i < take.frames.length; i += 1) {
        expect(Object.is(beside.values[f]![i], whole.values[f]![i]), `${FEATURE_NAMES[f]} at frame ${i}`).toBe(true);
        if (!Object.is(series.values[f]![i], whole.values[f]![i])) differing += 1;
      }
    }
    // The take has gaps, so the two readings differ somewhere, and the interpolated series is left as it was.
    expect(differing).toBeGreaterThan(0);
    expect(poseFeatures(interpolate).values).toEqual(series.values);
  });

  it('computes a knee angle that follows the squat', () => {
    const series = takeFeatures(generateTake({ reps: 1, noise: 0.01, seed: 4 }));
    const knee = Array.from(series.values[FEATURE_INDEX.knee]!);
    expect(Math.max(...knee)).toBeGreaterThan(165);
    expect(Math.min(...knee)).toBeLessThan(85);
  });
});
