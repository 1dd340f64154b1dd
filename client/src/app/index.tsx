import { CountdownOverlay } from '@/components/countdown/countdown-overlay';
import { InstallPrompt } from '@/components/pwa/install-prompt';
import { SyncStatus } from '@/features/sync';
import { loadBackendFromConfig } from './load-backend';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The app, with the install offer and the countdown always mounted on top (spec §2). */
export function App() {
  return (
    <>
      <AppProvider loadBackend={loadBackendFromConfig} isPersisted>
        <SyncStatus />
        <AppRouter />
      </AppProvider>
      <InstallPrompt />
      <CountdownOverlay />
    </>
  );
}
