import { describe, expect, it } from 'vitest';
import type { THistoryItem } from '@movelab/shared';
import {
  axisDateTimeText,
  chartPoints,
  chartSeriesByMovement,
  csvCell,
  itemTitle,
  currentStreak,
  historyCsv,
  historyJson,
  personalRecords,
  scoreWords,
  togetherText,
  type TNames,
} from './history';

const item = (overrides: Partial<THistoryItem>): THistoryItem => ({
  id: 'a',
  kind: 'analysis',
  createdAt: '2026-03-10T10:00:00.000Z',
  score: 0.5,
  reps: 5,
  durationMs: 12_345,
  groupId: 'squats',
  movementId: 'air',
  perspectiveId: 'front',
  activityId: null,
  routineId: null,
  rangeOfMotion: 0.8,
  depthDeg: 92.4,
  source: 'camera',
  ...overrides,
});

const names: TNames = {
  group: (id) => (id === 'squats' ? 'Squats, deep' : '?'),
  movement: (_group, id) => (id === 'air' ? 'Air "squat"' : '?'),
  activity: (id) => (id === 'yoga' ? '=HYPERLINK("x")' : id === 'strength' ? 'Bodyweight strength' : 'Free practice'),
  routine: (id) => (id === 'starter' ? 'Full-body starter' : null),
};

describe('session titles', () => {
  it('names a practice by the routine practised, else (no routine, or one since deleted) by its activity', () => {
    const practice = (routineId: string | null) => item({ kind: 'practice', groupId: null, movementId: null, activityId: 'strength', routineId });
    expect(itemTitle(practice('starter'), names)).toBe('Practice · Full-body starter');
    expect(itemTitle(practice(null), names)).toBe('Practice · Bodyweight strength');
    expect(itemTitle(practice('deleted'), names)).toBe('Practice · Bodyweight strength');
    // A routine and the free practice of its activity are charted apart, each under its own name.
    expect(chartSeriesByMovement([practice('starter'), practice(null)], names).map((series) => series.title)).toEqual([
      'Practice · Full-body starter',
      'Practice · Bodyweight strength',
    ]);
  });
});

describe('personal records and streaks', () => {
  it('finds the best score, most reps and best range, and counts streaks in UTC days', () => {
    const items = [
      item({ id: 'p', kind: 'practice', createdAt: '2026-03-12T08:00:00.000Z', score: null, reps: 40, rangeOfMotion: null }),
      item({ id: 'b', createdAt: '2026-03-11T23:30:00.000Z', score: 0.9, rangeOfMotion: 0.7 }),
      item({ id: 'c', createdAt: '2026-03-11T01:00:00.000Z', score: 0.6, rangeOfMotion: 1.1 }),
      item({ id: 'd', createdAt: '2026-03-08T12:00:00.000Z', score: 0.4 }),
    ];
    const records = personalRecords(items, new Date('2026-03-13T09:00:00.000Z'));
    expect(records.bestScore?.id).toBe('b');
    expect(records.mostReps?.id).toBe('p');
    expect(records.bestRange?.id).toBe('c');
    expect(records.longestStreakDays).toBe(2);
    // Today has no session yet: the streak up to yesterday still counts.
    expect(records.currentStreakDays).toBe(2);
    expect(personalRecords(items, new Date('2026-03-14T09:00:00.000Z')).currentStreakDays).toBe(0);
    expect(currentStreak([], 100)).toBe(0);
  });

  it('charts oldest first, in percent', () => {
    const points = chartPoints([item({ id: 'new', score: 0.91, createdAt: '2026-03-11T00:00:00.000Z' }), item({ id: 'old', score: 0.5 })]);
    expect(points.map((point) => point.score)).toEqual([50, 91]);
    expect(points[0]!.range).toBe(80);
  });

  it('charts each movement apart, its axis labels telling two sessions of a day apart by their time', () => {
    const sessions = [
      item({ id: 'lunge', groupId: 'lunges', movementId: 'forward', createdAt: '2026-03-10T18:30:00.000Z' }),
      item({ id: 'late', createdAt: '2026-03-10T17:45:00.000Z' }),
      item({ id: 'early', createdAt: '2026-03-10T08:05:00.000Z' }),
    ];
    const series = chartSeriesByMovement(sessions, names);
    expect(series.map((movement) => [movement.title, movement.points.length])).toEqual([
      [itemTitle(sessions[0]!, names), 1],
      [itemTitle(sessions[1]!, names), 2],
    ]);
    const labels = series[1]!.points.map((point) => axisDateTimeText(point.at, 'en-GB'));
    expect(labels).toEqual([axisDateTimeText('2026-03-10T08:05:00.000Z', 'en-GB'), axisDateTimeText('2026-03-10T17:45:00.000Z', 'en-GB')]);
    expect(new Set(labels).size).toBe(2);
    expect(labels[0]).toMatch(/10 Mar.*\d{2}:\d{2}/);
  });
});

