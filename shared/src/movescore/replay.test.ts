import { beforeAll, describe, expect, it } from 'vitest';
import { generateTake } from './generate.js';
import { TEMPLATE_SAMPLES } from './align.js';
import { buildReference, type TReference } from './reference.js';
import {
  featureKeypoints,
  feedbackMoments,
  frameIndexAt,
  ghostSkeleton,
  personSkeleton,
  referenceDeltasAt,
  repIndexAt,
  repSampleAt,
  skeletonAngle,
  templateSampleAt,
} from './replay.js';
import { analyseTake, scoreTake } from './score.js';

let squat: TReference;
beforeAll(() => {
  squat = buildReference(generateTake({ movement: 'squat', reps: 3, depth: 1, noise: 0.005, seed: 21 }));
});

describe('the DTW alignment a score is computed on', () => {
  it('is the same analysis as the score, with one monotonic path from start to end per rep', () => {
    const take = generateTake({ reps: 3, depth: 0.8, tempo: 0.7, noise: 0.01, seed: 31 });
    const analysis = analyseTake(squat, take);
    expect(analysis.result).toEqual(scoreTake(squat, take));
    expect(analysis.aligned).toHaveLength(3);
    for (const { path, score, rep } of analysis.aligned) {
      expect(path[0]).toEqual([0, 0]);
      expect(path.at(-1)).toEqual([TEMPLATE_SAMPLES - 1, TEMPLATE_SAMPLES - 1]);
      path.slice(1).forEach(([i, j], index) => {
        const [pi, pj] = path[index]!;
        expect(i - pi).toBeGreaterThanOrEqual(0);
        expect(j - pj).toBeGreaterThanOrEqual(0);
        expect(i - pi + (j - pj)).toBeGreaterThan(0);
      });
      expect(score.startMs).toBe(Math.round(rep.startMs));
    }
  });

  it('maps a rep sample to the mean template sample paired with it, interpolating between samples', () => {
    const path: Array<[number, number]> = [
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 2],
      [3, 3],
    ];
    expect(templateSampleAt(path, 0)).toBe(0.5);
    expect(templateSampleAt(path, 1)).toBe(2);
    expect(templateSampleAt(path, 1.5)).toBe(2.5);
    expect(templateSampleAt(path, 3)).toBe(3);
    expect(repSampleAt({ startMs: 1000, endMs: 2000 }, 1500, 5)).toBe(2);
    expect(repSampleAt({ startMs: 1000, endMs: 2000 }, 500, 5)).toBe(0);
  });

  it('finds the frame and the rep playing at a time', () => {
    const analysis = analyseTake(squat, generateTake({ reps: 2, noise: 0.01, seed: 32 }));
    const [first, second] = analysis.result.reps;
    expect(repIndexAt(analysis, (first!.startMs + first!.endMs) / 2)).toBe(0);
    expect(repIndexAt(analysis, (second!.startMs + second!.endMs) / 2)).toBe(1);
    expect(repIndexAt(analysis, first!.startMs - 1)).toBe(-1);
    expect(frameIndexAt(Float64Array.from([0, 33, 66, 100]), 50)).toBe(2);
    expect(frameIndexAt(Float64Array.from([0, 33, 66, 100]), 40)).toBe(1);
  });
});

