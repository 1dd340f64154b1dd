import { Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { InlineLoading } from '@/components/ui/status';
import { NeedsConnection } from '@/components/ui/needs-connection';
import type { TLayoutName, TRouteDef } from '@/config/paths';
import { InvitationNotices } from '@/features/social';
import { useIsOnline } from '@/lib/offline/online';
import { useAppStore } from '@/stores/app-store';
import { routeAccess } from './access';
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

/** The root view: access check (or its wait for the roles), page title, route name, then the page in its layout. */
export function AppRoot() {
  const matches = useMatches();
  const location = useLocation();
  const route = currentRouteDef(matches);
  const isSignedIn = useAppStore((state) => state.currentUser !== null);
  const roles = useAppStore((state) => state.roles);
  const rolesStatus = useAppStore((state) => state.rolesStatus);
  const isOnline = useIsOnline();
  useRouteTracking(route, location.pathname);

  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  const access = route ? routeAccess(route, { isSignedIn, roles, rolesStatus }, returnTo) : null;
  if (access?.kind === 'redirect') return <Navigate to={access.to} replace />;

  const Layout = layouts[route?.meta.layout ?? 'default'];
  const offlineNotice = !isOnline && route ? needsConnection(route) : null;
  return (
    <Layout meta={route?.meta}>
      {/* Invitations to practise together reach a signed-in user on any page. */}
      {isSignedIn ? <InvitationNotices /> : null}
      {offlineNotice ? (
        <NeedsConnection what={offlineNotice} />
      ) : access?.kind === 'wait' ? (
        <InlineLoading label="Checking your access…" />
      ) : (
        <Suspense fallback={<InlineLoading label="Loading…" />}>
          <Outlet />
        </Suspense>
      )}
    </Layout>
  );
}

/** Screens that only work with the server: what the offline notice calls them, or null. */
function needsConnection(route: TRouteDef): string | null {
  if (route.access === 'admin') return 'The administration';
  if (route.name === 'auth') return 'Signing in or signing up';
  if (route.name.includes('remote-streaming')) return 'The remote camera';
  return null;
}
