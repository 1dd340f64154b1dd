import { describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { buildReference } from './reference.js';
import { countReps, scoreTake } from './score.js';

describe('scoring push-ups and their variants', () => {
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
});
