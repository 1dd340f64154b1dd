import { describe, expect, it } from 'vitest';
import {
  decodeHistoryCursor,
  encodeHistoryCursor,
  historyDetailsFromAnalysis,
  mergeHistoryPage,
  ZHistoryDetails,
  ZHistoryQuery,
  type THistoryItem,
} from './history.js';

const item = (id: string, createdAt: string): THistoryItem => ({
  id,
  kind: 'analysis',
  createdAt,
  score: 0.5,
  reps: 1,
  durationMs: 0,
  groupId: 'g',
  movementId: 'm',
  perspectiveId: 'p',
  activityId: null,
  routineId: null,
  rangeOfMotion: null,
  depthDeg: null,
  source: null,
});

describe('history cursors', () => {
  it('round-trips any id, surrogate pairs included', () => {
    const cursor: [string, string] = ['2026-01-02T03:04:05.678Z', 'émoji-😀-id'];
    expect(decodeHistoryCursor(encodeHistoryCursor(cursor))).toEqual(cursor);
  });

  it('refuses what it did not make', () => {
    expect(decodeHistoryCursor('zz')).toBeNull();
    expect(decodeHistoryCursor(encodeHistoryCursor(['yesterday', 'x']))).toBeNull();
    expect(ZHistoryQuery.safeParse({ cursor: 'abc' }).success).toBe(false);
    expect(ZHistoryQuery.safeParse({ movementId: 'm' }).success).toBe(false);
  });
});

describe('mergeHistoryPage', () => {
  it('takes the newest items of both sources and points after the last one', () => {
    const a = [item('a2', '2026-01-03T00:00:00.000Z'), item('a1', '2026-01-01T00:00:00.000Z')];
    const b = [item('b2', '2026-01-03T00:00:00.000Z'), item('b1', '2026-01-02T00:00:00.000Z')];
    const page = mergeHistoryPage([a, b], 3);
    expect(page.items.map((entry) => entry.id)).toEqual(['b2', 'a2', 'b1']);
    expect(decodeHistoryCursor(page.nextCursor!)).toEqual(['2026-01-02T00:00:00.000Z', 'b1']);
    expect(mergeHistoryPage([a, b], 4).nextCursor).toBeNull();
  });
});

describe('historyDetailsFromAnalysis', () => {
  const saved = { id: 'a', score: 0.6, groupId: 'g', movementId: 'm', perspectiveId: 'p', createdAt: '2026-01-02T03:04:05.678Z' };

  it('keeps each rep’s time and depth, as the result showed them', () => {
    const details = historyDetailsFromAnalysis({
      ...saved,
      reps: [
        { score: 0.5, durationMs: 2100, depthDeg: 92.5, rangeRatio: 0.9 },
        { score: 0.7, durationMs: 'long', depthDeg: Number.NaN },
      ],
    });
    expect(details.reps).toEqual([{ score: 0.5, durationMs: 2100, depthDeg: 92.5 }, { score: 0.7 }]);
    expect(ZHistoryDetails.safeParse(details).success).toBe(true);
  });
});
