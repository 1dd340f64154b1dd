import { describe, expect, it } from 'vitest';
import { measureJson } from './bounds.js';

describe('measureJson', () => {
  it('measures depth and an upper estimate of the JSON length', () => {
    const value = { a: [1, 'xy', null, true], b: { c: {} } };
    const measure = measureJson(value, { maxDepth: 10, maxBytes: 1000 });
    expect(measure).toEqual({ ok: true, bytes: expect.any(Number), depth: 3 });
    expect(measure.ok && measure.bytes).toBeGreaterThanOrEqual(JSON.stringify(value).length);
  });

  it('stops at the first bound crossed, without recursion, however deep the value', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i += 1) deep = [deep];
    expect(measureJson(deep, { maxDepth: 32, maxBytes: 1e9 })).toEqual({
      ok: false,
      reason: 'too-deep',
    });
    expect(measureJson({ s: 'x'.repeat(100) }, { maxDepth: 32, maxBytes: 50 })).toEqual({ ok: false, reason: 'too-large' });
    expect(measureJson([[1]], { maxDepth: 2, maxBytes: 100 }).ok).toBe(true);
    expect(measureJson([[[1]]], { maxDepth: 2, maxBytes: 100 }).ok).toBe(false);
  });
});
