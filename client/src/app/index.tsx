import { loadBackendFromConfig } from './load-backend';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProvider loadBackend={loadBackendFromConfig}>
      <AppRouter />
    </AppProvider>
  );
}
