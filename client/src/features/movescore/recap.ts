/**
 * The profile recap (four tiles), computed from the user's own history instead of the spec's
 * fixed sample values. Inputs: up to the last 200 video analyses (newest first) and up to the
 * last 200 user_stat_sessions.
 *
 * - Sessions: the number of video analyses plus the number of practice sessions
 *   (user_stat_sessions of kind 'practice'; kind 'movescore' rows describe analyses that are
 *   already counted, so they are left out).
 * - Improvement: in points, the mean score of the newest k analyses minus the mean of the k
 *   before them, with k = min(5, floor(n / 2)) for n analyses: the last 5 against the 5 before
 *   once there are 10, fewer on both sides before that. '—' (null) with fewer than 2 analyses.
 * - Average score: the mean score of all loaded analyses, as a rounded percentage; null with none.
 * Improvement, average score and the score milestone read only analyses whose form was judged (a
 * score, not null); every analysis is a session.
 * - Achievements: which of the MILESTONES below are reached (listed, each reached or not yet).
 */
import { scorePercent } from '@movelab/shared';

export type TRecapAnalysis = {
  /** null: its form was not judged. */
  score: number | null;
  groupId: string;
  createdAt: string;
};
/** The scores of the analyses whose form was judged, in their order. */
const judgedScores = (analyses: readonly TRecapAnalysis[]) => analyses.flatMap((a) => (a.score === null ? [] : [a.score]));

export type TRecapStatSession = {
  kind: 'practice' | 'movescore';
  startedAt: string;
};

export type TRecapFacts = {
  sessions: number;
  analyses: readonly TRecapAnalysis[];
  /** Distinct UTC days with an analysis or a practice session, as epoch day numbers. */
  activeDays: readonly number[];
  improvementPoints: number | null;
};

export type TMilestone = {
  id: string;
  label: string;
  isReached: (facts: TRecapFacts) => boolean;
};

const DAY_MS = 24 * 60 * 60_000;

/** The longest run of consecutive days in a set of epoch day numbers. */
export function longestStreak(days: readonly number[]): number {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  let longest = 0;
  let current = 0;
  sorted.forEach((day, index) => {
    current = index > 0 && day === sorted[index - 1]! + 1 ? current + 1 : 1;
    longest = Math.max(longest, current);
  });
  return longest;
}

export const MILESTONES: readonly TMilestone[] = [
  {
    id: 'first-analysis',
    label: 'First analysis',
    isReached: (facts) => facts.analyses.length >= 1,
  },
  {
    id: 'ten-sessions',
    label: '10 sessions',
    isReached: (facts) => facts.sessions >= 10,
  },
  {
    id: 'fifty-sessions',
    label: '50 sessions',
    isReached: (facts) => facts.sessions >= 50,
  },
  {
    id: 'score-90',
    label: 'A score of 90% or more',
    isReached: (facts) => judgedScores(facts.analyses).some((score) => scorePercent(score) >= 90),
  },
  {
    id: 'three-day-streak',
    label: '3 days in a row',
    isReached: (facts) => longestStreak(facts.activeDays) >= 3,
  },
  {
    id: 'seven-day-streak',
    label: '7 days in a row',
    isReached: (facts) => longestStreak(facts.activeDays) >= 7,
  },
  {
    id: 'three-groups',
    label: 'Analysed 3 different groups',
    isReached: (facts) => new Set(facts.analyses.map((a) => a.groupId)).size >= 3,
  },
  {
    id: 'improver',
    label: 'Improved by 5 points or more',
    isReached: (facts) => (facts.improvementPoints ?? 0) >= 5,
  },
];

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** How many of the newest judged analyses the improvement compares with as many before them (0: too few to compare). */
export const improvementSpan = (analyses: readonly TRecapAnalysis[]) => Math.min(5, Math.floor(judgedScores(analyses).length / 2));

/** Points gained by the newest analyses over the ones before (see the module comment). */
export function improvementPoints(analyses: readonly TRecapAnalysis[]): number | null {
  const scores = judgedScores(analyses);
  const k = improvementSpan(analyses);
  if (k < 1) return null;
  return Math.round((mean(scores.slice(0, k)) - mean(scores.slice(k, 2 * k))) * 100);
}

export function accuracyPercent(analyses: readonly TRecapAnalysis[]): number | null {
  const scores = judgedScores(analyses);
  return scores.length === 0 ? null : scorePercent(mean(scores));
}

export const epochDay = (iso: string) => Math.floor(new Date(iso).getTime() / DAY_MS);

export type TRecap = {
  sessions: number;
  improvementPoints: number | null;
  /** The number of newest analyses the improvement compares with as many before them. */
  improvementSpan: number;
  accuracyPercent: number | null;
  achievements: { id: string; label: string; isReached: boolean }[];
  achievementCount: number;
};

export function computeRecap(analyses: readonly TRecapAnalysis[], statSessions: readonly TRecapStatSession[]): TRecap {
  const practice = statSessions.filter((session) => session.kind === 'practice');
  const improvement = improvementPoints(analyses);
  const facts: TRecapFacts = {
    sessions: analyses.length + practice.length,
    analyses,
    activeDays: [...analyses.map((a) => epochDay(a.createdAt)), ...practice.map((s) => epochDay(s.startedAt))],
    improvementPoints: improvement,
  };
  const achievements = MILESTONES.map((milestone) => ({
    id: milestone.id,
    label: milestone.label,
    isReached: milestone.isReached(facts),
  }));
  return {
    sessions: facts.sessions,
    improvementPoints: improvement,
    improvementSpan: improvementSpan(analyses),
    accuracyPercent: accuracyPercent(analyses),
    achievements,
    achievementCount: achievements.filter((achievement) => achievement.isReached).length,
  };
}

/**
 * The improvement in words, with what it is measured against: "12 points higher" / "2 points
 * lower" / "The same", over "Your last 5 analyses against the 5 before"; null with nothing to
 * compare (fewer than two judged analyses), so no tile claims a change.
 */
export function improvementWords(points: number | null, span: number): { value: string; against: string } | null {
  if (points === null || span < 1) return null;
  const amount = `${Math.abs(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
  const value = points === 0 ? 'The same' : `${amount} ${points > 0 ? 'higher' : 'lower'}`;
  const against = span === 1 ? 'Your last analysis against the one before' : `Your last ${span} analyses against the ${span} before`;
  return { value, against };
}
