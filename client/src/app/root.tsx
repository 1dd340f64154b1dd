import { Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { InlineLoading } from '@/components/ui/status';
import type { TLayoutName } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';
import { accessRedirect } from './access';
import type { TLayoutProps } from './layouts/container';
import { DefaultLayout } from './layouts/default-layout';
import { MinimalLayout } from './layouts/minimal-layout';
import { MovescoreLayout } from './layouts/movescore-layout';
import { currentRouteDef } from './route-handle';
import { useRouteTracking } from './use-route-tracking';

const layouts: Record<TLayoutName, ComponentType<TLayoutProps>> = {
  default: DefaultLayout,
  minimal: MinimalLayout,
  movescore: MovescoreLayout,
};

/** The root view: access check, page title, route name, then the page in its layout. */
export function AppRoot() {
  const matches = useMatches();
  const location = useLocation();
  const route = currentRouteDef(matches);
  const isSignedIn = useAppStore((state) => state.currentUser !== null);
  const roles = useAppStore((state) => state.roles);
  useRouteTracking(route, location.pathname);

  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const redirect = route ? accessRedirect(route, { isSignedIn, roles }, returnTo) : null;
  if (redirect) return <Navigate to={redirect} replace />;

  const Layout = layouts[route?.meta.layout ?? 'default'];
  return (
    <Layout meta={route?.meta}>
      <Suspense fallback={<InlineLoading label="Loading…" />}>
        <Outlet />
      </Suspense>
    </Layout>
  );
}
