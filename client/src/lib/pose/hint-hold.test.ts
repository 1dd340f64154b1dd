import { describe, expect, it } from 'vitest';
import { HOLD_MS, holdHint, NO_HINT, SHOW_AFTER_MS, type THintHold } from './hint-hold';

const WRISTS = 'Move so your wrists are visible';

/** Feeds (time, hint) pairs; returns what is on screen after each. */
function shown(frames: [number, string | null][]): (string | null)[] {
  let hold: THintHold = NO_HINT;
  return frames.map(([t, hint]) => {
    hold = holdHint(hold, hint, t);
    return hold.shown;
  });
}

describe('hint hold', () => {
  it('says nothing for a joint lost for a frame or two', () => {
    expect(shown([[0, null], [33, WRISTS], [66, WRISTS], [100, null], [400, null]])).toEqual([null, null, null, null, null]);
  });

  it('shows a steady hint and keeps it on screen for the minimum time though the camera flickers', () => {
    const frames: [number, string | null][] = [[0, WRISTS], [SHOW_AFTER_MS, WRISTS], [SHOW_AFTER_MS + 100, null], [SHOW_AFTER_MS + 200, WRISTS], [SHOW_AFTER_MS + 300, null]];
    expect(shown(frames)).toEqual([null, WRISTS, WRISTS, WRISTS, WRISTS]);
    const later = shown([...frames, [SHOW_AFTER_MS + HOLD_MS, null]]);
    expect(later.at(-1)).toBeNull();
  });
});
