import { describe, expect, it } from 'vitest';
import { fromFirestoreValue, toFirestoreValue, withIsoDates } from './firestore-values.js';

describe('Firestore values', () => {
  it('keeps no array directly inside an array, and reading restores the original', () => {
    const reference = { kind: 'squat', template: [[0.1, 0.2], [0.3, [4, 5]], []], weights: { knee: 1 }, tags: ['a'] };
    const stored = toFirestoreValue(reference) as { template: unknown[] };
    expect(stored.template).toEqual([{ items: [0.1, 0.2] }, { items: [0.3, { items: [4, 5] }] }, { items: [] }]);
    expect(JSON.stringify(stored)).not.toMatch(/\[\s*\[/);
    expect(fromFirestoreValue(stored)).toEqual(reference);
  });

  it('leaves values without nested arrays as they are', () => {
    const plain = { name: 'Front', view: 'front', list: [1, { items: 'not an array' }], at: null };
    expect(toFirestoreValue(plain)).toEqual(plain);
    expect(fromFirestoreValue(plain)).toEqual(plain);
  });

  it('reads a stored Timestamp (a server timestamp) as the ISO date the schemas take, and nothing else', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const fields = { createdAt: { toDate: () => at, seconds: 1 }, name: 'Ada', when: '2026-01-01T00:00:00.000Z', nested: { at: 1 } };
    expect(withIsoDates(fields)).toEqual({ ...fields, createdAt: '2026-01-02T03:04:05.678Z' });
  });
});