describe('the ghost: the reference on the person body, aligned rep by rep', () => {
  it('bends the knees as far as the reference where a shallow squatter stops short, and stands on their feet', () => {
    const analysis = analyseTake(squat, generateTake({ reps: 3, depth: 0.55, noise: 0.005, seed: 33 }));
    expect(analysis.result.repCount).toBe(3);
    for (const rep of analysis.result.reps) {
      const bottom = analysis.aligned[analysis.result.reps.indexOf(rep)]!.rep.peakMs;
      const person = personSkeleton(analysis, frameIndexAt(analysis.pose.t, bottom));
      const ghost = ghostSkeleton(analysis, bottom)!;
      expect(ghost).not.toBeNull();
      // The reference squats deeper: its knee angle at the bottom is well under the person's.
      expect(skeletonAngle(ghost, 'knee')).toBeLessThan(skeletonAngle(person, 'knee') - 20);
      const feet = (skeleton: typeof ghost) => skeleton[15]!.y + skeleton[16]!.y;
      expect(feet(ghost)).toBeCloseTo(feet(person), 6);
    }
  });

  it('follows the person when they move like the reference, and is absent between reps', () => {
    const analysis = analyseTake(squat, generateTake({ reps: 3, depth: 1, noise: 0.005, seed: 34 }));
    const rep = analysis.aligned[1]!;
    for (const share of [0.25, 0.5, 0.75]) {
      const t = rep.rep.startMs + share * (rep.rep.endMs - rep.rep.startMs);
      const person = personSkeleton(analysis, frameIndexAt(analysis.pose.t, t));
      const ghost = ghostSkeleton(analysis, t)!;
      expect(Math.abs(skeletonAngle(ghost, 'knee') - skeletonAngle(person, 'knee'))).toBeLessThan(12);
      expect(Math.abs(skeletonAngle(ghost, 'trunk') - skeletonAngle(person, 'trunk'))).toBeLessThan(12);
    }
    expect(ghostSkeleton(analysis, analysis.result.reps[0]!.startMs - 50)).toBeNull();
  });

  it('turns each joint the reference compares to the person rest angle plus the reference movement at the aligned sample', () => {
    const analysis = analyseTake(squat, generateTake({ reps: 2, depth: 0.7, lean: 0, noise: 0.005, seed: 35 }));
    const rep = analysis.aligned[0]!;
    const t = (rep.rep.startMs + rep.rep.endMs) / 2;
    const aligned = referenceDeltasAt(analysis, t)!;
    expect(aligned.rep).toBe(0);
    const ghost = ghostSkeleton(analysis, t)!;
    const restKnee = personSkeleton(analysis, rep.rep.startIndex);
    // The reference bends its knees by deltas below zero (the knee angle closes in a squat).
    expect(aligned.deltas.get('knee')!).toBeLessThan(-30);
    expect(skeletonAngle(ghost, 'knee')).toBeCloseTo(skeletonAngle(restKnee, 'knee') + aligned.deltas.get('knee')!, -1);
  });
});

describe('feedback lines in time and on the body', () => {
  it('places "go deeper" at the bottom of each shallow rep, on the knees', () => {
    const analysis = analyseTake(squat, generateTake({ reps: 3, depth: 0.6, noise: 0.01, seed: 36 }));
    const line = analysis.feedback.findIndex((entry) => entry.text.startsWith('Go about'));
    expect(line).toBeGreaterThanOrEqual(0);
    expect(analysis.feedback[line]).toMatchObject({ features: ['knee'], reps: [0, 1, 2], phase: 'bottom' });
    const moments = feedbackMoments(analysis).filter((moment) => moment.line === line);
    expect(moments.map((moment) => moment.rep)).toEqual([0, 1, 2]);
    for (const moment of moments) {
      const { rep } = analysis.aligned[moment.rep]!;
      expect(Math.abs(moment.tMs - rep.peakMs)).toBeLessThan(0.2 * (rep.endMs - rep.startMs));
    }
    expect(featureKeypoints('knee')).toEqual(['left_knee', 'right_knee']);
    expect(featureKeypoints('trunk')).toEqual(['left_shoulder', 'right_shoulder', 'left_hip', 'right_hip']);
  });

  it('ties "go deeper" to the reps that stopped short even when each is only a little short', () => {
    const slightly = [0.8, 0.85, 0.9].map((depth, index) => analyseTake(squat, generateTake({ reps: 3, depth, noise: 0.01, seed: 40 + index })));
    const lines = slightly.flatMap((analysis) => analysis.feedback.filter((line) => line.text.startsWith('Go about')));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.reps.length).toBeGreaterThan(0);
  });

  it('keeps the words of the feedback as they were, and a good take points at every rep', () => {
    const take = generateTake({ reps: 3, noise: 0.01, seed: 22 });
    const analysis = analyseTake(squat, take);
    expect(analysis.feedback.map((line) => line.text)).toEqual(scoreTake(squat, take).feedback);
    expect(analysis.feedback[0]).toMatchObject({ text: 'Close to the reference: keep it up', reps: [0, 1, 2], phase: null });
  });
});
