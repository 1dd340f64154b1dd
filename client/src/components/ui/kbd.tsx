import type { ReactNode } from 'react';

/**
 * A key's name on a control ("Space"), shown from sm up where a keyboard is likely; hidden from
 * assistive technology, which reads the control's `aria-keyshortcuts` instead.
 */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="hidden rounded border border-current px-1.5 py-0.5 font-mono text-sm opacity-80 sm:inline" aria-hidden="true">
      {children}
    </kbd>
  );
}
