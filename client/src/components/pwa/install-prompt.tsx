/** The add-to-home-screen offer (spec §2/§4): at the top of the screen, no timeout. */
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { installPromptStore, type TInstallPromptStore } from './install-event';

export function InstallPrompt({ store = installPromptStore }: { store?: TInstallPromptStore }) {
  const offer = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  if (!offer) return null;

  const install = () => {
    store.dismiss();
    offer.prompt().catch((error: unknown) => console.error('The install prompt failed', error));
  };
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="install-prompt-text"
      className="fixed inset-x-0 top-0 z-50 flex justify-center p-2 pt-[max(0.5rem,env(safe-area-inset-top))]"
    >
      <div className="flex w-full max-w-xl flex-wrap items-center gap-3 rounded-xl border border-white/10 bg-surface px-4 py-3 shadow-lg">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <p id="install-prompt-text" className="flex-1 font-medium">
          Add app to home screen?
        </p>
        <div className="flex gap-2">
          <Button variant="ghost" onClick={store.dismiss}>
            No, thanks
          </Button>
          <Button onClick={install}>yes!</Button>
        </div>
      </div>
    </div>
  );
}
