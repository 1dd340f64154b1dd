import { RELATIVE_TIME } from './constants.js';

const englishPlural = new Intl.PluralRules('en');

/** The noun said of `count` things: `nounFor(1, 'rep')` 'rep', `nounFor(0, 'rep')` 'reps'. */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return englishPlural.select(count) === 'one' ? singular : plural;
}

const englishList = new Intl.ListFormat('en', { type: 'conjunction' });

/** Words joined as a sentence lists them: `andList(['knees', 'ankles'])` 'knees and ankles'. */
export function andList(words: readonly string[]): string {
  return englishList.format(words);
}

/** `count` with its noun: `countOf(1, 'movement')` '1 movement', `countOf(3, 'movement')` '3 movements'. */
export function countOf(count: number, singular: string, plural?: string): string {
  return `${count} ${nounFor(count, singular, plural)}`;
}

/**
 * Relative time in the spec's buckets (§9): under 60 s 'seconds ago', under 1 hour
 * 'minutes ago', under 1 day 'hours ago', under 30 days 'days ago', else 'months ago'.
 * The count is included ("5 minutes ago"), singular where it is one.
 */
export function relativeTime(from: Date | string | number, now: Date | number = Date.now()): string {
  const then = typeof from === 'string' || typeof from === 'number' ? new Date(from).getTime() : from.getTime();
  const current = typeof now === 'number' ? now : now.getTime();
  const elapsed = Math.max(0, current - then);
  if (elapsed < RELATIVE_TIME.minuteMs) return 'seconds ago';
  const [unitMs, unit] =
    elapsed < RELATIVE_TIME.hourMs
      ? [RELATIVE_TIME.minuteMs, 'minute']
      : elapsed < RELATIVE_TIME.dayMs
        ? [RELATIVE_TIME.hourMs, 'hour']
        : elapsed < RELATIVE_TIME.monthMs
          ? [RELATIVE_TIME.dayMs, 'day']
          : [RELATIVE_TIME.monthMs, 'month'];
  const count = Math.floor(elapsed / unitMs);
  return `${countOf(count, unit)} ago`;
}

/** A 0..1 score as a rounded percentage (spec §9): 0.876 -> 88. */
export function scorePercent(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

/** What a saved analysis whose form was not judged (score null) shows in place of its score. */
export const NOT_JUDGED = 'not judged';

/** 'Score: N%' as the session cards show it; 'Score: -' for an analysis whose form was not judged. */
export function scoreLabel(score: number | null): string {
  return `Score: ${score === null ? '-' : `${scorePercent(score)}%`}`;
}

/** 'N%', or 'not judged' for an analysis whose form was not judged (score null): the lists and tables. */
export function scoreText(score: number | null): string {
  return score === null ? NOT_JUDGED : `${scorePercent(score)}%`;
}

/** The spec's name-prefix range: [text, text + high character]. */
export function prefixRange(text: string): [string, string] {
  return [text, `${text}\uf8ff`];
}

/** Fill `:name` segments of a path, encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
}

/**
 * How long a wait lasts, as people say it: `short` "42 s", "about 3 min", "about 2 h" (seconds
 * exact, longer waits rounded up); `about` the same with "about" before seconds too (an
 * estimate); `minutes` in whole minutes, rounded up: "1 minute", "15 minutes".
 */
export function waitText(seconds: number, style: 'short' | 'about' | 'minutes' = 'short'): string {
  if (style === 'minutes') {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return countOf(minutes, 'minute');
  }
  if (seconds >= 90 * 60) return `about ${Math.ceil(seconds / 3600)} h`;
  if (seconds >= 90) return `about ${Math.ceil(seconds / 60)} min`;
  const exact = `${Math.max(1, Math.ceil(seconds))} s`;
  return style === 'about' ? `about ${exact}` : exact;
}
