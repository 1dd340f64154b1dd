import { describe, expect, it } from 'vitest';
import type { TPerspective } from '@movelab/shared';
import { followedKind } from './followed-kind';

const perspective = (kind: TPerspective['kind'], reference?: unknown): TPerspective => ({ id: 'p', name: 'P', view: 'front', instructions: '', kind, reference });

describe("a new perspective's movement kind", () => {
  it("follows the group's name when the movement has no perspective yet", () => {
    expect(followedKind([], { group: 'Squat', movement: 'Wall sit' })).toBe('squat');
    expect(followedKind([], { group: 'Push-up', movement: 'Knee push-up' })).toBe('push-up');
    expect(followedKind([], { group: 'Upper body', movement: 'Shoulder press' })).toBe('shoulder-press');
  });

  it("takes the kind the movement's perspectives already have before any name", () => {
    expect(followedKind([perspective('custom'), perspective('lunge'), perspective('lunge'), perspective('squat')], { group: 'Squat' })).toBe('lunge');
    expect(followedKind([perspective(undefined, { version: 2, kind: 'curl' })], { group: 'Squat' })).toBe('curl');
  });

  it('is Other only when nothing names a kind', () => {
    expect(followedKind([perspective('custom')], { group: 'Plank', movement: 'Forearm plank' })).toBe('custom');
    expect(followedKind([], {})).toBe('custom');
  });
});
