import { describe, expect, it } from 'vitest';
import { computeRecap, improvementPoints, improvementWords, longestStreak, type TRecapAnalysis } from './recap';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 12)).toISOString();
/** Newest first, like loadVideoAnalyses answers: scores[0] is the latest. */
const analyses = (scores: number[], groupId = 'squat'): TRecapAnalysis[] =>
  scores.map((score, index) => ({
    score,
    groupId,
    createdAt: day(100 - index * 10),
  }));

describe('recap', () => {
  it('has nothing to show for a new user', () => {
    const recap = computeRecap([], []);
    expect(recap).toMatchObject({
      sessions: 0,
      improvementPoints: null,
      accuracyPercent: null,
      achievementCount: 0,
    });
    expect(recap.achievements).toHaveLength(8);
    // Nothing to compare: no improvement is claimed at all.
    expect(improvementWords(recap.improvementPoints, recap.improvementSpan)).toBeNull();
  });

  it('counts analyses plus practice sessions, leaving out movescore stat rows', () => {
    const recap = computeRecap(analyses([0.5, 0.6]), [
      { kind: 'practice', startedAt: day(1) },
      { kind: 'practice', startedAt: day(50) },
      { kind: 'movescore', startedAt: day(2) },
    ]);
    expect(recap.sessions).toBe(4);
  });

  it('compares the last 5 analyses with the 5 before, in points', () => {
    const scores = [0.9, 0.9, 0.8, 0.8, 0.85, 0.7, 0.7, 0.6, 0.6, 0.65, 0.1];
    // mean(0.9,0.9,0.8,0.8,0.85)=0.85, mean(0.7,0.7,0.6,0.6,0.65)=0.65: +20 points; the 11th is ignored.
    expect(improvementPoints(analyses(scores))).toBe(20);
    expect(improvementWords(20, 5)).toEqual({ value: '20 points higher', against: 'Your last 5 analyses against the 5 before' });
    expect(improvementWords(-2, 5)).toEqual({ value: '2 points lower', against: 'Your last 5 analyses against the 5 before' });
    expect(improvementWords(1, 2)?.value).toBe('1 point higher');
    expect(improvementWords(0, 3)?.value).toBe('The same');
  });

  it('compares fewer on both sides before there are 10, and needs at least 2', () => {
    expect(improvementPoints(analyses([0.8]))).toBeNull();
    expect(improvementPoints(analyses([0.7, 0.8]))).toBe(-10);
    expect(computeRecap(analyses([0.7, 0.8]), []).improvementSpan).toBe(1);
    expect(improvementWords(-10, 1)).toEqual({ value: '10 points lower', against: 'Your last analysis against the one before' });
    // 5 analyses: k = 2, newest two against the next two, the fifth is left out.
    expect(improvementPoints(analyses([0.9, 0.7, 0.5, 0.5, 0.0]))).toBe(30);
  });

  it('gives the mean score of all analyses as accuracy', () => {
    expect(computeRecap(analyses([0.9, 0.8, 0.85]), []).accuracyPercent).toBe(85);
  });

  it('counts milestones: first analysis, 90%, 3 groups, streaks and improvement', () => {
    const history: TRecapAnalysis[] = [
      { score: 0.95, groupId: 'squat', createdAt: day(3) },
      { score: 0.6, groupId: 'lunge', createdAt: day(2) },
      { score: 0.5, groupId: 'plank', createdAt: day(1) },
    ];
    const recap = computeRecap(history, []);
    const reached = recap.achievements.filter((a) => a.isReached).map((a) => a.id);
    // k = 1: 95 - 60 = +35 points.
    expect(reached).toEqual(['first-analysis', 'score-90', 'three-day-streak', 'three-groups', 'improver']);
    expect(recap.achievementCount).toBe(5);
  });

  it('reaches 10 sessions with practice and finds streaks across both kinds', () => {
    const practice = Array.from({ length: 9 }, (_, index) => ({
      kind: 'practice' as const,
      startedAt: day(index),
    }));
    const recap = computeRecap(analyses([0.4]), practice);
    expect(recap.sessions).toBe(10);
    expect(recap.achievements.find((a) => a.id === 'ten-sessions')?.isReached).toBe(true);
    expect(recap.achievements.find((a) => a.id === 'seven-day-streak')?.isReached).toBe(true);
    expect(longestStreak([5, 1, 2, 2, 3, 7])).toBe(3);
  });
});
