import { beforeAll, describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { buildReference, type TReference } from './reference.js';
import { describeDeviation, referencePostureError, repsLabel } from './feedback.js';
import { LiveRepCounter } from './live.js';
import { countReps, scoreTake } from './score.js';
import { KEYPOINT_NAMES } from './take.js';

let squat: TReference;
beforeAll(() => {
  squat = buildReference(
    generateTake({
      movement: 'squat',
      reps: 3,
      depth: 1,
      noise: 0.005,
      seed: 21,
    }),
  );
});

describe('scoring against a full-depth reference', () => {
  it('scores good reps high and deeper reps higher than shallow ones', () => {
    const scores = [1, 0.75, 0.5].map((depth) => scoreTake(squat, generateTake({ reps: 5, depth, noise: 0.01, seed: 22 })));
    for (const result of scores) expect(result.repCount).toBe(5);
    const [full, mid, shallow] = scores.map((result) => result.score);
    expect(full).toBeGreaterThan(0.85);
    expect(full!).toBeGreaterThan(mid! + 0.2);
    expect(mid!).toBeGreaterThan(shallow! + 0.1);
    for (const rep of scores[0]!.reps) expect(rep.score).toBeGreaterThanOrEqual(0);
    expect(scores[0]!.feedback).toEqual(['Close to the reference: keep it up']);
  });

  it('is tempo-invariant: a slower or faster take of good reps still scores high, with tempo only a note after the form', () => {
    const slow = scoreTake(squat, generateTake({ reps: 4, tempo: 0.45, noise: 0.01, seed: 23 }));
    const fast = scoreTake(squat, generateTake({ reps: 4, tempo: 2.2, noise: 0.01, seed: 24 }));
    expect(slow.score).toBeGreaterThan(0.85);
    expect(fast.score).toBeGreaterThan(0.85);
    expect(slow.feedback).toEqual(['Close to the reference: keep it up', expect.stringMatching(/^Slower than the reference \(\d\.\d s a rep/)]);
    expect(fast.feedback).toEqual([
      'Close to the reference: keep it up',
      expect.stringMatching(/^Faster than the reference .*: fine while you stay in control$/),
    ]);
  });

  it('tells how much deeper to go', () => {
    const result = scoreTake(squat, generateTake({ reps: 5, depth: 0.7, noise: 0.01, seed: 25 }));
    const depth = result.feedback.find((line) => line.startsWith('Go about'));
    expect(depth).toMatch(/^Go about \d+° deeper$/);
    const degrees = Number(/about (\d+)°/.exec(depth!)![1]);
    expect(degrees).toBeGreaterThanOrEqual(20);
    expect(degrees).toBeLessThanOrEqual(45);
    // Each rep says it too; a full-depth rep has no fault.
    for (const rep of result.reps) expect(rep.fault).toMatch(/^Go about \d+° deeper$/);
    expect(scoreTake(squat, generateTake({ reps: 2, noise: 0.01, seed: 22 })).reps.map((rep) => rep.fault)).toEqual([null, null]);
  });

  it('names the joint and the phase that differ most', () => {
    // The same squats with the trunk held upright: the upper body and hips differ at the bottom.
    const result = scoreTake(squat, generateTake({ reps: 4, lean: 0, noise: 0.01, seed: 26 }));
    expect(result.repCount).toBe(4);
    const worst = result.reps[0]!.worst;
    expect(worst).not.toBeNull();
    expect(['trunk', 'hip']).toContain(worst!.feature);
    expect(worst!.feature === 'trunk' ? -worst!.deltaDeg : worst!.deltaDeg).toBeGreaterThan(15);
    expect(result.feedback.join(' ')).toMatch(
      /Your (upper body|hips) (at the far end|on the way (down|up))( of reps? [\d, -]+)?: about \d+° (more upright|straighter) than the reference/,
    );
    expect(['down', 'bottom', 'up']).toContain(worst!.phase);
    expect(describeDeviation({ feature: 'hip', phase: 'up', deltaDeg: -17 })).toBe('Your hips on the way up: about 15° more bent than the reference');
    expect(describeDeviation({ feature: 'upper_arm', phase: 'bottom', deltaDeg: 31, mode: 'limit', excessDeg: 24 }, 'the top')).toBe(
      'Keep your upper arms still: they swing about 25° more than the reference at the top',
    );
    expect(describeDeviation({ feature: 'hip', phase: 'down', deltaDeg: 30, mode: 'limit', excessDeg: 18 })).toBe(
      'Keep your hips in line with your body: they bend about 20° more than the reference on the way down',
    );
    expect(describeDeviation({ feature: 'trunk', phase: 'bottom', deltaDeg: 22 })).toBe(
      'Your upper body at the bottom: leaning about 20° further forward than the reference',
    );
  });

  it('scores a rep at most 50% under the knee push-up where the knees are out of view: nothing shows it is done on them', () => {
    const standard = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
    const onKnees = buildReference(generateTake({ movement: 'knee-pushup', reps: 3, yaw: 0.2, seed: 41 }), { kind: 'knee-push-up' });
    const legs = ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'];
    const take = generateTake({ movement: 'pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 45 });
    // The legs out of the picture in the second rep only (in most reps, the take is not judged: judged.test.ts).
    const second = countReps(take, 'push-up')[1]!;
    const isHidden = (t: number) => t >= second.startMs && t <= second.endMs;
    const pushUps = {
      ...take,
      frames: take.frames.map((frame) =>
        isHidden(frame.t) ? { ...frame, keypoints: frame.keypoints.filter((point) => !legs.includes(point.name)) } : frame,
      ),
    };
    const own = scoreTake(standard, pushUps);
    const wrong = scoreTake(onKnees, pushUps);
    expect(own.repCount).toBe(4);
    expect(own.score).toBeGreaterThan(0.85);
    expect(wrong.repCount).toBe(4);
    expect(wrong.reps[1]!.untold).toBe('knee_lift');
    expect(wrong.reps[1]!.score).toBeLessThanOrEqual(0.5);
    expect(wrong.score).toBeLessThanOrEqual(own.score! - 0.3);
    expect(wrong.feedback).toContain('This movement is told apart by your knees, which could not be made out in rep 2: those reps score at most 50%');
    // Knee push-ups whose knees are seen are judged on them as before.
    const kneeling = scoreTake(onKnees, generateTake({ movement: 'knee-pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 46 }));
    expect(kneeling.score).toBeGreaterThan(0.85);
    expect(kneeling.reps.every((rep) => rep.untold === undefined)).toBe(true);
  });

  it('leaves out of the score a joint the pose model misreads from frame to frame, and says so, while a real fault still costs', () => {
    const standard = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
    const take = generateTake({ movement: 'pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 44 });
    // The knees placed anywhere within a fifth of the picture's height of where they are, in half the frames, confidently:
    // a far or half-hidden leg the model loses from frame to frame.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const misread = {
      ...take,
      frames: take.frames.map((frame) => ({
        ...frame,
        keypoints: frame.keypoints.map((keypoint) =>
          keypoint.name.endsWith('_knee') && random() < 0.5 ? { ...keypoint, y: keypoint.y + (random() - 0.5) * 0.4 * take.height } : keypoint,
        ),
      })),
    };
    const clean = scoreTake(standard, take);
    const result = scoreTake(standard, misread);
    expect(result.repCount).toBe(4);
    expect(clean.score).toBeGreaterThan(0.85);
    expect(result.score).toBeGreaterThan(clean.score - 0.05);
    expect(result.feedback[0]).toBe('Your knees were hard to make out and were not judged: film closer, in good light, with your whole body in view');
    for (const rep of result.reps) expect(rep.unsteady).toContain('knee');
    expect(clean.reps.every((rep) => rep.unsteady === undefined)).toBe(true);
    // Knees that come down to the floor, read steadily, are still judged.
    const kneeling = scoreTake(standard, generateTake({ movement: 'knee-pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 43 }));
    expect(kneeling.score).toBeLessThanOrEqual(clean.score - 0.3);
    expect(kneeling.reps.every((rep) => rep.unsteady === undefined)).toBe(true);
  });

  it('for a squat, a trunk leaning further than the reference costs and is named; a more upright one does not', () => {
    const reference = buildReference(generateTake({ reps: 3, noise: 0.005, seed: 35 }), { kind: 'squat' });
    const collapsing = scoreTake(reference, generateTake({ reps: 4, lean: 2, noise: 0.01, seed: 36 }));
    const upright = scoreTake(reference, generateTake({ reps: 4, lean: 0, noise: 0.01, seed: 37 }));
    expect(collapsing.repCount).toBe(4);
    expect(upright.repCount).toBe(4);
    expect(upright.score).toBeGreaterThan(0.85);
    expect(collapsing.score).toBeLessThan(upright.score - 0.2);
    expect(collapsing.feedback.join(' ')).toMatch(/Keep your upper body steady: it leans about \d+° more than the reference/);
    expect(upright.feedback).toEqual(['Close to the reference: keep it up']);
  });

  it('scores standing still near 0 with no reps', () => {
    const result = scoreTake(squat, generateTake({ reps: 0, durationMs: 15_000, noise: 0.015, seed: 27 }));
    expect(result).toMatchObject({ score: 0, repCount: 0, reps: [] });
    expect(result.feedback[0]).toBe('No reps counted');
  });

  it('scores a person out of view as 0 and says what to show', () => {
    const hidden = KEYPOINT_NAMES.filter((name) => /knee|ankle/.test(name));
    const result = scoreTake(squat, generateTake({ reps: 5, hidden, seed: 28 }));
    expect(result.score).toBe(0);
    expect(result.repCount).toBe(0);
    expect(result.outOfView).toEqual(['knees', 'ankles']);
    expect(result.feedback).toContain('Nothing to count: move so your knees and ankles are visible');
  });

  it('handles dropped keypoints and gaps', () => {
    const result = scoreTake(squat, generateTake({ reps: 6, missingRate: 0.25, noise: 0.01, seed: 29 }));
    expect(result.repCount).toBe(6);
    expect(result.score).toBeGreaterThan(0.8);
    // A second-long hole mid-take: the rep under way is lost, the others still count.
    const take = generateTake({ reps: 6, noise: 0.01, seed: 30 });
    const holeStart = take.frames.findIndex((frame) => frame.t >= 5000);
    for (const frame of take.frames.slice(holeStart, holeStart + 45)) frame.keypoints = [];
    const holed = scoreTake(squat, take);
    expect(holed.repCount).toBeGreaterThanOrEqual(4);
    expect(holed.repCount).toBeLessThanOrEqual(5);
  });

  it('scores a take with one side out of view', () => {
    const hidden = KEYPOINT_NAMES.filter((name) => name.startsWith('right_'));
    const result = scoreTake(squat, generateTake({ reps: 5, hidden, noise: 0.01, seed: 31 }));
    expect(result.repCount).toBe(5);
    expect(result.score).toBeGreaterThan(0.8);
    expect(result.outOfView).toEqual([]);
  });

  it('scores a push-up under the knee push-up at least 30 points below its own, and says which variant the movement is', () => {
    const standard = buildReference(generateTake({ movement: 'pushup', reps: 3, yaw: 0.2, seed: 40 }), { kind: 'push-up' });
    const onKnees = buildReference(generateTake({ movement: 'knee-pushup', reps: 3, yaw: 0.2, seed: 41 }), { kind: 'push-up' });
    const take = generateTake({ movement: 'pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 42 });
    const own = scoreTake(standard, take);
    const wrong = scoreTake(onKnees, take);
    expect(own.repCount).toBe(4);
    expect(wrong.repCount).toBe(4);
    expect(own.score).toBeGreaterThan(0.85);
    expect(wrong.score).toBeLessThanOrEqual(own.score - 0.3);
    expect(wrong.feedback.join(' ')).toMatch(
      /^Legs straight \(about \d+° straighter than the reference (at the bottom|on the way (down|up))\): this movement is done on the knees$/m,
    );
    // And the other way round: knees down under the standard push-up.
    const kneeling = scoreTake(standard, generateTake({ movement: 'knee-pushup', reps: 4, yaw: 0.3, noise: 0.008, seed: 43 }));
    expect(kneeling.score).toBeLessThanOrEqual(own.score - 0.3);
    expect(kneeling.feedback.join('\n')).toMatch(
      /^Knees down \(about \d+° more bent than the reference .*\): this movement is done on straight legs$/m,
    );
  });

  it('counts and scores a shoulder press alike from the side, at an angle and from the front: half a press well below a full one', () => {
    // Seen from the side the upper arms point at the camera at the bottom of a press, so the
    // shoulder's angle in the picture tells nothing there; the elbow's height does from any side.
    for (const yaw of [0.1, 0.6, 1.5]) {
      const reference = buildReference(generateTake({ movement: 'press', reps: 3, yaw, noise: 0.008, seed: 44 }), { kind: 'shoulder-press' });
      const own = scoreTake(reference, generateTake({ movement: 'press', reps: 5, yaw: -yaw, noise: 0.008, seed: 45 }));
      const half = scoreTake(reference, generateTake({ movement: 'press', reps: 5, depth: 0.55, yaw: -yaw, noise: 0.008, seed: 45 }));
      expect([own.repCount, half.repCount]).toEqual([5, 5]);
      // The live counter, frame by frame, counts on the same signal.
      const take = generateTake({ movement: 'press', reps: 5, yaw: -yaw, noise: 0.008, seed: 45 });
      const live = new LiveRepCounter(reference, take);
      expect(take.frames.map((frame) => live.push(frame).count).at(-1)).toBe(5);
      expect(own.score).toBeGreaterThan(0.9);
      expect(half.score).toBeLessThanOrEqual(own.score - 0.4);
      expect(half.feedback[0]).toMatch(/^Go about \d+° higher$/);
      expect(referencePostureError(reference)).toBeNull();
    }
    // Seen from the side, elbows coming 60° forward of the body's plane cost, and are named.
    const side = buildReference(generateTake({ movement: 'press', reps: 3, yaw: 0.05, noise: 0.008, seed: 44 }), { kind: 'shoulder-press' });
    const own = scoreTake(side, generateTake({ movement: 'press', reps: 4, yaw: -0.05, noise: 0.008, seed: 46 }));
    const forward = scoreTake(side, generateTake({ movement: 'press', reps: 4, yaw: -0.05, noise: 0.008, seed: 46, elbowsForward: 60 }));
    expect(forward.score).toBeLessThanOrEqual(own.score - 0.08);
    expect(forward.feedback[0]).toMatch(/^Elbows about \d+° further from the shoulders than the reference's .*: keep them on the reference's path$/);
  });

  it("scores a shoulder press under a front raise at least 30 points below its own: it goes far beyond the raise's top", () => {
    for (const yaw of [0.1, 1.5]) {
      const press = buildReference(generateTake({ movement: 'press', reps: 3, yaw, noise: 0.008, seed: 52 }), { kind: 'shoulder-press' });
      const raise = buildReference(generateTake({ movement: 'raise', reps: 3, yaw, noise: 0.008, seed: 52 }), { kind: 'front-raise' });
      const take = generateTake({ movement: 'press', reps: 4, yaw: -yaw, noise: 0.008, seed: 53 });
      const [own, wrong] = [scoreTake(press, take), scoreTake(raise, take)];
      expect(wrong.score).toBeLessThanOrEqual(own.score - 0.3);
      expect(wrong.feedback[0]).toMatch(/^Goes about \d+° higher than the reference's top: another movement\?$/);
    }
  });

  it("counts and scores a shrug on the shoulders' rise from any side, from the chest up too: half a shrug well below a full one, a front raise not one", () => {
    // No joint angle shows a shrug (the arms hang from the shoulders and rise with them).
    for (const yaw of [0.1, 0.8, 1.5]) {
      const reference = buildReference(generateTake({ movement: 'shrug', reps: 3, yaw, seed: 54 }), { kind: 'shrug' });
      expect(reference.primary).toBe('neck');
      const take = generateTake({ movement: 'shrug', reps: 6, yaw: -yaw, seed: 55 });
      const own = scoreTake(reference, take);
      const half = scoreTake(reference, generateTake({ movement: 'shrug', reps: 6, depth: 0.5, yaw: -yaw, seed: 55 }));
      expect([own.repCount, half.repCount]).toEqual([6, 6]);
      const live = new LiveRepCounter(reference, take);
      expect(take.frames.map((frame) => live.push(frame).count).at(-1)).toBe(6);
      expect(own.score).toBeGreaterThan(0.9);
      expect(half.score).toBeLessThanOrEqual(own.score - 0.25);
      expect(half.feedback[0]).toMatch(/^Go about \d+° higher$/);
      const raise = scoreTake(reference, generateTake({ movement: 'raise', reps: 4, yaw: -yaw, seed: 56 }));
      expect(raise.score).toBeLessThanOrEqual(own.score - 0.3);
    }
    // Filmed from the chest up, facing the camera or at an angle: no hips to read the rise along,
    // so it is read across the shoulders (`neck_facing`).
    const lowerBody = ['left_hip', 'right_hip', 'left_knee', 'right_knee', 'left_ankle', 'right_ankle'] as const;
    for (const yaw of [0.8, 1.3]) {
      const chestUp = (options: Partial<Parameters<typeof generateTake>[0]>) =>
        generateTake({ movement: 'shrug', reps: 6, yaw: -yaw, seed: 55, noise: 0.003, hidden: [...lowerBody], ...options });
      const reference = buildReference(chestUp({ reps: 3, yaw, seed: 54 }), { kind: 'shrug' });
      expect(reference.primary).toBe('neck_facing');
      const own = scoreTake(reference, chestUp({}));
      const half = scoreTake(reference, chestUp({ depth: 0.5 }));
      expect([own.repCount, half.repCount]).toEqual([6, 6]);
      expect(own.score).toBeGreaterThan(0.9);
      expect(half.score).toBeLessThanOrEqual(own.score - 0.25);
      expect(half.feedback[0]).toMatch(/^Go about \d+° higher$/);
    }
    // A chest-up take whose shoulders stay down is refused in words, not by the code's name of its signal.
    expect(() =>
      buildReference(generateTake({ movement: 'shrug', reps: 3, depth: 0, yaw: 1.3, seed: 54, noise: 0.003, hidden: [...lowerBody] }), {
        kind: 'shrug',
      }),
    ).toThrow('Reference take: the shoulders-to-ears angle hardly moves (no reps to learn from)');
    // Pulling with the arms, the elbows bending 60° at the top, seen from the side or at an angle
    // (head-on the forearms point at the camera and the bend hardly shows: 90° does).
    for (const yaw of [0.1, 0.6]) {
      const reference = buildReference(generateTake({ movement: 'shrug', reps: 3, yaw, seed: 54 }), { kind: 'shrug' });
      const own = scoreTake(reference, generateTake({ movement: 'shrug', reps: 6, yaw: -yaw, seed: 57 }));
      const pulling = scoreTake(reference, generateTake({ movement: 'shrug', reps: 6, yaw: -yaw, seed: 57, shrugElbowBend: 60 }));
      expect(pulling.score).toBeLessThanOrEqual(own.score - 0.3);
      expect(pulling.feedback[0]).toMatch(/^Keep your arms straight: your elbows bend about \d+° more than the reference at the top$/);
    }
  });

  it("counts a press filmed from the chest up on the elbow's angle, the hips its raise is read against out of view, and says which parts a reference cannot do without", () => {
    const lowerBody = ['left_hip', 'right_hip', 'left_knee', 'right_knee', 'left_ankle', 'right_ankle'] as const;
    const chestUp = (options: Parameters<typeof generateTake>[0]) =>
      generateTake({ movement: 'press', yaw: 0.6, noise: 0.008, hidden: [...lowerBody], ...options });
    const reference = buildReference(chestUp({ reps: 3, seed: 49 }), { kind: 'shoulder-press' });
    expect(reference.primary).toBe('elbow');
    expect(scoreTake(reference, chestUp({ reps: 5, seed: 50 })).repCount).toBe(5);
    // The wrists lost as well (a hand round a dumbbell): counted on the upper arm's inclination,
    // which needs only the shoulders and elbows; half a press well below, a curl not counted.
    // Side-on (yaw 0.2) the upper arm points at the camera at the bottom, and half a press is not told.
    const noWrists = (options: Parameters<typeof generateTake>[0]) => chestUp({ hidden: [...lowerBody, 'left_wrist', 'right_wrist'], ...options });
    for (const yaw of [0.6, 1.0, 1.4]) {
      const fromWaist = buildReference(noWrists({ reps: 3, seed: 49, yaw }), { kind: 'shoulder-press' });
      expect(fromWaist.primary).toBe('upper_arm');
      const own = scoreTake(fromWaist, noWrists({ reps: 5, seed: 50, yaw: -yaw }));
      const half = scoreTake(fromWaist, noWrists({ reps: 5, seed: 50, yaw: -yaw, depth: 0.5 }));
      expect([own.repCount, half.repCount]).toEqual([5, 5]);
      expect(own.score).toBeGreaterThan(0.9);
      expect(half.score).toBeLessThanOrEqual(own.score - 0.3);
      expect(half.feedback[0]).toMatch(/^Go about \d+° higher$/);
      expect(scoreTake(fromWaist, noWrists({ movement: 'curl', reps: 5, seed: 51, yaw })).repCount).toBe(0);
    }
    // A squat reference without its knees and ankles: nothing to count on, said in words.
    expect(() =>
      buildReference(generateTake({ reps: 3, seed: 51, hidden: ['left_knee', 'right_knee', 'left_ankle', 'right_ankle'] }), { kind: 'squat' }),
    ).toThrow('Reference take: the knee angle, which this movement is counted on, is not seen in most frames (the knees and ankles out of view)');
  });

  it("counts a front raise filmed facing the camera on the arm's height, where its angle in the picture is lost, and from the side on the shoulder's angle", () => {
    for (const [yaw, primary] of [
      [0.1, 'shoulder'],
      [1.2, 'arm_raise'],
      [1.5, 'arm_raise'],
    ] as const) {
      const reference = buildReference(generateTake({ movement: 'raise', reps: 3, yaw, noise: 0.008, seed: 47 }), { kind: 'front-raise' });
      expect(reference.primary).toBe(primary);
      const own = scoreTake(reference, generateTake({ movement: 'raise', reps: 5, yaw: -yaw, noise: 0.008, seed: 48 }));
      const half = scoreTake(reference, generateTake({ movement: 'raise', reps: 5, depth: 0.55, yaw: -yaw, noise: 0.008, seed: 48 }));
      expect([own.repCount, half.repCount]).toEqual([5, 5]);
      // Seen head-on the elbow's angle is noise at the top (both arm segments point at the camera): 80-89% there.
      expect(own.score).toBeGreaterThan(0.75);
      expect(half.score).toBeLessThanOrEqual(own.score - 0.3);
    }
    // As Other, with no kind, a raise filmed facing counts on the arm's height too.
    const other = buildReference(generateTake({ movement: 'raise', reps: 3, yaw: 1.5, noise: 0.008, seed: 47 }));
    expect(other.primary).toBe('arm_raise');
    expect(scoreTake(other, generateTake({ movement: 'raise', reps: 5, yaw: -1.5, noise: 0.008, seed: 48 })).repCount).toBe(5);
  });

  it("counts with no reference as a reference built from the take would: a front raise filmed head-on on the arm's height, a press from the chest up on the elbow", () => {
    for (let seed = 1; seed <= 6; seed += 1) {
      const reps = 2 + seed;
      const facing = generateTake({ movement: 'raise', reps, yaw: 1.5, seed: seed * 13, noise: 0.006 });
      expect(countReps(facing, 'front-raise'), `raise, seed ${seed}`).toHaveLength(reps);
    }
    const lowerBody = ['left_hip', 'right_hip', 'left_knee', 'right_knee', 'left_ankle', 'right_ankle'] as const;
    const chestUp = generateTake({ movement: 'press', reps: 4, yaw: 0.6, noise: 0.008, hidden: [...lowerBody], seed: 50 });
    expect(countReps(chestUp, 'shoulder-press')).toHaveLength(4);
  });

  it('names the reps a fault is about by their numbers, runs joined', () => {
    expect(repsLabel([1])).toBe('rep 2');
    expect(repsLabel([2, 3, 4])).toBe('reps 3-5');
    expect(repsLabel([0, 2, 3, 4, 7])).toBe('reps 1, 3-5, 8');
    // A long take's scattered reps: the first runs named, the rest counted.
    expect(repsLabel([0, 2, 4, 6, 8, 10])).toBe('reps 1, 3, 5, 7, 9, 11');
    expect(repsLabel([0, 2, 4, 6, 8, 10, 11, 12, 20])).toBe('reps 1, 3, 5, 7, 9 and 4 more');
    const scattered = repsLabel(Array.from({ length: 500 }, (_, index) => 2 * index));
    expect(scattered).toBe('reps 1, 3, 5, 7, 9 and 495 more');
  });

  it('scores a different movement low', () => {
    const pushup = buildReference(generateTake({ movement: 'pushup', reps: 3, seed: 32 }));
    const own = scoreTake(pushup, generateTake({ movement: 'pushup', reps: 4, noise: 0.01, seed: 33 }));
    const other = scoreTake(pushup, generateTake({ movement: 'squat', reps: 4, noise: 0.01, seed: 34 }));
    expect(own.score).toBeGreaterThan(0.85);
    expect(other.score).toBeLessThan(0.3);
  });
});
