import { useEffect, useRef } from 'react';

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
  const keys = order.filter((key) => working.includes(key)).map((key) => `${PRACTICE_KEYS[key].label} ${PRACTICE_KEYS[key].does}`);
  return `Keys: ${keys.join(' · ')}`;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Keyboard control of a running practice for someone away from the device (a wireless keyboard
 * or a presenter remote): Space pauses and resumes, N or → skips, Esc ends, C counts a rep by
 * hand, F toggles full screen. Keys typed into a field are left alone, and Space or Enter on a
 * focused button stays that button's click.
 */
export function usePracticeKeys(keys: TPracticeKeys, isActive: boolean): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    if (!isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat || isTyping(event.target)) return;
      const isOnButton = event.target instanceof HTMLElement && event.target.closest('button, a, [role="switch"]') !== null;
      const { onPauseToggle, onSkip, onEnd, onFullscreen, onCount } = latest.current;
      const action = {
        ' ': isOnButton ? undefined : onPauseToggle,
        n: onSkip,
        N: onSkip,
        ArrowRight: onSkip,
        Escape: onEnd,
        c: onCount,
        C: onCount,
        f: onFullscreen,
        F: onFullscreen,
      }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isActive]);
}
