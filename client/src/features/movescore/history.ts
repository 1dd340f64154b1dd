/**
 * The history screen's figures, from the sessions loaded so far (newest first): personal
 * records, streaks (UTC days, as the recap counts them), chart points, and the CSV / JSON export.
 */
import { NOT_JUDGED, scorePercent, type THistoryItem, type THistoryKind } from '@movelab/shared';
import { paths } from '@/config/paths';
import { epochDay, longestStreak } from './recap';

export type TNames = {
  group: (id: string | null) => string;
  movement: (groupId: string | null, movementId: string | null) => string;
  activity: (id: string | null) => string;
  /** The routine's name; null when none was practised or it is gone (the activity's then names the practice). */
  routine: (id: string | null) => string | null;
};

export type TRecords = {
  bestScore: THistoryItem | null;
  mostReps: THistoryItem | null;
  bestRange: THistoryItem | null;
  longestStreakDays: number;
  currentStreakDays: number;
};

const best = (items: readonly THistoryItem[], value: (item: THistoryItem) => number | null): THistoryItem | null =>
  items.reduce<THistoryItem | null>((top, item) => {
    const candidate = value(item);
    if (candidate === null) return top;
    return top === null || candidate > (value(top) ?? -Infinity) ? item : top;
  }, null);

/** Consecutive days with a session ending today or yesterday (a streak is not lost before the day is over). */
export function currentStreak(days: readonly number[], today: number): number {
  const set = new Set(days);
  let day = set.has(today) ? today : today - 1;
  let count = 0;
  while (set.has(day)) {
    count += 1;
    day -= 1;
  }
  return count;
}

export function personalRecords(items: readonly THistoryItem[], now = new Date()): TRecords {
  const days = items.map((item) => epochDay(item.createdAt));
  return {
    bestScore: best(items, (item) => item.score),
    mostReps: best(items, (item) => (item.reps > 0 ? item.reps : null)),
    bestRange: best(items, (item) => item.rangeOfMotion),
    longestStreakDays: longestStreak(days),
    currentStreakDays: currentStreak(days, epochDay(now.toISOString())),
  };
}

/** Whether a session is an analysis whose form was not judged (its score null: the joints deciding it unseen in most reps). */
export const isNotJudged = (item: Pick<THistoryItem, 'kind' | 'score'>) => item.kind === 'analysis' && item.score === null;

/** A session's score as its row and details say it: '88%', 'Form not judged', or null for a practice without one. */
export function scoreWords(item: Pick<THistoryItem, 'kind' | 'score'>): string | null {
  if (item.score !== null) return `${scorePercent(item.score)}%`;
  return isNotJudged(item) ? 'Form not judged' : null;
}

/**
 * 'Together with Ann and Bo' for a practice done together (Practise together), null otherwise. The
 * sentence is English (the app's language, <html lang="en">), so its list is joined the English way.
 */
export function togetherText(item: Pick<THistoryItem, 'together'>): string | null {
  if (!item.together) return null;
  const names = item.together.people.map((person) => person.name.trim() || 'a friend');
  if (names.length === 0) return 'Practised together';
  return `Together with ${new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names)}`;
}

/** 'Jan 2, 2026, 8:00 AM' in the user's locale: a session's date and time. */
export function dateTimeText(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 'Jan 2, 08:00' in the user's locale: short enough for a chart's axis, still apart for two sessions of a day. */
export function axisDateTimeText(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A session on a chart: its time (`at`, the x-axis, labelled by `axisDateTimeText`) and its figures. */
export type TChartPoint = { at: string; score: number | null; range: number | null; reps: number };

/** Oldest first, as a chart reads left to right. */
export function chartPoints(items: readonly THistoryItem[]): TChartPoint[] {
  return [...items].reverse().map((item) => ({
    at: item.createdAt,
    score: item.score === null ? null : scorePercent(item.score),
    range: item.rangeOfMotion === null ? null : Math.round(item.rangeOfMotion * 100),
    reps: item.reps,
  }));
}

/** The sessions of one movement (an analysis's group and movement, or a practice's routine, else its activity), charted together. */
export type TChartSeries = { key: string; title: string; points: TChartPoint[] };

const chartKey = (item: THistoryItem) =>
  item.kind === 'practice' ? `practice/${item.activityId ?? ''}/${item.routineId ?? ''}` : `analysis/${item.groupId ?? ''}/${item.movementId ?? ''}`;

/** One series per movement, the one with the newest session first: unrelated movements are never on one chart. */
export function chartSeriesByMovement(items: readonly THistoryItem[], names: TNames): TChartSeries[] {
  const byMovement = new Map<string, THistoryItem[]>();
  for (const item of items) {
    const sessions = byMovement.get(chartKey(item));
    if (sessions) sessions.push(item);
    else byMovement.set(chartKey(item), [item]);
  }
  return [...byMovement].map(([key, sessions]) => ({ key, title: itemTitle(sessions[0]!, names), points: chartPoints(sessions) }));
}

/** 'Squats · Air squat' for an analysis; for a practice, the routine's name, or the activity's when it was not a routine. */
export function itemTitle(item: THistoryItem, names: TNames): string {
  if (item.kind === 'practice') return `Practice · ${names.routine(item.routineId) ?? names.activity(item.activityId)}`;
  return `${names.group(item.groupId)} · ${names.movement(item.groupId, item.movementId)}`;
}

export const CSV_COLUMNS = [
  'date',
  'kind',
  'group',
  'movement',
  'activity',
  'score_percent',
  'reps',
  'duration_s',
  'range_of_motion_percent',
  'depth_deg',
  'source',
  'id',
] as const;

/** RFC 4180 quoting; a leading = + - @ is neutralised so a spreadsheet never runs a name as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function historyCsv(items: readonly THistoryItem[], names: TNames): string {
  const rows = items.map((item) => [
    item.createdAt,
    item.kind,
    item.groupId === null ? null : names.group(item.groupId),
    item.movementId === null ? null : names.movement(item.groupId, item.movementId),
    item.activityId === null ? null : names.activity(item.activityId),
    item.score === null ? (isNotJudged(item) ? NOT_JUDGED : null) : scorePercent(item.score),
    item.reps,
    Math.round(item.durationMs / 100) / 10,
    item.rangeOfMotion === null ? null : Math.round(item.rangeOfMotion * 100),
    item.depthDeg,
    item.source,
    item.id,
  ]);
  return [CSV_COLUMNS.join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\r\n') + '\r\n';
}

/** The sessions as JSON; an analysis whose form was not judged says so beside its null score. */
export function historyJson(items: readonly THistoryItem[], exportedAt = new Date()): string {
  const sessions = items.map((item) => (isNotJudged(item) ? { ...item, notJudged: true } : item));
  return JSON.stringify({ exportedAt: exportedAt.toISOString(), count: items.length, sessions }, null, 2);
}

/** The history screen, showing one kind of session ('all' by default). */
export function historyHref(kind: THistoryKind = 'all'): string {
  return kind === 'all' ? paths.movescoreHistory() : `${paths.movescoreHistory()}?kind=${kind}`;
}
