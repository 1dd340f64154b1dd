import { describe, expect, it } from 'vitest';
import { countOf, nounFor, prefixRange, relativeTime, scoreLabel, scorePercent, scoreText, waitText } from './format.js';

describe('relativeTime', () => {
  const now = new Date('2026-06-01T12:00:00Z').getTime();
  const ago = (ms: number) => new Date(now - ms);
  it.each([
    [0, 'seconds ago'],
    [59_999, 'seconds ago'],
    [60_000, '1 minute ago'],
    [59 * 60_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3600_000 + 59 * 60_000, '23 hours ago'],
    [24 * 3600_000, '1 day ago'],
    [29 * 86_400_000, '29 days ago'],
    [30 * 86_400_000, '1 month ago'],
    [95 * 86_400_000, '3 months ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), now)).toBe(expected);
  });
  it('accepts ISO strings and treats the future as just now', () => {
    expect(relativeTime(new Date(now - 120_000).toISOString(), now)).toBe('2 minutes ago');
    expect(relativeTime(new Date(now + 5000), now)).toBe('seconds ago');
  });
});

describe('scorePercent', () => {
  it('rounds the 0..1 fraction to a percentage', () => {
    expect(scorePercent(0.876)).toBe(88);
    expect(scorePercent(0.125)).toBe(13);
    expect(scorePercent(0)).toBe(0);
    expect(scorePercent(1)).toBe(100);
    expect(scoreLabel(0.5)).toBe('Score: 50%');
  });
  it('shows no number for an analysis whose form was not judged', () => {
    expect(scoreLabel(null)).toBe('Score: -');
    expect(scoreText(null)).toBe('not judged');
    expect(scoreText(0.876)).toBe('88%');
  });
  it('clamps out-of-range and non-finite values', () => {
    expect(scorePercent(1.7)).toBe(100);
    expect(scorePercent(-0.2)).toBe(0);
    expect(scorePercent(Number.NaN)).toBe(0);
  });
});

describe('prefixRange', () => {
  it('spans the text up to the text plus a high character', () => {
    expect(prefixRange('sq')).toEqual(['sq', 'sq\uf8ff']);
  });
});

describe('waitText', () => {
  it.each([
    [0.2, 'short', '1 s'],
    [42, 'short', '42 s'],
    [42, 'about', 'about 42 s'],
    [90, 'about', 'about 2 min'],
    [600, 'short', 'about 10 min'],
    [2 * 3600, 'short', 'about 2 h'],
    [30, 'minutes', '1 minute'],
    [14 * 60 + 1, 'minutes', '15 minutes'],
  ] as const)('%d s (%s) reads %s', (seconds, style, expected) => {
    expect(waitText(seconds, style)).toBe(expected);
  });
});

describe('countOf and nounFor', () => {
  it('say one thing in the singular and none, many or a fraction in the plural', () => {
    expect([0, 1, 2, 12].map((count) => countOf(count, 'rep'))).toEqual(['0 reps', '1 rep', '2 reps', '12 reps']);
    expect(countOf(1.5, 'second')).toBe('1.5 seconds');
    expect([1, 3].map((count) => nounFor(count, 'rep'))).toEqual(['rep', 'reps']);
  });
  it('take an irregular plural', () => {
    expect(countOf(2, 'person', 'people')).toBe('2 people');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
  });
});