describe('export', () => {
  it('writes one quoted CSV row per session, neutralising formulas', () => {
    const csv = historyCsv([item({}), item({ id: 'p', kind: 'practice', groupId: null, movementId: null, activityId: 'yoga', score: null })], names);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,kind,group,movement,activity,score_percent,reps,duration_s,range_of_motion_percent,depth_deg,source,id');
    expect(lines[1]).toBe('2026-03-10T10:00:00.000Z,analysis,"Squats, deep","Air ""squat""",,50,5,12.3,80,92.4,camera,a');
    expect(lines[2]).toBe(`2026-03-10T10:00:00.000Z,practice,,,"'=HYPERLINK(""x"")",,5,12.3,80,92.4,camera,p`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
  });

  it('writes the sessions as JSON with a count', () => {
    const parsed = JSON.parse(historyJson([item({})], new Date('2026-03-13T00:00:00.000Z')));
    expect(parsed).toMatchObject({ exportedAt: '2026-03-13T00:00:00.000Z', count: 1, sessions: [{ id: 'a', score: 0.5 }] });
  });

  it('says "not judged" for an analysis whose form was not judged, in its row, its details, the CSV and the JSON, and charts no point for it', () => {
    const unseen = item({ id: 'u', score: null, rangeOfMotion: null, depthDeg: null });
    expect(scoreWords(unseen)).toBe('Form not judged');
    expect(scoreWords(item({}))).toBe('50%');
    expect(scoreWords(item({ kind: 'practice', score: null }))).toBeNull();
    expect(historyCsv([unseen], names).trimEnd().split('\r\n')[1]).toBe(
      '2026-03-10T10:00:00.000Z,analysis,"Squats, deep","Air ""squat""",,not judged,5,12.3,,,camera,u',
    );
    expect(JSON.parse(historyJson([unseen])).sessions).toEqual([expect.objectContaining({ id: 'u', score: null, notJudged: true })]);
    expect(chartPoints([unseen, item({})]).map((point) => point.score)).toEqual([50, null]);
    expect(personalRecords([unseen]).bestScore).toBeNull();
  });
});

describe('togetherText', () => {
  const together = (...people: string[]) => ({ groupId: 'g1', people: people.map((name, index) => ({ uid: `u${index}`, name })) });

  it('names everyone else a practice was done with, as an English list', () => {
    expect(togetherText({ together: together('Ann') })).toBe('Together with Ann');
    expect(togetherText({ together: together('Ann', 'Bo') })).toBe('Together with Ann and Bo');
    expect(togetherText({ together: together('Ann', 'Bo', 'Cy') })).toBe('Together with Ann, Bo, and Cy');
  });

  it('says "a friend" for a blank name, and nothing for a practice done alone', () => {
    expect(togetherText({ together: together('Ann', '  ') })).toBe('Together with Ann and a friend');
    expect(togetherText({ together: together() })).toBe('Practised together');
    expect(togetherText({})).toBeNull();
  });
});
