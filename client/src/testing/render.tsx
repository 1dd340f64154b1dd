import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SnackbarProvider } from '@/components/ui/snackbar';
import { BackendProvider } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { createQueryClient } from '@/lib/query-client';

function renderInProviders(router: ReactNode, backend: TBackend, queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <BackendProvider backend={backend}>{router}</BackendProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

/** Renders a component with the app's providers around it and a router at `path` (a query client of its own unless given one). */
export function renderWithProviders(
  ui: ReactElement,
  { backend, path = '/', queryClient = createQueryClient() }: { backend: TBackend; path?: string; queryClient?: QueryClient },
) {
  return renderInProviders(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>, backend, queryClient);
}

/**
 * The same providers around a data router (what the app runs on: screens that use its blockers
 * need one), opened at the last of `entries`; answers the router, to navigate as the browser would.
 */
export function renderRoutes(
  routes: RouteObject[],
  { backend, entries, queryClient = createQueryClient() }: { backend: TBackend; entries: string[]; queryClient?: QueryClient },
) {
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  renderInProviders(<RouterProvider router={router} />, backend, queryClient);
  return router;
}
