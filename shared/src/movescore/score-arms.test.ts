import { describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { buildReference } from './reference.js';
import { referencePostureError } from './feedback.js';
import { LiveRepCounter } from './live.js';
import { countReps, scoreTake } from './score.js';

describe('scoring shoulder presses, front raises and shrugs', () => {
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
  });

  // Generated takes: these test the mechanics of telling each fault, not that real presses are
  // told apart (no real press recordings to check on yet).
  describe("the shoulder press's faults, each judged from the view that shows it (generated takes: mechanics only)", () => {
    const press = (yaw: number, options: Partial<Parameters<typeof generateTake>[0]> = {}) =>
      generateTake({ movement: 'press', reps: 5, yaw: -yaw, noise: 0.008, seed: 46, ...options });
    const reference = (yaw: number) =>
      buildReference(generateTake({ movement: 'press', reps: 3, yaw, noise: 0.008, seed: 44 }), { kind: 'shoulder-press' });
    const FAULT = /Straighten your arms|Keep your elbows under|Keep your back straight/;

    it('names none in a good press, from the side, at an angle or from the front', () => {
      for (const yaw of [0.05, 0.6, 1.5]) {
        for (const seed of [46, 47]) {
          const good = scoreTake(reference(yaw), press(yaw, { seed }));
          expect(good.score, `yaw ${yaw}`).toBeGreaterThan(0.95);
          expect(good.feedback.join(' | ')).not.toMatch(FAULT);
          expect(good.reps.map((rep) => rep.fault)).toEqual(good.reps.map(() => null));
        }
      }
    });

    it('tells the arms short of lock-out where the elbow is seen bent (the front, an angle), costing more the more they are bent', () => {
      for (const yaw of [0.6, 1.5]) {
        const own = scoreTake(reference(yaw), press(yaw));
        const [short, shorter] = [30, 50].map((lockoutShort) => scoreTake(reference(yaw), press(yaw, { lockoutShort })));
        expect(short.score!).toBeLessThanOrEqual(own.score! - 0.15);
        expect(shorter.score!).toBeLessThanOrEqual(short.score! - 0.15);
        expect(short.feedback[0]).toMatch(/^Straighten your arms fully overhead: your elbows stay about \d+° bent at the top$/);
        expect(short.feedback.filter((line) => FAULT.test(line))).toHaveLength(1);
      }
      // Side-on, an arm bent out to the side looks straight: nothing seen, nothing said or taken.
      const side = scoreTake(reference(0.05), press(0.05, { lockoutShort: 30 }));
      expect(side.feedback.join(' | ')).not.toMatch(FAULT);
      expect(side.score).toBeGreaterThan(0.95);
    });

    it('tells the elbows drifting forward from the side only, costing more the further they come', () => {
      const own = scoreTake(reference(0.05), press(0.05));
      const [forward, further] = [40, 60].map((elbowsForward) => scoreTake(reference(0.05), press(0.05, { elbowsForward })));
      expect(forward.score!).toBeLessThanOrEqual(own.score! - 0.04);
      expect(further.score!).toBeLessThan(forward.score! - 0.03);
      expect(forward.feedback).toEqual([
        'Keep your elbows under your wrists, in line with your shoulders: they drift forward on the way down',
      ]);
      // From the front they come towards the camera, which the picture hardly shows: not said, not taken.
      const facing = scoreTake(reference(1.5), press(1.5, { elbowsForward: 60 }));
      expect(facing.feedback.join(' | ')).not.toMatch(FAULT);
      expect(facing.score).toBeGreaterThan(0.95);
    });

    it('tells the back arching, the trunk leaning back at the top, from the side only, in the reps it happens in', () => {
      const own = scoreTake(reference(0.05), press(0.05));
      const [arched, more] = [20, 30].map((backLean) => scoreTake(reference(0.05), press(0.05, { backLean })));
      expect(arched.score!).toBeLessThanOrEqual(own.score! - 0.05);
      expect(more.score!).toBeLessThan(arched.score! - 0.05);
      expect(arched.feedback[0]).toMatch(/^Keep your back straight: don't lean back as you press \(about \d+° back at the top\)$/);
      // Two of five reps arched: named once, with those reps; the others' cards say nothing.
      const some = scoreTake(reference(0.05), press(0.05, { backLean: 25, faultReps: [1, 3] }));
      expect(some.feedback).toEqual([expect.stringMatching(/^Keep your back straight: .* at the top of reps 2, 4\)$/)]);
      expect(some.reps.map((rep) => rep.fault === null)).toEqual([true, false, true, false, true]);
      expect(some.repCues).toEqual([null, null, null, null, null]);
      const facing = scoreTake(reference(1.5), press(1.5, { backLean: 25 }));
      expect(facing.feedback.join(' | ')).not.toMatch(FAULT);
    });

    it('names two faults in one take each once, with the reps of each', () => {
      const both = scoreTake(reference(0.05), press(0.05, { elbowsForward: 60, backLean: 25, seed: 48 }));
      const lines = both.feedback.filter((line) => FAULT.test(line));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^Keep your elbows under your wrists/);
      expect(lines[1]).toMatch(/^Keep your back straight/);
      const elbows = scoreTake(reference(0.05), press(0.05, { elbowsForward: 60, seed: 48 }));
      const back = scoreTake(reference(0.05), press(0.05, { backLean: 25, seed: 48 }));
      expect(both.score!).toBeLessThan(Math.min(elbows.score!, back.score!));
    });
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
});
