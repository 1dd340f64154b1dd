import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SnackbarProvider } from '@/components/ui/snackbar';
import { BackendProvider } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { createQueryClient } from '@/lib/query-client';

/** Renders a component with the app's providers around it and a router at `path` (a query client of its own unless given one). */
export function renderWithProviders(
  ui: ReactElement,
  { backend, path = '/', queryClient = createQueryClient() }: { backend: TBackend; path?: string; queryClient?: QueryClient },
) {
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <BackendProvider backend={backend}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </BackendProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}
