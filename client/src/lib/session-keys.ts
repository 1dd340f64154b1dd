/**
 * Keyboard control of a running camera session (a practice, an analysis take) for someone away
 * from the device, with a wireless keyboard or a presenter remote. Each feature names its own
 * keys; this is what they share: which key presses count, and how the keys are shown.
 */
import { useEffect, useRef } from 'react';

/** A key as shown on screen ("Space"), as given to `aria-keyshortcuts` ("Space") and what it does ("pause or resume"). */
export type TSessionKey = { label: string; shortcut: string; does: string };

/** "Keys: Space pause or resume · Esc end": the keys given, in their order. */
export function keyLegend(keys: readonly TSessionKey[]): string {
  return `Keys: ${keys.map((key) => `${key.label} ${key.does}`).join(' · ')}`;
}

/** What each key does, by `KeyboardEvent.key` (' ' for Space); a key without an action is left alone. */
export type TKeyActions = Readonly<Record<string, (() => void) | undefined>>;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Space and Enter on a focused button, link or switch are that control's own click. */
const isControlClick = (event: KeyboardEvent) =>
  (event.key === ' ' || event.key === 'Enter') && event.target instanceof HTMLElement && event.target.closest('button, a, [role="switch"]') !== null;

/**
 * Runs the action of each key pressed while `isActive`. Keys typed into a field, with a
 * modifier or held down (repeats) are left alone, and so are Space and Enter on a focused control.
 */
export function useSessionKeys(actions: TKeyActions, isActive: boolean): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat || isTyping(event.target) || isControlClick(event)) return;
      const action = latest.current[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isActive]);
}
