import { keyLegend, useSessionKeys } from '@/lib/session-keys';

export type TPracticeKeys = {
  onPauseToggle: () => void;
  onSkip: () => void;
  onEnd: () => void;
  onFullscreen: () => void;
  /** Counting by hand; absent when the camera counts. */
  onCount?: () => void;
};

/** The keys, as shown on screen and given to the buttons' `aria-keyshortcuts`. */
export const PRACTICE_KEYS = {
  pause: { label: 'Space', shortcut: 'Space', does: 'pause or resume' },
  skip: { label: 'N or →', shortcut: 'N ArrowRight', does: 'next' },
  end: { label: 'Esc', shortcut: 'Escape', does: 'end' },
  count: { label: 'C', shortcut: 'C', does: 'count a rep' },
  fullscreen: { label: 'F', shortcut: 'F', does: 'full screen' },
} as const;

/** "Keys: Space pause or resume · Esc end": the keys that do something now, in this order. */
export function keysLegend(working: readonly (keyof typeof PRACTICE_KEYS)[]): string {
  const order = Object.keys(PRACTICE_KEYS) as (keyof typeof PRACTICE_KEYS)[];
  return keyLegend(order.filter((key) => working.includes(key)).map((key) => PRACTICE_KEYS[key]));
}

/**
 * The keys of a running practice: Space pauses and resumes, N or → skips, Esc ends, C counts a
 * rep by hand, F toggles full screen (see useSessionKeys for the presses left alone).
 */
export function usePracticeKeys(keys: TPracticeKeys, isActive: boolean): void {
  const { onPauseToggle, onSkip, onEnd, onFullscreen, onCount } = keys;
  useSessionKeys(
    { ' ': onPauseToggle, n: onSkip, N: onSkip, ArrowRight: onSkip, Escape: onEnd, c: onCount, C: onCount, f: onFullscreen, F: onFullscreen },
    isActive,
  );
}
