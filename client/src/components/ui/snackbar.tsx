/**
 * One message at a time at the bottom of the screen, gone after SNACKBAR_TIMEOUT_MS, or as soon
 * as its screen dismisses its group (a newer message made it stale).
 */
import { SNACKBAR_TIMEOUT_MS } from '@movelab/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** A button beside the message (Join an invitation); choosing it closes the message. */
export type TSnackAction = { label: string; onSelect: () => void };
type TSnack = { id: number; message: string; timeoutMs: number; group?: string; action?: TSnackAction };
type TSnackbar = {
  /** `group` names where the message comes from, so that `dismiss(group)` can take it away. */
  show: (message: string, timeoutMs?: number, group?: string, action?: TSnackAction) => void;
  /** Hides the message on screen if it belongs to `group`; another one stays. */
  dismiss: (group: string) => void;
};

let nextSnackId = 0;

const SnackbarContext = createContext<TSnackbar | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [snack, setSnack] = useState<TSnack | null>(null);
  const show = useCallback((message: string, timeoutMs = SNACKBAR_TIMEOUT_MS, group?: string, action?: TSnackAction) => {
    nextSnackId += 1;
    setSnack({ id: nextSnackId, message, timeoutMs, group, action });
  }, []);
  const dismiss = useCallback((group: string) => setSnack((current) => (current?.group === group ? null : current)), []);
  useEffect(() => {
    if (!snack) return;
    const timer = setTimeout(() => setSnack(null), snack.timeoutMs);
    return () => clearTimeout(timer);
  }, [snack]);
  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div aria-live="assertive" className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 lg:bottom-6">
        {snack ? (
          <div
            role="alert"
            key={snack.id}
            className="pointer-events-auto flex max-w-lg items-center gap-4 rounded-lg bg-on-surface px-4 py-3 text-sm text-background shadow-lg"
          >
            <span>{snack.message}</span>
            {snack.action ? (
              <button
                type="button"
                className="font-semibold text-background underline"
                onClick={() => {
                  setSnack(null);
                  snack.action!.onSelect();
                }}
              >
                {snack.action.label}
              </button>
            ) : null}
            <button type="button" className="font-semibold text-background underline" onClick={() => setSnack(null)}>
              Close
            </button>
          </div>
        ) : null}
      </div>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): TSnackbar {
  const snackbar = useContext(SnackbarContext);
  if (!snackbar) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return snackbar;
}
