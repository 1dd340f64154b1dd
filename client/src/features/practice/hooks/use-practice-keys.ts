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
  pause: { label: 'Space', shortcut: 'Space' },
  skip: { label: 'N or →', shortcut: 'N ArrowRight' },
  end: { label: 'Esc', shortcut: 'Escape' },
  count: { label: 'C', shortcut: 'C' },
  fullscreen: { label: 'F', shortcut: 'F' },
} as const;

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
