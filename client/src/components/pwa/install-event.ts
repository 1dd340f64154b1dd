/**
 * Keeps the browser's `beforeinstallprompt` event (Chromium) from the moment this module loads,
 * so an event fired before React has rendered is not lost. The banner reads it through
 * `useSyncExternalStore`.
 */

/** Chromium's BeforeInstallPromptEvent; not in the DOM typings. */
export type TBeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

export type TInstallPromptStore = {
  subscribe(listener: () => void): () => void;
  /** The kept event while the offer is open, else null. */
  getSnapshot(): TBeforeInstallPromptEvent | null;
  /** Closes the offer (the user answered, or the browser's choice arrived). */
  dismiss(): void;
};

export function createInstallPromptStore(target: Window): TInstallPromptStore {
  let offer: TBeforeInstallPromptEvent | null = null;
  const listeners = new Set<() => void>();
  const set = (next: TBeforeInstallPromptEvent | null) => {
    offer = next;
    listeners.forEach((listener) => listener());
  };

  target.addEventListener('beforeinstallprompt', (event) => {
    // Without preventDefault Chromium shows its own mini-infobar; Movelab shows its banner instead.
    event.preventDefault();
    const promptEvent = event as TBeforeInstallPromptEvent;
    set(promptEvent);
    // The choice settles once the browser's dialog is answered: the banner goes either way.
    void promptEvent.userChoice?.then(
      () => offer === promptEvent && set(null),
      () => offer === promptEvent && set(null),
    );
  });
  target.addEventListener('appinstalled', () => set(null));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => offer,
    dismiss: () => set(null),
  };
}

/** The app's one store, listening from start-up. */
export const installPromptStore = createInstallPromptStore(window);
